import {
  GIVING_INTERVALS,
  type TCampaignSettings,
  type TGivingInterval,
  type TPublicCampaign,
  ZCampaignSettings,
} from '@kindling/contracts';
import type { Config } from '../../platform/config/config.ts';
import type { CampaignJson, CampaignViewRow } from './campaign-view.repository.ts';
import type { TStaffCampaign } from './campaigns.schemas.ts';
import { scopeCustomCss } from './custom-css.ts';

type PaymentOptions = Pick<
  TPublicCampaign,
  | 'card_enabled'
  | 'wallet_enabled'
  | 'card_provider'
  | 'wallet_provider'
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
  const card = sandbox || !!npo.stripeAccountId;
  const wallet = sandbox || paypalReady;
  return {
    card_enabled: card,
    wallet_enabled: wallet,
    card_provider: sandbox ? 'sandbox' : card ? 'stripe' : null,
    wallet_provider: sandbox ? 'sandbox' : wallet ? 'paypal' : null,
    stripe_publishable_key: !sandbox && card ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    stripe_account: npo.stripeAccountId,
    paypal_client_id: !sandbox && wallet ? (config.PAYPAL_CLIENT_ID ?? null) : null,
    paypal_merchant_id: npo.paypalMerchantId ?? null,
    paypal_email: npo.paypalEmail ?? null,
  };
}

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
const DAY_MS = 86_400_000;

function daysLeft(endsAt: string | null, now: Date): number | null {
  if (endsAt === null) return null;
  return Math.ceil((new Date(endsAt).getTime() - now.getTime()) / DAY_MS);
}

/** Stored settings pass the contract again on the way out: a bad old value is dropped, not served. */
function settingsOf(c: CampaignJson): TCampaignSettings {
  const parsed = ZCampaignSettings.safeParse(c.campaign_settings ?? {});
  return parsed.success ? parsed.data : {};
}

/** The public shape of spec 02 section 3; a peer campaign reads its parent's form configuration. */
export function toPublicCampaign(row: CampaignViewRow, payments: PaymentOptions, now = new Date()): TPublicCampaign {
  const { self, form } = row;
  const amounts = row.amounts.map((a) => ({ ...a, interval: a.interval as TGivingInterval }));
  const isPeer = self.parent_campaign_id !== null;
  return {
    id: self.id,
    campaign_id: form.id,
    peer_campaign_id: isPeer ? self.id : null,
    peer: isPeer
      ? {
          id: self.id,
          name: self.name,
          campaign_url: self.campaign_url,
          owner_name: row.owner_name ?? '',
          raised_minor: Number(row.peer_totals?.raised ?? 0),
          donors: Number(row.peer_totals?.donors ?? 0),
        }
      : null,
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
    intervals: GIVING_INTERVALS.filter((i) => amounts.some((a) => a.interval === i)),
    user_amount_enable: form.user_amount_enable,
    include_payment_fees: form.include_payment_fees,
    gift_aid: form.gift_aid,
    collect_address: form.collect_address,
    designations: row.designations,
    designation_label: form.designation_label,
    questions: row.questions.map((q) => ({ ...q, answer_type: q.answer_type as 'Text' })),
    teams: [],
    team_fundraising: form.team_fundraising,
    thank_you_message: form.thank_you_message,
    thank_you_url: form.thank_you_url,
    call_to_action: self.call_to_action || form.call_to_action,
    description: self.description || form.description,
    image_url: self.image_url ?? form.image_url,
    campaign_settings: settingsOf(form),
    custom_css: scopeCustomCss(form.custom_css),
    goal_minor: self.goal_minor ?? form.goal_minor,
    raised_minor: Number(row.totals.raised),
    raised_currency: row.base_currency,
    donors: Number(row.totals.donors),
    starts_at: iso(self.starts_at ?? form.starts_at),
    ends_at: iso(self.ends_at ?? form.ends_at),
    days_left: daysLeft(self.ends_at ?? form.ends_at, now),
    ...payments,
  };
}

/**
 * The staff shape: the campaign's own saved fields (what the editor sends back) over the public
 * shape (what the preview renders). Custom CSS is the text as written, not the scoped copy.
 */
export function toStaffCampaign(row: CampaignViewRow, payments: PaymentOptions): TStaffCampaign {
  const { self } = row;
  const own = self.parent_campaign_id === null;
  return {
    ...toPublicCampaign(row, payments),
    editable: true,
    goal_minor: self.goal_minor,
    starts_at: iso(self.starts_at),
    ends_at: iso(self.ends_at),
    description: self.description,
    call_to_action: self.call_to_action,
    image_url: self.image_url,
    custom_css: own ? self.custom_css : '',
    parent_campaign_id: self.parent_campaign_id,
    owner_user_id: self.owner_user_id,
    donations_count: Number(row.totals.donations),
    created_at: new Date(self.created_at).toISOString(),
    updated_at: new Date(self.updated_at).toISOString(),
  };
}
