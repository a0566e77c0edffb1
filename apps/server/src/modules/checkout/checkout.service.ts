// The card path of the donation flow (docs/product/payments.md#calls): an intent for a campaign's amount, then
// the confirmation read back from the provider. The browser's amount only ever chooses what the
// intent asks for; what is recorded is what the provider says was paid.
import {
  amountLimitError,
  CONSOLE_MESSAGES,
  campaignLimitsFor,
  cardTabMethods,
  DONATION_METHODS,
  normaliseDonorWall,
  PAYMENT_REQUEST_MESSAGES,
  stripeMethodTypes,
  type TPublicCampaign,
  walletMaximumMinor,
  type ZConfirmPaymentRequest,
  ZCreateIntentRequest,
  ZCreateOrderRequest,
  ZFlag,
  ZPaymentRequestPublicId,
} from '@kindling/contracts';
import { z } from 'zod';
import type { ShortCache } from '../../platform/cache/short-cache.ts';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findPayableCampaign, NO_CAMPAIGN, type PayableCampaign } from '../campaigns/index.ts';
import type { CardTesting, PaymentChallenges } from '../card-testing/index.ts';
import type { DonationFollowUp } from '../donations/index.ts';
import { currencyFactors } from '../payment-settings/index.ts';
import {
  type PaymentProviders,
  type ProviderAccount,
  ProviderError,
  type ProviderEvent,
  type ProviderName,
  type ProviderPayment,
  providerErrorToAppError,
} from '../payments/index.ts';
import { recordFailedPaymentEvent } from '../transactions/index.ts';
import { recordDonation } from './checkout.donation.ts';

export type CheckoutDeps = {
  db: Db;
  config: Config;
  providers: PaymentProviders;
  /** Payable campaigns by id (createShortCache). */
  campaigns: ShortCache<PayableCampaign>;
  followUps?: readonly DonationFollowUp[];
  /** Card-testing limits (decision 025): declines counted, intents gated during a burst. */
  cardTesting: CardTesting;
  challenges: PaymentChallenges;
  log?: (error: unknown) => void;
  /** pay25: asked before an intent for a payment request (/pay/{id}); refuses what the request does not take. */
  requestGate?: PaymentRequestGate;
  /** fin18: a feature's own payments (ticket orders, decision 072), asked before a webhook records a gift. */
  ownPayments?: OwnPaymentHandler;
};

/**
 * fin18: a succeeded or processing payment of something that is not a gift, recognised by its intent's
 * metadata; answers true when it was the feature's (docs/decisions/072-ticket-orders-by-webhook.md).
 */
export type OwnPaymentHandler = (provider: ProviderName, event: ProviderEvent) => Promise<boolean>;

/** pay25: a payment request's own check of amount, currency and state (docs/decisions/050-payment-requests.md). */
export type PaymentRequestGate = (
  campaign: { npo_id: number; campaign_id: number },
  body: { payment_request: string; amount: number; currency: string; included_fees: number; interval: string },
) => Promise<void>;

export const followUpsOf = (deps: CheckoutDeps) => ({ followUps: deps.followUps ?? [], log: deps.log });
type IntentBody = z.output<typeof ZCreateIntentRequest> &
  z.output<typeof ZIntentDonorHints> &
  z.output<typeof ZIntentReuse> &
  z.output<typeof ZIntentPaymentRequest>;

/**
 * Optional on the intent call: who is giving, when the form already knows (the details step comes
 * before the card). Kept in the intent's metadata so that the provider's webhook can record the
 * gift even if the browser never calls confirm_payment. Lenient: hints never refuse a payment.
 */
export const ZIntentDonorHints = z.object({
  first_name: z.string().trim().max(100).optional().catch(undefined),
  last_name: z.string().trim().max(100).optional().catch(undefined),
  email: z.string().trim().toLowerCase().max(254).optional().catch(undefined),
  designation: z.coerce.number().int().positive().optional().catch(undefined),
  comment: z.string().trim().max(500).optional().catch(undefined),
  add_to_donor_wall: ZFlag.optional().catch(undefined),
  first_name_only_to_donor_wall: ZFlag.optional().catch(undefined),
  show_amount_on_donor_wall: ZFlag.optional().catch(undefined),
  show_comment_on_donor_wall: ZFlag.optional().catch(undefined),
  // The rest of the choice, so a webhook that records the gift before the browser's confirmation
  // (the two race) keeps the Gift Aid declaration, the address and the answers too.
  address: z.string().trim().max(200).optional().catch(undefined),
  address2: z.string().trim().max(200).optional().catch(undefined),
  city: z.string().trim().max(100).optional().catch(undefined),
  state: z.string().trim().max(100).optional().catch(undefined),
  postal_code: z.string().trim().max(20).optional().catch(undefined),
  country: z.string().trim().max(100).optional().catch(undefined),
  gift_aid: ZFlag.optional().catch(undefined),
  create_donor_account: ZFlag.optional().catch(undefined),
  /** Kept only while its JSON fits one metadata value (500 characters, Stripe's limit). */
  answers: z
    .unknown()
    .transform((value) => (value && typeof value === 'object' ? JSON.stringify(value) : undefined))
    .refine((json) => json === undefined || json.length <= 500)
    .optional()
    .catch(undefined),
  // conv15: the tribute, for a webhook that records the gift first; same 500-character rule.
  tribute: z
    .unknown()
    .transform((value) => (value && typeof value === 'object' ? JSON.stringify(value) : undefined))
    .refine((json) => json === undefined || json.length <= 500)
    .optional()
    .catch(undefined),
  // mem19: the membership join this payment is for (its reference), read back by the memberships follow-up.
  membership: z.string().trim().max(64).optional().catch(undefined),
});
/**
 * The intent this browser made earlier in the visit, with its client secret: a donor who went back
 * and changed the gift updates it instead of leaving it behind (docs/product/payments.md#calls).
 */
export const ZIntentReuse = z.object({
  intent_id: z.string().trim().min(1).max(255).optional(),
  intent_client_secret: z.string().trim().min(1).max(500).optional(),
});
/** pay25: the payment request (/pay/{id}) this intent pays, instead of the campaign's own amounts. */
export const ZIntentPaymentRequest = z.object({ payment_request: ZPaymentRequestPublicId.optional() });
/** pay25: the PayPal order call may name a request too. */
export const ZOrderRequest = z.intersection(ZCreateOrderRequest, ZIntentPaymentRequest);
export const ZIntentRequest = z.intersection(
  z.intersection(z.intersection(ZCreateIntentRequest, ZIntentDonorHints), ZIntentReuse),
  ZIntentPaymentRequest,
);

/** Metadata values are strings (Stripe's rule for every provider); only known hints are kept. */
export function donorMetadata(
  body: Omit<z.output<typeof ZIntentDonorHints>, 'email'> & { email?: string | undefined },
): Record<string, string> {
  if (!body.email?.includes('@')) return {};
  const wall = normaliseDonorWall({
    add_to_donor_wall: body.add_to_donor_wall ?? false,
    first_name_only_to_donor_wall: body.first_name_only_to_donor_wall ?? false,
    show_amount_on_donor_wall: body.show_amount_on_donor_wall ?? false,
    show_comment_on_donor_wall: body.show_comment_on_donor_wall ?? false,
  });
  const optional = (key: string, value: string | boolean | undefined) =>
    value === undefined || value === '' ? {} : { [key]: String(value) };
  return {
    donor_email: body.email,
    donor_first_name: body.first_name ?? '',
    donor_last_name: body.last_name ?? '',
    designation: body.designation ? String(body.designation) : '',
    comment: body.comment ?? '',
    ...Object.fromEntries(Object.entries(wall).map(([k, v]) => [k, String(v)])),
    ...optional('donor_address', body.address),
    ...optional('donor_address2', body.address2),
    ...optional('donor_city', body.city),
    ...optional('donor_state', body.state),
    ...optional('donor_postal_code', body.postal_code),
    ...optional('donor_country', body.country),
    ...optional('gift_aid', body.gift_aid),
    ...optional('create_donor_account', body.create_donor_account),
    ...optional('answers', body.answers),
    // conv15: tribute gifts.
    ...optional('tribute', body.tribute),
  };
}
type ConfirmBody = z.output<typeof ZConfirmPaymentRequest>;

export const CHECKOUT_MESSAGES = {
  cardUnavailable: 'Card payments are not available for this campaign.',
  walletUnavailable: 'PayPal is not available for this campaign.',
  cardCurrency: (c: string) => `Card and bank payments are not available for this campaign in ${c}.`,
  currency: (c: string, allowed: string[]) =>
    `This campaign does not accept ${c}. Choose one of ${allowed.join(', ')}.`,
  interval: 'This campaign does not offer that giving frequency.',
  amount: 'Choose one of the campaign’s amounts.',
  feeCover: 'This campaign does not offer covering the fees.',
  mismatch: 'This payment does not belong to this campaign.',
  processing: 'Your payment is being processed. We will e-mail your receipt once it completes.',
  failed: 'The payment did not go through. Please try another card.',
  actionRequired: 'Your bank asked you to confirm this payment. Please complete that step and try again.',
} as const;

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

/**
 * The campaign a payment call names. Served from a short per-process cache (see short-cache.ts):
 * a payment's calls come in bursts, and a campaign a few seconds stale is harmless here, since
 * amounts and currencies are re-checked against the provider's record of the payment anyway.
 */
export async function payableCampaign(deps: CheckoutDeps, id: number): Promise<PayableCampaign> {
  const campaign = await deps.campaigns.get(String(id), () =>
    findPayableCampaign(deps.db, deps.config, id, currencyFactors),
  );
  if (!campaign) throw new AppError('NOT_FOUND', NO_CAMPAIGN);
  // console24: a suspended or closed organisation takes no gift; its status is part of the cached
  // campaign, so this costs no query (docs/decisions/046-platform-console.md).
  if (campaign.accepting_gifts === false) {
    throw new AppError('UNPROCESSABLE', CONSOLE_MESSAGES.notAcceptingGifts(campaign.npo));
  }
  return campaign;
}

/** Amount, currency, interval and fee cover must be something the campaign's form could offer. */
export function assertChoiceAllowed(
  campaign: TPublicCampaign,
  body: { amount: number; currency: string; interval: string; included_fees: number },
  method: 'card' | 'paypal' = 'card',
): void {
  // The methods switched on travel with the cached campaign: no query of its own per gift
  // (docs/product/payments.md#payment-methods).
  if (method === 'card' && !campaign.card_enabled) {
    throw new AppError('UNPROCESSABLE', CHECKOUT_MESSAGES.cardUnavailable);
  }
  if (method === 'paypal' && !campaign.wallet_enabled) {
    throw new AppError('UNPROCESSABLE', CHECKOUT_MESSAGES.walletUnavailable);
  }
  if (
    method === 'card' &&
    cardTabMethods(campaign.payment_methods, campaign.card_provider, body.currency).length === 0
  ) {
    throw new AppError('UNPROCESSABLE', CHECKOUT_MESSAGES.cardCurrency(body.currency), {
      currency: CHECKOUT_MESSAGES.cardCurrency(body.currency),
    });
  }
  if (!campaign.currencies.includes(body.currency)) {
    throw invalid('currency', CHECKOUT_MESSAGES.currency(body.currency, campaign.currencies));
  }
  const intervals = campaign.intervals.length > 0 ? campaign.intervals : ['once'];
  if (!intervals.includes(body.interval)) throw invalid('interval', CHECKOUT_MESSAGES.interval);
  if (body.included_fees > 0 && !campaign.include_payment_fees)
    throw invalid('included_fees', CHECKOUT_MESSAGES.feeCover);
  const gift = body.amount - body.included_fees;
  assertWithinLimits(campaign, gift, body.currency, method);
  // A preset at its face value, or as converted into this currency (decision 035).
  const converted = campaign.currency_amounts?.[body.currency] ?? [];
  const preset = campaign.amounts.some(
    (a) =>
      a.interval === body.interval &&
      (a.amount_minor === gift || converted.some((c) => c.id === a.id && c.amount_minor === gift)),
  );
  if (!preset && !campaign.user_amount_enable) throw invalid('amount', CHECKOUT_MESSAGES.amount);
}

/**
 * The typed gift within the currency's limits (decision 035), with the form's own words; PayPal's
 * published maximum narrows the wallet's. Checked before any provider is asked.
 */
function assertWithinLimits(campaign: TPublicCampaign, gift: number, currency: string, method: 'card' | 'paypal') {
  const limits = campaignLimitsFor(campaign, currency);
  const walletMax = method === 'paypal' ? walletMaximumMinor(currency) : null;
  const narrowed = walletMax === null ? limits : { ...limits, max_minor: Math.min(limits.max_minor, walletMax) };
  const problem = amountLimitError(gift, currency, narrowed, campaign.locale);
  if (problem) throw invalid('amount', problem);
}

/** The organisation's PayPal merchant: wallet payments go to it (PayPal's payee), never to Stripe's account. */
export const walletAccountOf = (campaign: TPublicCampaign): ProviderAccount => ({
  npoId: campaign.npo_id,
  accountId: campaign.paypal_merchant_id,
});

/** The organisation's connected Stripe account, for card payments. */
export const accountOf = (campaign: TPublicCampaign): ProviderAccount => ({
  npoId: campaign.npo_id,
  accountId: campaign.stripe_account,
});

export const rethrowProvider = (error: unknown): never => {
  throw error instanceof ProviderError ? providerErrorToAppError(error) : error;
};

/**
 * Stripe's payment_method_types when the campaign offers fewer than every method; undefined keeps
 * Stripe's automatic methods (the account's own dashboard settings).
 */
function methodTypesOf(campaign: TPublicCampaign, currency: string): string[] | undefined {
  const tab = cardTabMethods(campaign.payment_methods, campaign.card_provider, currency);
  const all = cardTabMethods(DONATION_METHODS, campaign.card_provider, currency);
  return tab.length === all.length ? undefined : stripeMethodTypes(tab, currency);
}

export async function createIntent(
  deps: CheckoutDeps,
  body: IntentBody,
  { idempotencyKey, clientAddress }: { idempotencyKey: string; clientAddress: string },
) {
  const campaign = await payableCampaign(deps, body.campaign_id);
  // pay25: a request's amount is the request's to check; ordinary gifts take the campaign's rules.
  if (body.payment_request)
    await assertRequestPayable(deps, campaign, { ...body, payment_request: body.payment_request });
  else assertChoiceAllowed(campaign, body);
  const to = { npoId: campaign.npo_id, campaignId: campaign.campaign_id, clientAddress };
  if (await deps.cardTesting.challengeNeeded(to)) await deps.challenges.redeem(body.altcha, to);
  const provider = deps.providers.card;
  // What confirm_payment and the webhook need later, fixed now by the server.
  const metadata = {
    campaign_id: String(campaign.campaign_id),
    peer_campaign_id: body.peer_campaign_id ? String(body.peer_campaign_id) : '',
    npo_id: String(campaign.npo_id),
    interval: body.interval,
    included_fees: String(body.included_fees),
    // Whose declines to count if the card is refused (decision 025).
    client_ip: clientAddress,
    ...donorMetadata(body),
    // mem19: a membership join's reference, whoever the donor is (docs/decisions/049-memberships.md).
    ...(body.membership ? { membership: body.membership } : {}),
    // pay25: the webhook and confirm_payment's follow-up count the gift against this request.
    ...(body.payment_request ? { payment_request: body.payment_request } : {}),
  };
  const account = accountOf(campaign);
  const created = await (body.intent_id && body.intent_client_secret && provider.updateIntent
    ? provider.updateIntent({
        account,
        id: body.intent_id,
        clientSecret: body.intent_client_secret,
        amountMinor: body.amount,
        currency: body.currency,
        metadata,
      })
    : provider.createIntent({
        account,
        amountMinor: body.amount,
        currency: body.currency,
        interval: body.interval,
        idempotencyKey,
        methodTypes: methodTypesOf(campaign, body.currency),
        description: `Donation to ${campaign.npo}`,
        metadata,
      })
  ).catch(rethrowProvider);
  return {
    intent: { id: created.id, client_secret: created.clientSecret },
    provider: provider.name === 'stripe' ? ('stripe' as const) : ('sandbox' as const),
    stripe_account: provider.name === 'stripe' ? campaign.stripe_account : null,
  };
}

/** pay25: a payment request is paid by card or PayPal, as a one-off, checked by the request itself. */
export async function assertRequestPayable(
  deps: CheckoutDeps,
  campaign: PayableCampaign,
  body: { payment_request: string; amount: number; currency: string; included_fees: number; interval: string },
  method: 'card' | 'paypal' = 'card',
) {
  if (method === 'card' && !campaign.card_enabled)
    throw new AppError('UNPROCESSABLE', CHECKOUT_MESSAGES.cardUnavailable);
  if (method === 'paypal' && !campaign.wallet_enabled)
    throw new AppError('UNPROCESSABLE', CHECKOUT_MESSAGES.walletUnavailable);
  if (!deps.requestGate) throw new AppError('NOT_FOUND', PAYMENT_REQUEST_MESSAGES.notFound);
  // A request's first instalment is monthly (the card is saved for the rest); PayPal takes one-offs only here.
  if (method === 'paypal' && body.interval !== 'once') throw invalid('interval', CHECKOUT_MESSAGES.interval);
  await deps.requestGate(campaign, body);
}

function outcomeOf(payment: ProviderPayment): { status: 'processing' | 'failed'; message: string } {
  if (payment.status === 'processing') return { status: 'processing', message: CHECKOUT_MESSAGES.processing };
  if (payment.status === 'requires_action') return { status: 'failed', message: CHECKOUT_MESSAGES.actionRequired };
  return { status: 'failed', message: payment.failureMessage ?? CHECKOUT_MESSAGES.failed };
}

export async function confirmPayment(deps: CheckoutDeps, body: ConfirmBody) {
  const campaign = await payableCampaign(deps, body.campaign_id);
  const provider = deps.providers.card;
  const payment = await provider
    .retrieveIntent({ account: accountOf(campaign), id: body.payment_intent })
    .catch(rethrowProvider);
  if (
    payment.metadata.npo_id !== String(campaign.npo_id) ||
    payment.metadata.campaign_id !== String(campaign.campaign_id)
  ) {
    throw new AppError('NOT_FOUND', CHECKOUT_MESSAGES.mismatch);
  }
  // wallet15: a bank debit accepted but not settled is recorded pending now (decision 038).
  if (payment.status === 'processing') return recordProcessing(deps, provider.name, payment, campaign, body);
  if (payment.status !== 'succeeded') {
    // Staff see declined and abandoned payments too (transactions); the donor's answer comes first.
    const context = { npoId: campaign.npo_id, campaignId: campaign.campaign_id };
    await recordFailedPaymentEvent(deps.db, provider.name, payment, context).catch((e) => deps.log?.(e));
    return { ...outcomeOf(payment), donation: null };
  }
  const { donation } = await recordDonation({
    ...followUpsOf(deps),
    db: deps.db,
    provider: provider.name,
    payment,
    npoId: campaign.npo_id,
    campaign,
    choice: { ...body, payment_method: payment.metadata.payment_method ?? body.payment_method },
  });
  return { status: 'success' as const, donation };
}

async function recordProcessing(
  deps: CheckoutDeps,
  providerName: string,
  payment: ProviderPayment,
  campaign: PayableCampaign,
  body: ConfirmBody,
) {
  const { donation } = await recordDonation({
    ...followUpsOf(deps),
    db: deps.db,
    provider: providerName,
    payment,
    npoId: campaign.npo_id,
    campaign,
    choice: { ...body, payment_method: payment.metadata.payment_method ?? 'bank_debit' },
    pending: true,
  });
  return { status: 'processing' as const, message: CHECKOUT_MESSAGES.processing, donation };
}
