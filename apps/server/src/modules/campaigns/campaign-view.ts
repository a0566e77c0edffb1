import {
  CARD_TAB_METHODS,
  DEFAULT_GOAL_MINOR,
  DONATION_METHODS,
  GIVING_INTERVALS,
  methodCurrencies,
  moneyPatternsFor,
  type TCampaignSettings,
  type TDonationMethod,
  type TGivingInterval,
  type TPublicCampaign,
  ZCampaignSettings,
} from '@kindling/contracts';
import type { Config } from '../../platform/config/config.ts';
import type { CampaignJson, CampaignViewRow } from './campaign-view.repository.ts';
import type { TStaffCampaign } from './campaigns.schemas.ts';
import { currencyExtras } from './currency-amounts.ts';
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
  | 'payment_methods'
>;

export type InstallationProviders = { card: 'stripe' | 'sandbox' | null; wallet: 'paypal' | 'sandbox' | null };

/**
 * Which provider takes each method in this installation, before looking at any organisation. The
 * built-in sandbox stands in for both while no provider keys are configured (docs/product/payments.md#providers),
 * never in production. With Stripe keys cards go to Stripe; with PayPal's client id and secret the
 * wallet goes to PayPal (the same keys the payment registry needs); a sandbox wallet is never
 * offered next to real Stripe cards.
 */
export function installationProviders(config: Config): InstallationProviders {
  const stripeKeys = !!config.STRIPE_SECRET_KEY;
  const paypalKeys = !!(config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET);
  const sandbox = config.isProduction ? null : ('sandbox' as const);
  return {
    card: stripeKeys ? 'stripe' : sandbox,
    wallet: paypalKeys ? 'paypal' : stripeKeys ? null : sandbox,
  };
}

/**
 * Which methods the form may offer: the sandbox always stands in for its method; Stripe cards need
 * the organisation's connected account, and the PayPal wallet needs the organisation's merchant id
 * and e-mail (the button shows only when the client id, merchant id and e-mail are all set:
 * docs/product/donation-form.md#step-2-payment), both kept by the processors settings
 * (/admin/processors).
 */
export function paymentOptionsOf(
  config: Config,
  npo: {
    stripeAccountId: string | null;
    paypalMerchantId?: string | null;
    paypalEmail?: string | null;
    /** The organisation's setting or the campaign's override; null or absent: every method. */
    methods?: readonly string[] | null;
  },
): PaymentOptions {
  const providers = installationProviders(config);
  const cardProvider =
    providers.card === 'sandbox' || (providers.card === 'stripe' && !!npo.stripeAccountId) ? providers.card : null;
  const walletProvider =
    providers.wallet === 'sandbox' || (providers.wallet === 'paypal' && !!npo.paypalMerchantId && !!npo.paypalEmail)
      ? providers.wallet
      : null;
  // A method is offered when it is switched on and the provider that would take it supports it.
  const chosen = npo.methods ?? DONATION_METHODS;
  const methods = DONATION_METHODS.filter(
    (m) => chosen.includes(m) && methodCurrencies(m, m === 'paypal' ? walletProvider : cardProvider).length > 0,
  );
  const card = !!cardProvider && methods.some((m) => CARD_TAB_METHODS.includes(m));
  const wallet = !!walletProvider && methods.includes('paypal');
  const stripeCards = card && providers.card === 'stripe';
  const paypalWallet = wallet && providers.wallet === 'paypal';
  return {
    card_enabled: card,
    wallet_enabled: wallet,
    card_provider: card ? cardProvider : null,
    wallet_provider: wallet ? walletProvider : null,
    stripe_publishable_key: stripeCards ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    stripe_account: npo.stripeAccountId,
    paypal_client_id: paypalWallet ? (config.PAYPAL_CLIENT_ID ?? null) : null,
    paypal_merchant_id: npo.paypalMerchantId ?? null,
    paypal_email: npo.paypalEmail ?? null,
    payment_methods: methods as TDonationMethod[],
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

/** The public shape in docs/product/campaigns.md#campaigns; a peer campaign reads its parent's form configuration. */
export function toPublicCampaign(
  row: CampaignViewRow,
  payments: PaymentOptions,
  now = new Date(),
  factors: Readonly<Record<string, number>> = {},
): TPublicCampaign {
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
          // Urgency and progress: the fundraiser's own goal, else the default goal (docs/product/campaigns.md#goal-and-days-left).
          goal_minor: self.goal_minor ?? DEFAULT_GOAL_MINOR,
          // p2p16: the fundraiser's video link.
          video_url: self.video_url ?? null,
        }
      : null,
    // A peer page raises for its parent: 'Sam is fundraising for Spring Appeal', not for the peer
    // page's own name, which is peer.name (docs/product/campaigns.md#campaigns).
    name: isPeer ? form.name : self.name,
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
    goal_minor: self.goal_minor ?? form.goal_minor ?? DEFAULT_GOAL_MINOR,
    raised_minor: Number(row.totals.raised),
    raised_currency: row.base_currency,
    donors: Number(row.totals.donors),
    starts_at: iso(self.starts_at ?? form.starts_at),
    ends_at: iso(self.ends_at ?? form.ends_at),
    days_left: daysLeft(self.ends_at ?? form.ends_at, now),
    ...payments,
    // faults15: amount limits and presets per currency (decision 035), the organisation's locale.
    locale: row.npo_locale,
    ...currencyExtras(form, amounts, factors),
    // Custom JS: a fundraiser's page runs its campaign's script (decision 036).
    custom_js: form.custom_js ?? '',
    // journey15: the wallets Stripe may show on the organisation's registered domains (decision 041).
    wallet_domains: row.wallet_domains ?? { apple_pay: false, google_pay: false },
    // console24: the organisation's status travels with the cached campaign (decision 046).
    accepting_gifts: row.npo_status === 'active',
    money_patterns: moneyPatternsFor(row.npo_locale, [form.currency, row.base_currency]),
  };
}

/**
 * The staff shape: the campaign's own saved fields (what the editor sends back) over the public
 * shape (what the preview renders). Custom CSS is the text as written, not the scoped copy.
 */
export function toStaffCampaign(
  row: CampaignViewRow,
  payments: PaymentOptions,
  factors: Readonly<Record<string, number>> = {},
): TStaffCampaign {
  const { self } = row;
  const own = self.parent_campaign_id === null;
  return {
    ...toPublicCampaign(row, payments, new Date(), factors),
    editable: true,
    goal_minor: self.goal_minor,
    starts_at: iso(self.starts_at),
    ends_at: iso(self.ends_at),
    description: self.description,
    call_to_action: self.call_to_action,
    image_url: self.image_url,
    custom_css: own ? self.custom_css : '',
    parent_campaign_id: self.parent_campaign_id,
    // faults15: the campaign's own maximum (a peer page shows its parent's form, but staff edit their own)
    max_amount_minor: self.max_amount_minor,
    owner_user_id: self.owner_user_id,
    donations_count: Number(row.totals.donations),
    created_at: new Date(self.created_at).toISOString(),
    updated_at: new Date(self.updated_at).toISOString(),
  };
}
