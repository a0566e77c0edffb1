import { z } from 'zod';
import { ZCurrencyCode } from './currencies.ts';
import {
  DONOR_MESSAGES,
  feeCoverMatches,
  readZip,
  ZAddressFields,
  ZDonationChoiceFields,
  ZDonorEmail,
  ZDonorFields,
} from './donation-choice.ts';
import { ZDonation } from './donations.ts';
import { ZGivingInterval } from './intervals.ts';
import { ZPositiveMinorAmount } from './money.ts';
import { ZPaymentMethod } from './payment-methods.ts';

/**
 * The seven payment calls in docs/product/payments.md#calls, under /api/v1/npo_admin. Amounts are minor units in
 * OUR exponent; adapters convert to provider units. The server never trusts amount, currency or
 * status from these bodies once a payment exists: it re-reads the intent or order from the
 * provider. Calls made AFTER the donor has paid (confirm_payment, paypal_capture,
 * save_paypal_payment_method) are deliberately lenient about optional details, so that a charged
 * donor is never turned away by a validation message; the form validates before paying.
 * Unknown keys (thank_you_message, campaign_name, npo… on the return path) are dropped.
 */

const id = z.coerce.number().int().positive();
const optionalId = z.preprocess((v) => (v === '' || v === 'null' ? null : v), id.nullable().default(null));

/** campaign_id is the campaign given to; peer_campaign_id the fundraiser's page it came through. */
const ZCampaignRefs = z.object({ campaign_id: id, peer_campaign_id: optionalId });

/** Both cases accepted (the intent call sends lower case); upper case out. */
const ZAmountFields = z.object({
  amount: z.coerce.number().pipe(ZPositiveMinorAmount),
  currency: ZCurrencyCode,
  interval: ZGivingInterval.default('once'),
});

/**
 * Before anything is charged, the fee cover must be exactly the 3.2 % of the rest of the amount
 * (or zero), so the donation later splits into gift and fee the way the donor saw it.
 */
const checkFees = (body: { amount: number; included_fees: number }, ctx: z.RefinementCtx) => {
  if (!feeCoverMatches(body.amount, body.included_fees)) {
    ctx.addIssue({ code: 'custom', path: ['included_fees'], message: DONOR_MESSAGES.feesInconsistent });
  }
};

/** POST /npo_admin/intent → a payment intent for the card form. */
export const ZCreateIntentRequest = ZCampaignRefs.extend(ZAmountFields.shape)
  .extend({
    payment_method: ZPaymentMethod.default('card'),
    /** Sent by the form; the server uses the organisation's own account, never this value. */
    stripe_account: z.string().max(100).nullable().optional(),
    included_fees: ZDonationChoiceFields.shape.included_fees,
    /** A solved proof-of-work (the ALTCHA widget's payload), required only while a card-testing burst is on. */
    altcha: z.string().max(5000).optional(),
  })
  .superRefine(checkFees);
export type TCreateIntentRequest = z.input<typeof ZCreateIntentRequest>;

export const ZPaymentIntent = z.object({ id: z.string(), client_secret: z.string() });
export const ZCreateIntentResponse = z.object({
  intent: ZPaymentIntent,
  /** Which card form to mount: Stripe's Payment Element or the sandbox's own. */
  provider: z.enum(['stripe', 'sandbox']),
  stripe_account: z.string().nullable(),
});
export type TCreateIntentResponse = z.infer<typeof ZCreateIntentResponse>;

/** GET CHALLENGE_PATH (donation-constants.ts): a proof-of-work for the next intent of this campaign. */
export const ZPaymentChallengeQuery = z.object({
  campaign_id: z.coerce
    .number({ message: 'Choose a campaign.' })
    .int()
    .positive('Choose a campaign.')
    .max(2 ** 53 - 1),
});

/**
 * The proof-of-work itself, in ALTCHA's v2 form: the widget derives keys from `parameters` until
 * one starts with `keyPrefix`, and sends the challenge back with its solution as `altcha`.
 */
export const ZPaymentChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    /** Unix seconds. */
    expiresAt: z.number().int().optional(),
    /** The campaign and a keyed digest of the client address the challenge was issued to. */
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});

/** The intent id from a client secret ('pi_123_secret_abc' → 'pi_123'). */
export const intentIdFromClientSecret = (secret: string): string | null =>
  /^(.+)_secret_[^_]+$/.exec(secret)?.[1] ?? null;

/** POST /npo_admin/confirm_payment after the card form succeeded (or on the return path). */
export const ZConfirmPaymentRequest = z.preprocess(
  (value) => {
    const v = readZip(value);
    if (!v || typeof v !== 'object') return v;
    const body = v as Record<string, unknown>;
    if (body.payment_intent || typeof body.client_secret !== 'string') return body;
    return { ...body, payment_intent: intentIdFromClientSecret(body.client_secret) ?? undefined };
  },
  ZCampaignRefs.extend(ZAmountFields.shape)
    .extend(ZDonorFields.shape)
    .extend(ZDonationChoiceFields.shape)
    .extend({
      payment_method: ZPaymentMethod.default('card'),
      payment_intent: z.string({ error: 'The payment reference is missing' }).min(1).max(255),
      client_secret: z.string().max(500).optional(),
      /** Provider status the browser saw; informational only. */
      status: z.string().max(50).optional(),
      redirect_status: z.string().max(50).optional(),
    }),
);
export type TConfirmPaymentRequest = z.input<typeof ZConfirmPaymentRequest>;

/**
 * 'success': the provider says the payment succeeded and the donation is recorded (once).
 * 'processing': accepted but not final (bank debits); the webhook records it later.
 * 'failed': the provider refused it; `message` is the provider's text.
 */
export const ZPaymentOutcomeStatus = z.enum(['success', 'processing', 'failed']);
export const ZConfirmPaymentResponse = z.object({
  status: ZPaymentOutcomeStatus,
  donation: ZDonation.nullable(),
  message: z.string().optional(),
});
export type TConfirmPaymentResponse = z.infer<typeof ZConfirmPaymentResponse>;

/** POST /npo_admin/create_order: a wallet order for the PayPal button. */
export const ZCreateOrderRequest = z.preprocess(
  readZip,
  ZCampaignRefs.extend(ZAddressFields.shape)
    .extend({
      amount: z.coerce.number().pipe(ZPositiveMinorAmount),
      currency_code: ZCurrencyCode,
      interval: ZGivingInterval.default('once'),
      /** Sent by the form; the organisation comes from the campaign, never from this. */
      npo_id: z.unknown().optional(),
      first_name: z.string().trim().max(100).optional(),
      last_name: z.string().trim().max(100).optional(),
      email: ZDonorEmail.optional().or(z.literal('')),
      included_fees: ZDonationChoiceFields.shape.included_fees,
    })
    .superRefine(checkFees),
);
export type TCreateOrderRequest = z.input<typeof ZCreateOrderRequest>;

export const ZCreateOrderResponse = z.object({
  /** The form reads order_id or id; both carry the same value. */
  order_id: z.string(),
  id: z.string(),
  /** The sandbox's approval page; null for real PayPal, whose button handles approval. */
  approve_url: z.string().nullable(),
});
export type TCreateOrderResponse = z.infer<typeof ZCreateOrderResponse>;

/** POST /npo_admin/paypal_capture after the donor approved the order. */
export const ZPaypalCaptureRequest = z.preprocess(
  readZip,
  ZCampaignRefs.extend(ZAddressFields.shape)
    .extend(ZDonationChoiceFields.shape)
    .extend({
      order_id: z.string({ error: 'The order reference is missing' }).trim().min(1).max(255),
      interval: ZGivingInterval.default('once'),
      /** The PayPal button's approval data; informational only, the server reads the order itself. */
      paypal_transaction: z.unknown().optional(),
    }),
);
export type TPaypalCaptureRequest = z.input<typeof ZPaypalCaptureRequest>;
export const ZPaypalCaptureResponse = ZConfirmPaymentResponse;

/**
 * POST /npo_admin/create_setup_token: starts saving PayPal for a recurring gift. The form once sent
 * only campaign_id; the rest of the donor's choice is sent too and kept with the token, because
 * after the approval redirect only the token id comes back to save_paypal_payment_method.
 */
export const ZCreateSetupTokenRequest = z.preprocess(
  readZip,
  ZCampaignRefs.extend(ZAmountFields.shape)
    .extend(ZAddressFields.shape)
    .extend(ZDonationChoiceFields.shape)
    .extend({
      first_name: z.string().trim().max(100).optional(),
      last_name: z.string().trim().max(100).optional(),
      email: ZDonorEmail.optional().or(z.literal('')),
      /** Where the approval returns to; must be on our own origin (the server checks). */
      return_url: z.string().max(2048).optional(),
    }),
);
export type TCreateSetupTokenRequest = z.input<typeof ZCreateSetupTokenRequest>;

export const ZLink = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });
export const ZCreateSetupTokenResponse = z.object({ id: z.string(), links: z.array(ZLink) });
export type TCreateSetupTokenResponse = z.infer<typeof ZCreateSetupTokenResponse>;

/** The approval link the browser follows (rel 'approve'). */
export const approveLink = (links: readonly { href: string; rel: string }[]): string | null =>
  links.find((l) => l.rel === 'approve')?.href ?? null;

/** POST /npo_admin/create_payment_token on return with approval_token_id. */
export const ZCreatePaymentTokenRequest = z.object({
  setup_token_id: z.string({ error: 'The approval token is missing' }).trim().min(1).max(255),
});
export const ZCreatePaymentTokenResponse = z.object({
  id: z.string(),
  payment_source: z.object({ paypal: z.object({ email_address: z.string() }) }),
});
export type TCreatePaymentTokenResponse = z.infer<typeof ZCreatePaymentTokenResponse>;

/** POST /npo_admin/save_paypal_payment_method: saves the token, charges the first gift, makes the plan. */
export const ZSavePaypalPaymentMethodRequest = z.object({
  id: z.string({ error: 'The payment token is missing' }).trim().min(1).max(255),
  email: z.string().trim().max(254).optional(),
});
export const ZSavePaypalPaymentMethodResponse = ZConfirmPaymentResponse;
