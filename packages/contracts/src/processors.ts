import { z } from 'zod';

// /admin/processors (docs/product/payments.md#providers): the selected organisation's Stripe and PayPal connections,
// under /api/v1/processors. The organisation always comes from the session, never from these bodies.

export const PROCESSOR_MESSAGES = {
  stripeAccountFormat: 'Enter a Stripe account id that starts with acct_, like acct_1A2b3C4d5E6f7G8h.',
  paypalMerchantFormat:
    'A PayPal merchant id is 13 capital letters and digits, like 7X2KQ3PLM9ABC. Find it in PayPal under Account settings → Business information.',
  paypalEmail: 'Enter the e-mail address of the PayPal business account.',
  stripeAccountUnknown: 'Stripe does not know this account, or it is not connected to this platform.',
  stripeAccountTaken: 'This Stripe account is already connected to another organisation.',
  stripeNotConnected: 'No Stripe account is connected.',
  paypalNotConnected: 'No PayPal account is connected.',
} as const;

/**
 * The ?error= codes the OAuth callback sends back to /admin/processors. The page shows the text
 * for a known code only, so a crafted link cannot put its own words on the page.
 */
export const STRIPE_CONNECT_ERRORS = {
  access_denied: 'The connection was cancelled on Stripe’s page. Choose Connect with Stripe to try again.',
  state_mismatch:
    'This Stripe connection link is not valid for your session (it may be old or already used). Choose Connect with Stripe again.',
  exchange_failed: 'Stripe did not accept the connection. Choose Connect with Stripe again.',
  account_taken: PROCESSOR_MESSAGES.stripeAccountTaken,
  not_allowed: 'Your role in this organisation does not allow changing payment processors.',
  organisation_changed:
    'You switched organisation while connecting Stripe, so nothing was connected. Choose Connect with Stripe again in the organisation you want to connect.',
} as const;
export type TStripeConnectError = keyof typeof STRIPE_CONNECT_ERRORS;

export const stripeConnectErrorMessage = (code: string | null): string | null =>
  code === null
    ? null
    : (STRIPE_CONNECT_ERRORS[code as TStripeConnectError] ?? 'Stripe could not be connected. Please try again.');

/** acct_ then letters, digits (and, for sandbox accounts, underscores). */
export const ZStripeAccountId = z
  .string({ error: PROCESSOR_MESSAGES.stripeAccountFormat })
  .trim()
  .regex(/^acct_[A-Za-z0-9_]{8,64}$/, PROCESSOR_MESSAGES.stripeAccountFormat);

/** PayPal merchant (payer) ids are 13 upper-case letters and digits; pasted lower case is accepted. */
export const ZPaypalMerchantId = z
  .string({ error: PROCESSOR_MESSAGES.paypalMerchantFormat })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{13}$/, PROCESSOR_MESSAGES.paypalMerchantFormat);

/** POST /processors/stripe/account: connect an existing account by its id. */
export const ZStripeAccountRequest = z.object({ account_id: ZStripeAccountId });
export type TStripeAccountRequest = z.input<typeof ZStripeAccountRequest>;

/** PUT /processors/paypal */
export const ZPaypalSettingsRequest = z.object({
  merchant_id: ZPaypalMerchantId,
  email: z
    .string({ error: PROCESSOR_MESSAGES.paypalEmail })
    .trim()
    .max(254, PROCESSOR_MESSAGES.paypalEmail)
    .pipe(z.email(PROCESSOR_MESSAGES.paypalEmail)),
});
export type TPaypalSettingsRequest = z.input<typeof ZPaypalSettingsRequest>;

/** POST /processors/stripe/connect → where the browser goes next (Stripe's page or the sandbox's). */
export const ZStripeConnectResponse = z.object({ url: z.string() });
export type TStripeConnectResponse = z.infer<typeof ZStripeConnectResponse>;

export const ZCardProcessor = z.object({
  /** Who takes card payments on the public form now; null: no card tab. */
  provider: z.enum(['stripe', 'sandbox']).nullable(),
  /** Real money: Stripe live keys and a live-mode connection. */
  live: z.boolean(),
  /** acct_…, masked but for the last four characters. */
  connected_account_id: z.string().nullable(),
  connected_at: z.string().nullable(),
  /** Connect with Stripe can run: STRIPE_CLIENT_ID configured, or the sandbox consent page. */
  can_connect_oauth: z.boolean(),
});

export const ZWalletProcessor = z.object({
  provider: z.enum(['paypal', 'sandbox']).nullable(),
  live: z.boolean(),
  merchant_id: z.string().nullable(),
  email: z.string().nullable(),
  /** The installation's PayPal app (client id and secret) is configured. */
  client_configured: z.boolean(),
});

/** GET /processors */
export const ZProcessorsResponse = z.object({
  /** sandbox: no provider keys at all, the built-in sandbox takes every payment (test money). */
  mode: z.enum(['sandbox', 'providers']),
  card: ZCardProcessor,
  wallet: ZWalletProcessor,
});
export type TProcessorsResponse = z.infer<typeof ZProcessorsResponse>;
export type TCardProcessor = z.infer<typeof ZCardProcessor>;
export type TWalletProcessor = z.infer<typeof ZWalletProcessor>;
