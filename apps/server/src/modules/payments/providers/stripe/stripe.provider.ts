// Stripe through the official SDK: direct charges on the organisation's connected account
// (Stripe-Account header), an Idempotency-Key on every create, amounts in Stripe's units.
import type Stripe from 'stripe';
import { requireCurrency } from '../currency.ts';
import type {
  ChargeSavedInput,
  CreatedIntent,
  CreateIntentInput,
  PaymentMetadata,
  PaymentProvider,
  PaymentStatus,
  ProviderAccount,
  ProviderPayment,
  ProviderRefund,
  RefundInput,
  UpdateIntentInput,
  WebhookHeaders,
} from '../payment-provider.ts';
import { headerValue } from '../payment-provider.ts';
import { ProviderError, WebhookSignatureError } from '../provider-error.ts';
import { fromStripeAmount, toStripeAmount, toStripeCurrency } from './stripe.amounts.ts';
import { createCardSetup, describeSavedCard, retrieveCardSetup } from './stripe.card-setup.ts';
import { createStripeClient, type StripeSettings } from './stripe.client.ts';
import { stripeCall, toProviderError } from './stripe.errors.ts';
import { stripeRefundRecords, translateStripeEvent } from './stripe.events.ts';
import { listStripePayouts, type PayoutPeriod, type ProviderPayout } from './stripe.payouts.ts';
import { checkSavedMethod } from './stripe.saved-method.ts';

const STATUS: Record<Stripe.PaymentIntent.Status, PaymentStatus> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_payment_method',
  requires_action: 'requires_action',
  processing: 'processing',
  requires_capture: 'processing',
  canceled: 'canceled',
  succeeded: 'succeeded',
};

const statusOf = (status: Stripe.PaymentIntent.Status): PaymentStatus => STATUS[status] ?? 'requires_payment_method';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** Every call for an organisation names its connected account; none without one. */
function connectedAccount(account: ProviderAccount): string {
  if (!account.accountId?.startsWith('acct_')) {
    throw new ProviderError('stripe', 'not_configured', 'This organisation has not connected a Stripe account.');
  }
  return account.accountId;
}

export function toProviderPayment(intent: Stripe.PaymentIntent): ProviderPayment {
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    status: statusOf(intent.status),
    amountMinor: fromStripeAmount(intent.amount, intent.currency),
    currency: intent.currency.toUpperCase(),
    metadata: intent.metadata as PaymentMetadata,
    ...(error?.message ? { failureMessage: error.message } : {}),
    ...(error?.code ? { failureCode: error.decline_code ?? error.code } : {}),
    paymentMethodId: idOf(intent.payment_method),
    customerId: idOf(intent.customer),
  };
}

export type StripeProvider = PaymentProvider & {
  /** A SetupIntent for a plan that charges nothing now; the browser confirms it with the client secret. */
  createSetupIntent(input: {
    account: ProviderAccount;
    email?: string;
    metadata: PaymentMetadata;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string; customerId: string }>;
  /** rc23: the account's payouts arriving in the period, each with its balance transactions (decision 104). */
  listPayouts(account: ProviderAccount, period: PayoutPeriod): Promise<ProviderPayout[]>;
};

type StripeContext = { stripe: Stripe; settings: StripeSettings };
type SetupIntentInput = { account: ProviderAccount; email?: string; metadata: PaymentMetadata; idempotencyKey: string };

const notSupported = async (): Promise<never> => {
  // Stripe's wallets (Apple Pay, Google Pay, Link) run through the Payment Element on intents.
  throw new ProviderError('stripe', 'not_supported', 'This payment method is not available with Stripe.');
};

const feeFor = (settings: StripeSettings, amountMinor: number, explicit: number | undefined) =>
  explicit ?? Math.round((amountMinor * settings.applicationFeeBps) / 10_000);

/** A customer on the connected account, for a gift whose card is saved for later charges. */
const createCustomer = (
  stripe: Stripe,
  stripeAccount: string,
  email: string | undefined,
  metadata: PaymentMetadata,
  key: string,
) =>
  stripeCall(() =>
    stripe.customers.create(
      { ...(email ? { email } : {}), metadata },
      { stripeAccount, idempotencyKey: `${key}:customer` },
    ),
  );

async function createIntent({ stripe, settings }: StripeContext, input: CreateIntentInput): Promise<CreatedIntent> {
  const stripeAccount = connectedAccount(input.account);
  requireCurrency('stripe', input.currency);
  const metadata = { ...input.metadata, interval: input.interval };
  const recurring = input.interval !== 'once';
  const customer = recurring
    ? await createCustomer(stripe, stripeAccount, input.email, metadata, input.idempotencyKey)
    : null;
  const fee = feeFor(settings, input.amountMinor, input.applicationFeeMinor);
  const intent = await stripeCall(() =>
    stripe.paymentIntents.create(
      {
        amount: toStripeAmount(input.amountMinor, input.currency),
        currency: toStripeCurrency(input.currency),
        ...(input.methodTypes?.length
          ? { payment_method_types: input.methodTypes }
          : { automatic_payment_methods: { enabled: true } }),
        ...(fee > 0 ? { application_fee_amount: toStripeAmount(fee, input.currency) } : {}),
        ...(customer ? { customer: customer.id, setup_future_usage: 'off_session' as const } : {}),
        ...(input.email ? { receipt_email: input.email } : {}),
        ...(input.description ? { description: input.description } : {}),
        metadata,
      },
      { stripeAccount, idempotencyKey: input.idempotencyKey },
    ),
  );
  if (!intent.client_secret) throw new ProviderError('stripe', 'invalid_request', 'Stripe returned no client secret.');
  return { id: intent.id, clientSecret: intent.client_secret, status: statusOf(intent.status) };
}

/** POST /v1/payment_intents/{id}: the donor went back and changed the gift before paying. */
async function updateIntent({ stripe, settings }: StripeContext, input: UpdateIntentInput): Promise<CreatedIntent> {
  const stripeAccount = connectedAccount(input.account);
  requireCurrency('stripe', input.currency);
  const fee = feeFor(settings, input.amountMinor, undefined);
  const current = await stripeCall(() => stripe.paymentIntents.retrieve(input.id, {}, { stripeAccount }));
  if (current.client_secret !== input.clientSecret) {
    throw new ProviderError('stripe', 'not_found', 'No such payment.', { httpStatus: 404 });
  }
  const intent = await stripeCall(() =>
    stripe.paymentIntents.update(
      input.id,
      {
        amount: toStripeAmount(input.amountMinor, input.currency),
        currency: toStripeCurrency(input.currency),
        ...(fee > 0 ? { application_fee_amount: toStripeAmount(fee, input.currency) } : {}),
        metadata: input.metadata,
      },
      { stripeAccount },
    ),
  );
  if (!intent.client_secret) throw new ProviderError('stripe', 'invalid_request', 'Stripe returned no client secret.');
  return { id: intent.id, clientSecret: intent.client_secret, status: statusOf(intent.status) };
}

async function chargeSaved({ stripe, settings }: StripeContext, input: ChargeSavedInput): Promise<ProviderPayment> {
  const stripeAccount = connectedAccount(input.account);
  requireCurrency('stripe', input.currency);
  const fee = feeFor(settings, input.amountMinor, input.applicationFeeMinor);
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: toStripeAmount(input.amountMinor, input.currency),
        currency: toStripeCurrency(input.currency),
        payment_method: input.paymentMethodId,
        ...(input.customerId ? { customer: input.customerId } : {}),
        off_session: true,
        confirm: true,
        ...(fee > 0 ? { application_fee_amount: toStripeAmount(fee, input.currency) } : {}),
        metadata: input.metadata,
      },
      { stripeAccount, idempotencyKey: input.idempotencyKey },
    );
    return toProviderPayment(intent);
  } catch (error) {
    // A declined saved card is an outcome for the scheduler (dunning), not a fault.
    const failed = toProviderError(error);
    const intent = (error as { payment_intent?: Stripe.PaymentIntent }).payment_intent;
    if (!failed.isDonorFixable || !intent) throw failed;
    return {
      ...toProviderPayment(intent),
      status: 'failed',
      failureMessage: failed.providerMessage,
      failureCode: failed.code,
    };
  }
}

async function refund({ stripe }: StripeContext, input: RefundInput): Promise<ProviderRefund> {
  const stripeAccount = connectedAccount(input.account);
  requireCurrency('stripe', input.currency);
  const result = await stripeCall(() =>
    stripe.refunds.create(
      {
        payment_intent: input.paymentId,
        ...(input.amountMinor !== undefined ? { amount: toStripeAmount(input.amountMinor, input.currency) } : {}),
      },
      { stripeAccount, idempotencyKey: input.idempotencyKey },
    ),
  );
  const status = result.status === 'succeeded' ? 'succeeded' : result.status === 'pending' ? 'pending' : 'failed';
  return {
    id: result.id,
    status,
    amountMinor: fromStripeAmount(result.amount, result.currency),
    currency: result.currency.toUpperCase(),
  };
}

async function createSetupIntent(
  { stripe }: StripeContext,
  { account, email, metadata, idempotencyKey }: SetupIntentInput,
) {
  const stripeAccount = connectedAccount(account);
  const customer = await createCustomer(stripe, stripeAccount, email, metadata, idempotencyKey);
  const setup = await stripeCall(() =>
    stripe.setupIntents.create(
      { customer: customer.id, usage: 'off_session', automatic_payment_methods: { enabled: true }, metadata },
      { stripeAccount, idempotencyKey },
    ),
  );
  if (!setup.client_secret) throw new ProviderError('stripe', 'invalid_request', 'Stripe returned no client secret.');
  return { id: setup.id, clientSecret: setup.client_secret, customerId: customer.id };
}

async function parseWebhook({ stripe, settings }: StripeContext, rawBody: Buffer | string, headers: WebhookHeaders) {
  const signature = headerValue(headers, 'stripe-signature');
  if (!settings.webhookSecret) throw new WebhookSignatureError('stripe', 'STRIPE_WEBHOOK_SECRET is not configured');
  if (!signature) throw new WebhookSignatureError('stripe', 'Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
  } catch {
    throw new WebhookSignatureError('stripe', 'The Stripe-Signature does not match the payload');
  }
  const translated = translateStripeEvent(event);
  if (translated.type !== 'refund.recorded' || translated.refunds || !translated.providerReference) return translated;
  // charge.refunded without its refund list (API versions since 2022-11-15): ask Stripe for them,
  // on the connected account the event came from, so each refund is recorded by its own id.
  const options = translated.accountId ? { stripeAccount: translated.accountId } : {};
  const list = await stripeCall(() =>
    stripe.refunds.list({ payment_intent: translated.providerReference ?? '', limit: 100 }, options),
  );
  return { ...translated, refunds: stripeRefundRecords(list.data) ?? [] };
}

export function createStripeProvider(settings: StripeSettings): StripeProvider {
  const ctx: StripeContext = { stripe: createStripeClient(settings), settings };
  return {
    name: 'stripe',
    capabilities: { card: true, wallet: false, vault: false, recurringOffSession: true, cardSetup: true },
    createIntent: (input) => createIntent(ctx, input),
    updateIntent: (input) => updateIntent(ctx, input),
    retrieveIntent: async ({ account, id }) =>
      toProviderPayment(
        await stripeCall(() =>
          ctx.stripe.paymentIntents.retrieve(id, {}, { stripeAccount: connectedAccount(account) }),
        ),
      ),
    createOrder: notSupported,
    captureOrder: notSupported,
    createSetupToken: notSupported,
    createPaymentToken: notSupported,
    chargeSaved: (input) => chargeSaved(ctx, input),
    createCardSetup: async (input) => createCardSetup(ctx.stripe, connectedAccount(input.account), input),
    retrieveCardSetup: async (input) => retrieveCardSetup(ctx.stripe, connectedAccount(input.account), input),
    describeSavedCard: async (input) =>
      describeSavedCard(ctx.stripe, connectedAccount(input.account), input.paymentMethodId),
    checkSavedMethod: async (input) => checkSavedMethod(ctx.stripe, connectedAccount(input.account), input),
    refund: (input) => refund(ctx, input),
    createSetupIntent: (input) => createSetupIntent(ctx, input),
    parseWebhook: async (rawBody, headers) => parseWebhook(ctx, rawBody, headers),
    listPayouts: (account, period) => listStripePayouts(ctx.stripe, connectedAccount(account), period),
  };
}
