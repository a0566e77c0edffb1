import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { campaignTotalsRow } from './campaign-totals.sql.ts';
import type { CurrencyFactors } from './currency-amounts.ts';

/** Campaign columns as row_to_json gives them (snake_case). */
export type CampaignJson = {
  id: number;
  npo_id: number;
  name: string;
  campaign_url: string;
  status: 'draft' | 'active' | 'ended';
  goal_minor: number | null;
  currency: string;
  currencies: string[];
  starts_at: string | null;
  ends_at: string | null;
  campaign_type: 'donation' | 'membership' | 'team' | 'crowdfunding';
  description: string;
  call_to_action: string;
  image_url: string | null;
  user_amount_enable: boolean;
  include_payment_fees: boolean;
  gift_aid: boolean;
  collect_address: boolean;
  designation_label: string;
  thank_you_message: string;
  thank_you_url: string;
  team_fundraising: boolean;
  campaign_settings: Record<string, unknown>;
  custom_css: string;
  /** null: follows the organisation's payment methods. */
  donation_methods: string[] | null;
  parent_campaign_id: number | null;
  owner_user_id: number | null;
  created_at: string;
  updated_at: string;
  // faults15: amount limits (decision 035)
  max_amount_minor: number | null;
  // Custom JS (decision 036).
  custom_js: string;
  // p2p16: a fundraiser's video link (docs/decisions/044-peer-to-peer-pages.md).
  video_url?: string | null;
};

type Totals = { raised: number; donors: number; donations: number };

/** One campaign with everything its form and its edit page show, read in a single statement. */
export type CampaignViewRow = {
  self: CampaignJson;
  /** The campaign whose form configuration applies: the parent of a peer campaign, else itself. */
  form: CampaignJson;
  npo_name: string;
  npo_logo: string | null;
  base_currency: string;
  stripe_account_id: string | null;
  paypal_merchant_id: string | null;
  paypal_email: string | null;
  /** The organisation's payment methods (null: every method). */
  npo_donation_methods: string[] | null;
  amounts: Array<{
    id: number;
    amount_minor: number;
    interval: string;
    description: string;
    image_url: string | null;
    position: number;
  }>;
  questions: Array<{
    id: number;
    content: string;
    answer_type: string;
    options: string[];
    response_required: boolean;
    position: number;
  }>;
  designations: Array<{ id: number; name: string; description: string; position: number }>;
  totals: Totals;
  peer_totals: Totals | null;
  owner_name: string | null;
  // faults15: the public form's locale, and the rate rows its presets per currency are converted with
  npo_locale: string;
  rate_rows: unknown[] | null;
  // journey15: whether any of the organisation's wallet domains is active at Stripe, per wallet (decision 041).
  wallet_domains: { apple_pay: boolean; google_pay: boolean };
  // console24: suspended or closed organisations take no gifts (decision 046).
  npo_status: 'active' | 'suspended' | 'closed';
};

/** Raised net of refunds and disputes, donors and gifts (campaignTotalsRow) as one JSON value. */
const totalsOf = (condition: SQL) => sql`(
  SELECT json_build_object('raised', t.raised, 'donors', t.donors, 'donations', t.donations)
  FROM (${campaignTotalsRow(condition)}) t)`;

/**
 * Selects one campaign by `where` (a condition on `campaigns c`, which must include the tenant or
 * public condition). Children and totals are correlated subqueries of the same statement: one
 * round trip, however many presets, questions or donations the campaign has.
 */
export async function selectCampaignView(db: Tx, where: SQL, rates?: CurrencyFactors): Promise<CampaignViewRow | null> {
  // faults15: the organisation's rates for the form's currencies, in the same statement (decision 035).
  const rateRows = rates
    ? sql`CASE WHEN cardinality(f.currencies) > 1 THEN ${rates.rowsJson(sql`c.npo_id`, sql`f.currencies`)} END`
    : sql`NULL`;
  const { rows } = await db.execute<CampaignViewRow>(sql`
    WITH c AS (SELECT * FROM campaigns c WHERE ${where} LIMIT 1),
    f AS (SELECT p.* FROM campaigns p, c WHERE p.id = coalesce(c.parent_campaign_id, c.id) AND p.npo_id = c.npo_id)
    SELECT row_to_json(c) AS self, row_to_json(f) AS form, n.name AS npo_name, n.logo_url AS npo_logo,
      n.base_currency, n.stripe_account_id, n.paypal_merchant_id, n.paypal_email, n.donation_methods AS npo_donation_methods,
      (SELECT coalesce(json_agg(json_build_object('id', a.id, 'amount_minor', a.amount_minor, 'interval', a.interval,
              'description', a.description, 'image_url', a.image_url, 'position', a.position) ORDER BY a.position, a.id), '[]')
       FROM campaign_amounts a WHERE a.campaign_id = f.id AND a.npo_id = f.npo_id) AS amounts,
      (SELECT coalesce(json_agg(json_build_object('id', q.id, 'content', q.content, 'answer_type', q.answer_type,
              'options', q.options, 'response_required', q.response_required, 'position', q.position)
              ORDER BY q.position, q.id), '[]')
       FROM campaign_questions q WHERE q.campaign_id = f.id AND q.npo_id = f.npo_id) AS questions,
      (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'description', g.description,
              'position', g.position) ORDER BY g.position, g.id), '[]')
       FROM campaign_designations g WHERE g.campaign_id = f.id AND g.npo_id = f.npo_id) AS designations,
      ${totalsOf(sql`d.campaign_id = f.id AND d.npo_id = f.npo_id`)} AS totals,
      CASE WHEN c.parent_campaign_id IS NOT NULL
        THEN ${totalsOf(sql`d.peer_campaign_id = c.id AND d.npo_id = c.npo_id`)} END AS peer_totals,
      (SELECT nullif(trim(u.first_name || ' ' || u.last_name), '') FROM users u WHERE u.id = c.owner_user_id) AS owner_name,
      n.locale AS npo_locale, ${rateRows} AS rate_rows,
      (SELECT json_build_object('apple_pay', coalesce(bool_or(w.apple_pay = 'active'), false),
              'google_pay', coalesce(bool_or(w.google_pay = 'active'), false))
       FROM wallet_domains w WHERE w.npo_id = c.npo_id) AS wallet_domains, n.status AS npo_status
    FROM c JOIN f ON true JOIN npos n ON n.id = c.npo_id`);
  return rows[0] ?? null;
}
