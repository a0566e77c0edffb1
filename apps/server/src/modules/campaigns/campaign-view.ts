import type { Config } from '../../platform/config/config.ts';
import type { CampaignViewRow } from './campaign-view.repository.ts';
import type { TCampaignDetail, TCampaignPublic } from './campaigns.schemas.ts';
import { givingIntervals } from './campaigns.tables.ts';

type Interval = (typeof givingIntervals)[number];
type PaymentOptions = Pick<
  TCampaignPublic,
  | 'provider'
  | 'card_enabled'
  | 'wallet_enabled'
  | 'stripe_publishable_key'
  | 'stripe_account'
  | 'paypal_client_id'
  | 'paypal_merchant_id'
  | 'paypal_email'
>;

/**
 * Which methods the form may offer. Without Stripe keys the built-in sandbox provider stands in for
 * both card and wallet (DESIGN section 5). With keys, cards need the organisation's connected Stripe
 * account, and the wallet needs PayPal's client id plus the organisation's merchant id and e-mail
 * (kept by the processors settings; absent until an organisation connects PayPal).
 */
export function paymentOptionsOf(
  config: Config,
  npo: { stripeAccountId: string | null; paypalMerchantId?: string | null; paypalEmail?: string | null },
): PaymentOptions {
  const sandbox = !config.STRIPE_SECRET_KEY;
  const paypalReady = !!(config.PAYPAL_CLIENT_ID && npo.paypalMerchantId && npo.paypalEmail);
  return {
    provider: sandbox ? 'sandbox' : 'stripe',
    card_enabled: sandbox || !!npo.stripeAccountId,
    wallet_enabled: sandbox || paypalReady,
    stripe_publishable_key: sandbox ? null : (config.STRIPE_PUBLISHABLE_KEY ?? null),
    stripe_account: npo.stripeAccountId,
    paypal_client_id: config.PAYPAL_CLIENT_ID ?? null,
    paypal_merchant_id: npo.paypalMerchantId ?? null,
    paypal_email: npo.paypalEmail ?? null,
  };
}

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
const DAY_MS = 86_400_000;

function daysLeft(endsAt: string | null, now: Date): number | null {
  if (endsAt === null) return null;
  return Math.max(0, Math.ceil((new Date(endsAt).getTime() - now.getTime()) / DAY_MS));
}

/** The public shape of spec 02 section 3; a peer campaign reads its parent's form configuration. */
export function toPublicCampaign(row: CampaignViewRow, payments: PaymentOptions, now = new Date()): TCampaignPublic {
  const { self, form } = row;
  const amounts = row.amounts.map((a) => ({ ...a, interval: a.interval as Interval }));
  const intervals = givingIntervals.filter((i) => amounts.some((a) => a.interval === i));
  const isPeer = self.parent_campaign_id !== null;
  return {
    id: self.id,
    campaign_id: form.id,
    peer_campaign_id: isPeer ? self.id : null,
    name: self.name,
    campaign_url: self.campaign_url,
    status: self.status,
    campaign_type: form.campaign_type,
    npo_id: self.npo_id,
    npo: row.npo_name,
    logo: row.npo_logo,
    currency: form.currency,
    currencies: form.currencies,
    amounts,
    amounts_by_interval: Object.fromEntries(intervals.map((i) => [i, amounts.filter((a) => a.interval === i)])),
    intervals,
    questions: row.questions.map((q) => ({
      ...q,
      answer_type: q.answer_type as TCampaignPublic['questions'][number]['answer_type'],
    })),
    designations: row.designations,
    designation_label: form.designation_label,
    user_amount_enable: form.user_amount_enable,
    include_payment_fees: form.include_payment_fees,
    gift_aid: form.gift_aid,
    collect_address: form.collect_address,
    thank_you_message: form.thank_you_message,
    thank_you_url: form.thank_you_url,
    call_to_action: self.call_to_action || form.call_to_action,
    description: self.description || form.description,
    image_url: self.image_url ?? form.image_url,
    team_fundraising: form.team_fundraising,
    campaign_settings: form.campaign_settings,
    custom_css: form.custom_css,
    goal: self.goal_minor ?? form.goal_minor,
    raised: Number(row.totals.raised),
    raised_currency: row.base_currency,
    donors: Number(row.totals.donors),
    starts_at: iso(self.starts_at ?? form.starts_at),
    ends_at: iso(self.ends_at ?? form.ends_at),
    days_left: daysLeft(self.ends_at ?? form.ends_at, now),
    peer: isPeer
      ? {
          id: self.id,
          name: self.name,
          campaign_url: self.campaign_url,
          owner_name: row.owner_name ?? '',
          raised: Number(row.peer_totals?.raised ?? 0),
          donors: Number(row.peer_totals?.donors ?? 0),
        }
      : null,
    ...payments,
  };
}

/** The staff shape: the public one (the edit page previews the real form) plus staff-only facts. */
export function toCampaignDetail(row: CampaignViewRow, payments: PaymentOptions): TCampaignDetail {
  const { self } = row;
  return {
    ...toPublicCampaign(row, payments),
    editable: true,
    parent_campaign_id: self.parent_campaign_id,
    owner_user_id: self.owner_user_id,
    donations_count: Number(row.totals.donations),
    created_at: new Date(self.created_at).toISOString(),
    updated_at: new Date(self.updated_at).toISOString(),
  };
}
