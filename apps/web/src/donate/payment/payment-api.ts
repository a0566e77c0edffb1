// The payment calls in docs/product/payments.md#calls as the public form makes them. Bodies are built from the
// donor's choice (step 1) and details (card sub-step 0); amounts are our integer minor units.
import type { TDonation, TPublicCampaign } from '@kindling/contracts';
import { tributeBody } from '../conversion/tribute.ts';
import type { DonationChoice } from '../donation-choice.ts';
import { postJson } from '../http.ts';
import type { DonorDetails } from './donor-details.ts';

export type ConfirmAnswer = {
  status: 'success' | 'processing' | 'failed';
  donation: TDonation | null;
  message?: string;
};
export type IntentAnswer = {
  intent: { id: string; client_secret: string };
  provider: 'stripe' | 'sandbox';
  stripe_account: string | null;
};
export type OrderAnswer = { order_id: string; id: string; approve_url: string | null };
export type SandboxCardAnswer = {
  id: string;
  status: string;
  next_action: { type: 'sandbox_extra_confirmation' } | null;
  /** A decline: the payer's message (a 200, as Stripe.js resolves a declined confirmation). */
  last_payment_error?: { code: string; message: string } | null;
};
export type SetupTokenAnswer = { id: string; links: { href: string; rel: string }[] };
export type KeyFor = (body: unknown) => string;
export type PaymentTokenAnswer = { id: string; payment_source: { paypal: { email_address: string } } };

/** A key that stays the same for one attempt, so a retried request makes no second intent or order. */
export function newIdempotencyKey(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `web-${random}`;
}

export const campaignRefs = (campaign: TPublicCampaign) => ({
  campaign_id: campaign.campaign_id,
  peer_campaign_id: campaign.peer_campaign_id,
});

/** Everything the donor chose in step 1 beyond the amount, as every saving call sends it. */
export function choiceFields(choice: DonationChoice) {
  return {
    designation: choice.designation,
    comment: choice.comment,
    answers: choice.answers,
    ...choice.donorWall,
    create_donor_account: choice.createDonorAccount,
    gift_aid: choice.giftAid,
    included_fees: choice.includedFeesMinor,
    // conv15: tribute gifts.
    tribute: tributeBody(choice.tribute ?? null),
  };
}

export const donorFields = (d: DonorDetails) => ({
  first_name: d.firstName.trim(),
  last_name: d.lastName.trim(),
  email: d.email.trim(),
  address: d.address.trim(),
  address2: d.address2.trim(),
  city: d.city.trim(),
  state: d.state.trim(),
  postal_code: d.postalCode.trim(),
  country: d.country.trim(),
});

const amountFields = (choice: DonationChoice) => ({
  amount: choice.totalMinor,
  currency: choice.currency.toLowerCase(),
  interval: choice.interval,
});

/** `altcha`: the solved challenge, when the server asked for one (CHALLENGE_REQUIRED). */
export function createIntent(
  campaign: TPublicCampaign,
  choice: DonationChoice,
  donor: DonorDetails,
  keyFor: KeyFor,
  altcha?: string,
  /** The intent made earlier in this visit: the server updates it to this choice instead of making another. */
  earlier?: { id: string; client_secret: string },
) {
  const d = donorFields(donor);
  const body = {
    ...campaignRefs(campaign),
    ...amountFields(choice),
    payment_method: 'card',
    stripe_account: campaign.stripe_account,
    included_fees: choice.includedFeesMinor,
    // Hints for the webhook, which records the gift if this browser never comes back (or before
    // it confirms): who gives and everything they chose.
    ...d,
    ...(choice.designation ? { designation: choice.designation } : {}),
    comment: choice.comment,
    answers: choice.answers,
    ...choice.donorWall,
    gift_aid: choice.giftAid,
    create_donor_account: choice.createDonorAccount,
    // conv15: the tribute travels in the intent's metadata too, for the webhook.
    ...(choice.tribute ? { tribute: tributeBody(choice.tribute) } : {}),
    // mem19: a membership join's reference, so the paid gift starts the membership.
    ...(choice.membership ? { membership: choice.membership } : {}),
    ...(altcha ? { altcha } : {}),
    // pay25: a payment request's own amount rules apply instead of the campaign's.
    ...(choice.paymentRequest ? { payment_request: choice.paymentRequest } : {}),
    ...(earlier ? { intent_id: earlier.id, intent_client_secret: earlier.client_secret } : {}),
  };
  return postJson<IntentAnswer>('/npo_admin/intent', body, { 'Idempotency-Key': keyFor(body) });
}

export function confirmCardPayment(
  campaign: TPublicCampaign,
  choice: DonationChoice,
  donor: DonorDetails,
  paymentIntent: string,
) {
  return postConfirm({
    ...campaignRefs(campaign),
    ...amountFields(choice),
    ...donorFields(donor),
    ...choiceFields(choice),
    payment_method: 'card',
    payment_intent: paymentIntent,
  });
}

export const postConfirm = (body: Record<string, unknown>) =>
  postJson<ConfirmAnswer>('/npo_admin/confirm_payment', body);

export function sandboxConfirm(
  intent: { id: string; client_secret: string },
  body: { card_number: string; exp: string; cvc: string } | { action_confirmed: boolean },
) {
  return postJson<SandboxCardAnswer>(`/sandbox/payments/${encodeURIComponent(intent.id)}/confirm`, {
    client_secret: intent.client_secret,
    ...body,
  });
}

/** The wallet order; donor details are sent when the form knows them (never required here). */
export function createOrder(
  campaign: TPublicCampaign,
  choice: DonationChoice,
  donor: DonorDetails | null,
  keyFor: KeyFor,
) {
  const d = donor ? donorFields(donor) : null;
  const body = {
    ...campaignRefs(campaign),
    amount: choice.totalMinor,
    currency_code: choice.currency,
    interval: choice.interval,
    included_fees: choice.includedFeesMinor,
    npo_id: campaign.npo_id,
    ...(d ? { ...d, email: d.email.includes('@') ? d.email : '' } : {}),
    // pay25: the request (/pay/{id}) this order pays; the server checks it and returns the payer there.
    ...(choice.paymentRequest ? { payment_request: choice.paymentRequest } : {}),
  };
  return postJson<OrderAnswer>('/npo_admin/create_order', body, { 'Idempotency-Key': keyFor(body) });
}

export function capturePaypal(
  campaign: { campaign_id: number; peer_campaign_id: number | null },
  orderId: string,
  choice: Partial<ReturnType<typeof choiceFields>> & { interval?: string },
  extra: Record<string, unknown> = {},
) {
  return postJson<ConfirmAnswer>('/npo_admin/paypal_capture', {
    campaign_id: campaign.campaign_id,
    peer_campaign_id: campaign.peer_campaign_id,
    ...choice,
    ...extra,
    order_id: orderId,
  });
}

export function createSetupToken(
  campaign: TPublicCampaign,
  choice: DonationChoice,
  donor: DonorDetails | null,
  returnUrl: string,
  keyFor: KeyFor,
) {
  const d = donor ? donorFields(donor) : null;
  const body = {
    ...campaignRefs(campaign),
    ...amountFields(choice),
    ...choiceFields(choice),
    ...(d ? { ...d, email: d.email.includes('@') ? d.email : '' } : {}),
    return_url: returnUrl,
  };
  return postJson<SetupTokenAnswer>('/npo_admin/create_setup_token', body, { 'Idempotency-Key': keyFor(body) });
}

export const createPaymentToken = (setupTokenId: string) =>
  postJson<PaymentTokenAnswer>('/npo_admin/create_payment_token', { setup_token_id: setupTokenId });

export const savePaypalPaymentMethod = (id: string, email: string) =>
  postJson<ConfirmAnswer>('/npo_admin/save_paypal_payment_method', { id, email });

/** The approval link the browser follows (rel 'approve'); as approveLink in the contracts, without zod. */
export const approveLinkOf = (links: readonly { href: string; rel: string }[]): string | null =>
  links.find((l) => l.rel === 'approve')?.href ?? null;

/**
 * Idempotency keys for one attempt: the same request body gets the same key (a retry after a lost
 * answer makes no second intent or order); a changed body gets a fresh one.
 */
export function attemptKeys(): (body: unknown) => string {
  let last: { body: string; key: string } | null = null;
  return (body) => {
    const text = JSON.stringify(body);
    if (last?.body !== text) last = { body: text, key: newIdempotencyKey() };
    return last.key;
  };
}
