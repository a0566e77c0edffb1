// The staff detail of one crowdfunding page (docs/product/crowdfunding.md#staff): figures, raised per
// day, rewards with what is taken, gallery, backers with their reward and fulfilment, and the updates with
// how many backers each was e-mailed to. Scoped by the selected organisation.
import type { TCrowdfundingDetail } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { campaignTotalsRow } from '../campaigns/index.ts';

const DAY_MS = 86_400_000;
const BACKERS_LISTED = 500;
const DAYS_CHARTED = 60;

type Row = Omit<TCrowdfundingDetail, 'days_left'> & { deadline_at: string | null };

/** A claim's shipping address on one line (docs/product/crowdfunding.md#rewards); null when it has none. */
export const SHIPPING_LINE = sql.raw(
  `nullif(concat_ws(', ', ${['name', 'line1', 'line2', 'city', 'region', 'postal_code', 'country']
    .map((part) => `nullif(k.shipping_address->>'${part}', '')`)
    .join(', ')}), '')`,
);

// All or nothing (docs/decisions/065-all-or-nothing-settlement.md): each pledge with its settlement state and
// the reward it holds or claimed; a charged pledge's gift is also in the backers.
const PLEDGES = sql`coalesce((SELECT json_agg(json_build_object('id', p.id,
    'name', trim(p.first_name || ' ' || p.last_name), 'email', p.email, 'amount_minor', p.amount_minor,
    'currency', p.currency, 'status', p.status, 'failure_message', p.failure_message, 'created_at', p.created_at,
    'reward', r.title, 'claim_id', k.id, 'fulfilled', coalesce(k.fulfilled, false), 'shipping_address', ${SHIPPING_LINE})
    ORDER BY p.created_at DESC, p.id DESC)
  FROM crowdfunding_pledges p
  LEFT JOIN crowdfunding_reward_claims k ON k.pledge_id = p.id AND k.status = 'claimed'
  LEFT JOIN crowdfunding_rewards r ON r.id = k.reward_id
  WHERE p.campaign_id = c.id AND p.status <> 'saving'), '[]')`;

const num = (v: unknown) => Number(v);
const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

export async function readCrowdfundingAdmin(db: Tx, npoId: number, id: number): Promise<TCrowdfundingDetail | null> {
  const { rows } = await db.execute<Row>(sql`
    SELECT c.id, c.name, c.campaign_url, c.status, n.base_currency AS currency, c.goal_minor,
      t.raised AS raised_minor, t.donors AS backers, cf.funding_model, coalesce(cf.deadline, c.ends_at) AS deadline_at,
      cf.settlement, ${PLEDGES} AS pledge_list,
      (SELECT coalesce(sum(p.amount_minor), 0) FROM crowdfunding_pledges p
        WHERE p.campaign_id = c.id AND p.status IN ('pledged', 'charging')) AS pledged_minor,
      coalesce((SELECT json_agg(json_build_object('id', r.id, 'amount_minor', r.amount_minor, 'title', r.title,
          'description', r.description, 'image_url', r.image_url, 'delivery_date', r.delivery_date,
          'quantity', r.quantity, 'taken', r.taken,
          'claimed', (SELECT count(*) FROM crowdfunding_reward_claims k WHERE k.reward_id = r.id AND k.status = 'claimed'),
          'shipping_required', r.shipping_required, 'fair_market_value_minor', r.fair_market_value_minor)
          ORDER BY r.position, r.amount_minor, r.id)
        FROM crowdfunding_rewards r WHERE r.campaign_id = c.id AND NOT r.archived), '[]') AS rewards,
      coalesce((SELECT json_agg(json_build_object('url', i.url, 'alt', i.alt) ORDER BY i.position, i.id)
        FROM crowdfunding_images i WHERE i.campaign_id = c.id), '[]') AS images,
      coalesce((SELECT json_agg(b ORDER BY b.created_at DESC, b.donation_id DESC) FROM (
          SELECT d.id AS donation_id, trim(o.first_name || ' ' || o.last_name) AS name, o.email,
            d.amount_minor - d.fee_covered_minor AS amount_minor, d.currency, d.created_at,
            r.title AS reward, k.id AS claim_id, coalesce(k.fulfilled, false) AS fulfilled,
            ${SHIPPING_LINE} AS shipping_address
          FROM donations d JOIN donors o ON o.id = d.donor_id AND o.npo_id = d.npo_id
          LEFT JOIN crowdfunding_reward_claims k ON k.donation_id = d.id AND k.status = 'claimed'
          LEFT JOIN crowdfunding_rewards r ON r.id = k.reward_id
          WHERE d.npo_id = c.npo_id AND d.campaign_id = c.id AND d.status = 'succeeded'
          ORDER BY d.created_at DESC, d.id DESC LIMIT ${BACKERS_LISTED}) b), '[]') AS backer_list,
      coalesce((SELECT json_agg(json_build_object('id', u.id, 'title', u.title, 'body_html', u.body_html,
          'published_at', u.published_at, 'emailed_at', u.emailed_at,
          'emails_sent', (SELECT count(*) FROM crowdfunding_update_emails e WHERE e.update_id = u.id))
          ORDER BY u.published_at DESC NULLS FIRST, u.id DESC)
        FROM crowdfunding_updates u WHERE u.campaign_id = c.id), '[]') AS updates,
      coalesce((SELECT json_agg(json_build_object('day', g.day, 'raised_minor', g.raised) ORDER BY g.day) FROM (
          SELECT (d.created_at AT TIME ZONE n.time_zone)::date::text AS day, sum(d.base_amount_minor) AS raised
          FROM donations d
          WHERE d.npo_id = c.npo_id AND d.campaign_id = c.id AND d.status = 'succeeded'
            AND d.created_at > now() - make_interval(days => ${DAYS_CHARTED})
          GROUP BY 1) g), '[]') AS daily
    FROM campaigns c JOIN crowdfunding_campaigns cf ON cf.campaign_id = c.id JOIN npos n ON n.id = c.npo_id
    CROSS JOIN LATERAL (${campaignTotalsRow(sql`d.npo_id = c.npo_id AND d.campaign_id = c.id`)}) t
    WHERE c.id = ${id} AND c.npo_id = ${npoId} AND c.campaign_type = 'crowdfunding'`);
  const row = rows[0];
  if (!row) return null;
  const deadline = iso(row.deadline_at);
  return {
    id: num(row.id),
    name: row.name,
    campaign_url: row.campaign_url,
    status: row.status,
    currency: row.currency,
    goal_minor: row.goal_minor === null ? null : num(row.goal_minor),
    raised_minor: num(row.raised_minor),
    backers: num(row.backers),
    days_left: deadline === null ? null : Math.ceil((new Date(deadline).getTime() - Date.now()) / DAY_MS),
    funding_model: row.funding_model,
    deadline,
    rewards: row.rewards.map((r) => ({
      ...r,
      id: num(r.id),
      amount_minor: num(r.amount_minor),
      taken: num(r.taken),
      claimed: num(r.claimed),
      fair_market_value_minor: num(r.fair_market_value_minor),
    })),
    images: row.images,
    backer_list: row.backer_list.map((b) => ({
      ...b,
      donation_id: num(b.donation_id),
      amount_minor: num(b.amount_minor),
      created_at: new Date(b.created_at).toISOString(),
      claim_id: b.claim_id === null ? null : num(b.claim_id),
    })),
    settlement: row.settlement,
    pledged_minor: num(row.pledged_minor),
    pledge_list: row.pledge_list.map((p) => ({
      ...p,
      id: num(p.id),
      amount_minor: num(p.amount_minor),
      created_at: new Date(p.created_at).toISOString(),
      claim_id: p.claim_id === null ? null : num(p.claim_id),
    })),
    updates: row.updates.map((u) => ({
      ...u,
      id: num(u.id),
      published_at: iso(u.published_at),
      emailed_at: iso(u.emailed_at),
      emails_sent: num(u.emails_sent),
    })),
    daily: row.daily.map((d) => ({ day: d.day, raised_minor: num(d.raised_minor) })),
  };
}
