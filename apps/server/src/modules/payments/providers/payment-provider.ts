import type { TGivingInterval } from '@kindling/contracts';

// The one interface every payment provider implements (docs/product/payments.md#providers). Amounts crossing it are
// always OUR integer minor units and upper-case ISO currency codes; each adapter converts to its
// provider's units inside itself (stripe.amounts.ts, paypal.amounts.ts).

export type ProviderName = 'sandbox' | 'stripe' | 'paypal';

/** The giving intervals of the contracts: once, daily, weekly, monthly, quarterly, yearly. */
export type PaymentInterval = TGivingInterval;

/** One internal status for card intents, wallet captures and off-session charges alike. */
export const paymentStatuses = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
  'failed',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** String values only: Stripe's metadata limit (≤ 50 keys, strings) applies to every provider. */
export type PaymentMetadata = Record<string, string>;

/**
 * Whose money this is: our organisation id (the sandbox records it) and its account at the
 * provider — the Stripe connected account (acct_…) or the PayPal merchant id.
 */
export type ProviderAccount = { npoId: number; accountId: string | null };

export type ProviderCapabilities = {
  /** Card-style intents confirmed in the browser (createIntent / retrieveIntent). */
  card: boolean;
  /** Wallet orders approved by the payer (createOrder / captureOrder). */
  wallet: boolean;
  /** Saving a wallet for later (createSetupToken / createPaymentToken). */
  vault: boolean;
  /** Charging a saved method without the donor present (chargeSaved). */
  recurringOffSession: boolean;
  /** Saving a new card without charging it (createCardSetup / retrieveCardSetup). */
  cardSetup: boolean;
};

export type CreateIntentInput = {
  account: ProviderAccount;
  amountMinor: number;
  currency: string;
  interval: PaymentInterval;
  metadata: PaymentMetadata;
  /** Same key, same intent: a retried request never creates a second one. */
  idempotencyKey: string;
  applicationFeeMinor?: number;
  /** The donor's e-mail, for the provider's receipt and the saved customer of a recurring gift. */
  email?: string;
  description?: string;
  /** Stripe payment_method_types when the campaign narrows its methods; absent: automatic methods. */
  methodTypes?: string[];
};

export type CreatedIntent = { id: string; clientSecret: string; status: PaymentStatus };

/** A changed gift on an intent not yet paid: the same intent asks for the new amount. */
export type UpdateIntentInput = {
  account: ProviderAccount;
  id: string;
  /** What the browser holds for this intent: only the donor who has it may change the intent. */
  clientSecret: string;
  amountMinor: number;
  currency: string;
  metadata: PaymentMetadata;
};

/** A payment as the provider reports it: the only source of amount, currency and status. */
export type ProviderPayment = {
  id: string;
  status: PaymentStatus;
  amountMinor: number;
  currency: string;
  metadata: PaymentMetadata;
  /** The provider's user-facing message when the payment failed (e.g. 'Your card was declined.'). */
  failureMessage?: string;
  failureCode?: string;
  /** Saved for off-session charges (recurring gifts); null when nothing was saved. */
  paymentMethodId?: string | null;
  customerId?: string | null;
  /** What refunds name when it is not `id` (PayPal refunds a capture, not an order). */
  captureId?: string | null;
};

export type CreateOrderInput = {
  account: ProviderAccount;
  amountMinor: number;
  currency: string;
  metadata: PaymentMetadata;
  idempotencyKey: string;
  returnUrl: string;
  cancelUrl: string;
  description?: string;
  platformFeeMinor?: number;
};

export type WalletOrderStatus = 'created' | 'approved' | 'completed' | 'voided' | 'payer_action_required';

export type CreatedOrder = { id: string; status: WalletOrderStatus; approveUrl: string | null };

export type CapturedOrder = ProviderPayment & {
  orderId: string;
  payerEmail: string | null;
};

export type CreateSetupTokenInput = {
  account: ProviderAccount;
  idempotencyKey: string;
  returnUrl: string;
  cancelUrl: string;
  description?: string;
  metadata?: PaymentMetadata;
};

export type CreatedSetupToken = { id: string; status: string; approveUrl: string | null };

export type SavedPaymentToken = { id: string; customerId: string | null; email: string | null };

export type ChargeSavedInput = {
  account: ProviderAccount;
  paymentMethodId: string;
  customerId?: string | null;
  amountMinor: number;
  currency: string;
  metadata: PaymentMetadata;
  /** e.g. plan-<id>-<period>, so a re-run scheduler job cannot charge twice. */
  idempotencyKey: string;
  applicationFeeMinor?: number;
};

/**
 * Saving a card without charging it (the donor portal's "new card"): Stripe's SetupIntent on the
 * connected account, the sandbox's own card form. The browser confirms it with the client secret.
 */
export type CreateCardSetupInput = {
  account: ProviderAccount;
  /** The provider's customer the card should belong to; a new one is made when absent. */
  customerId?: string | null;
  email?: string;
  metadata: PaymentMetadata;
  idempotencyKey: string;
};

export type CardSetupStatus = 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export type CreatedCardSetup = {
  id: string;
  clientSecret: string;
  status: CardSetupStatus;
  customerId: string | null;
};

/** A card setup as the provider reports it: the saved method exists once it has succeeded. */
export type ProviderCardSetup = {
  id: string;
  status: CardSetupStatus;
  paymentMethodId: string | null;
  customerId: string | null;
  metadata: PaymentMetadata;
  failureMessage?: string;
};

/**
 * A saved card as the provider describes it: brand (visa, mastercard…), the last four digits and
 * the expiry (month 1-12, four-digit year). What the card-expiring e-mail is decided on.
 */
export type SavedCard = { brand: string | null; last4: string | null; expMonth: number; expYear: number };

export type RefundInput = {
  account: ProviderAccount;
  /** The intent id (Stripe, sandbox) or the capture id (PayPal). */
  paymentId: string;
  /** Omitted: the whole payment. */
  amountMinor?: number;
  currency: string;
  idempotencyKey: string;
};

export type ProviderRefund = {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
  amountMinor: number;
  currency: string;
};

export const providerEventTypes = [
  'payment.succeeded',
  'payment.failed',
  'payment.processing',
  /** Money went back to the donor at the provider (from Kindling or the provider's dashboard). */
  'refund.recorded',
  /**
   * A refund the provider reported (or answered) as pending failed after all: the money never
   * left, so a recorded refund is reversed. `refunds` holds that one refund, `failureMessage` why.
   */
  'refund.failed',
  /** The donor's bank disputes the payment: the provider withdraws the amount now. */
  'dispute.opened',
  /** The dispute is decided: won returns the withdrawn amount, lost keeps it gone. */
  'dispute.closed',
  'setup.succeeded',
  /** A verified event the donation flow does not act on (kept so callers can acknowledge it). */
  'ignored',
] as const;
export type ProviderEventType = (typeof providerEventTypes)[number];

/** One refund of a payment as the provider reports it; `id` is the provider's refund id. */
export type ProviderRefundRecord = { id: string; amountMinor: number; currency: string };

/**
 * A dispute (chargeback) of a payment. `outcome` is set once the dispute is closed: won returns
 * the withdrawn amount, lost keeps it gone (a closed dispute with no clear outcome counts as lost).
 */
export type ProviderDispute = {
  id: string;
  amountMinor: number;
  currency: string;
  reason: string | null;
  outcome: 'won' | 'lost' | null;
};

/** A verified webhook event, translated to our vocabulary. */
export type ProviderEvent = {
  /** The provider's event id: store it to ignore redelivery. */
  id: string;
  type: ProviderEventType;
  /** The provider's own event name (payment_intent.succeeded, PAYMENT.CAPTURE.COMPLETED, …). */
  providerType: string;
  /** The intent id, or for PayPal the order id when known (else the capture id). */
  providerReference: string | null;
  accountId: string | null;
  amountMinor: number | null;
  currency: string | null;
  metadata: PaymentMetadata;
  failureMessage?: string;
  /**
   * payment.failed: the provider's fingerprint of the declined card (the same card gives the same
   * value), and its last digits; what card-testing limits count per card (decision 025).
   */
  cardFingerprint?: string;
  cardLast4?: string;
  /**
   * refund.recorded: every refund of the payment the event names (Stripe's charge.refunded lists
   * all of them, so one already recorded is skipped by its id). refund.failed: the failed refund.
   */
  refunds?: ProviderRefundRecord[];
  /** dispute.opened / dispute.closed. */
  dispute?: ProviderDispute;
};

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/**
 * A saved method named by an imported plan (recurring imports, decision 101), as its provider
 * answers for the organisation's account: the ids the plan is charged with (the sandbox gives a
 * test method its own copy) and the card when it is one; or why no plan can be made of it.
 */
export type SavedMethodCheck =
  | { ok: true; paymentMethodId: string; customerId: string | null; card: SavedCard | null }
  | { ok: false; reason: string };
export type CheckSavedMethodInput = {
  account: ProviderAccount;
  customerId: string | null;
  paymentMethodId: string;
  /** Stable for the imported row: the sandbox names a test method's copy by it. */
  key: string;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly capabilities: ProviderCapabilities;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  retrieveIntent(input: { account: ProviderAccount; id: string }): Promise<ProviderPayment>;
  /** Card providers only; absent elsewhere. Refuses an intent that is no longer awaiting payment. */
  updateIntent?(input: UpdateIntentInput): Promise<CreatedIntent>;
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  captureOrder(input: { account: ProviderAccount; orderId: string; idempotencyKey: string }): Promise<CapturedOrder>;
  createSetupToken(input: CreateSetupTokenInput): Promise<CreatedSetupToken>;
  createPaymentToken(input: {
    account: ProviderAccount;
    setupTokenId: string;
    idempotencyKey: string;
  }): Promise<SavedPaymentToken>;
  chargeSaved(input: ChargeSavedInput): Promise<ProviderPayment>;
  createCardSetup(input: CreateCardSetupInput): Promise<CreatedCardSetup>;
  retrieveCardSetup(input: { account: ProviderAccount; id: string }): Promise<ProviderCardSetup>;
  /**
   * The saved method's card details; null when it is not a card or has no expiry (a PayPal
   * vault token) or the provider does not know it.
   */
  describeSavedCard(input: { account: ProviderAccount; paymentMethodId: string }): Promise<SavedCard | null>;
  /** Asks the provider whether the customer and saved method exist on the account (recurring imports). */
  checkSavedMethod?(input: CheckSavedMethodInput): Promise<SavedMethodCheck>;
  refund(input: RefundInput): Promise<ProviderRefund>;
  /** Verifies the signature over the raw bytes, then translates; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer | string, headers: WebhookHeaders): Promise<ProviderEvent>;
}

/** The first value of a header, whatever its case in the map. */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}
