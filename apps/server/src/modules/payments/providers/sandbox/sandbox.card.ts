// The sandbox's card half: intents confirmed by its own card form, saved cards, refunds.
import { hmacHex, safeEqual, sha256Hex } from '../../../../platform/security/tokens.ts';
import type {
  ChargeSavedInput,
  CreatedIntent,
  CreateIntentInput,
  ProviderAccount,
  ProviderPayment,
  ProviderRefund,
  RefundInput,
  UpdateIntentInput,
} from '../payment-provider.ts';
import { ProviderError } from '../provider-error.ts';
import { confirmCardSetup, setupAsPayment } from './sandbox.card-setup.ts';
import {
  AUTHENTICATION_FAILED_MESSAGE,
  type CardInput,
  cardOutcome,
  DECLINED_MESSAGE,
  refundFailsLater,
  savedCardDeclines,
  type ValidCard,
  validateCard,
} from './sandbox.cards.ts';
import { checkedMoney, type SandboxContext, toPayment } from './sandbox.context.ts';
import { type BankAccountInput, confirmDebit, confirmWallet } from './sandbox.debits.ts';
import {
  findMethod,
  findPayment,
  insertMethod,
  insertPaymentOnce,
  type SandboxPaymentRow,
  transition,
} from './sandbox.repository.ts';

export type ConfirmInput = {
  id: string;
  clientSecret: string;
  /** The card form's fields; not needed to answer an extra confirmation step. */
  card?: CardInput;
  /** The answer to the extra confirmation step (card …3155): true completes, false fails. */
  actionConfirmed?: boolean;
  /** The sandbox wallet button (Apple Pay / Google Pay stand-in) instead of card fields. */
  wallet?: boolean;
  /** The sandbox bank-debit form instead of card fields (decision 038). */
  bank?: BankAccountInput;
};

export type ConfirmResult = { payment: ProviderPayment; nextAction: 'confirm' | null };

/** Invalid card fields, one message per field (card_number, exp, cvc). */
export class SandboxCardError extends ProviderError {
  constructor(readonly fields: Record<string, string>) {
    super('sandbox', 'invalid_card', Object.values(fields)[0] ?? 'Your card details are invalid.');
  }
}

const OPEN = ['requires_payment_method'] as const;
const AWAITING_ACTION = ['requires_action'] as const;

const alreadyDone = (row: SandboxPaymentRow) =>
  new ProviderError(
    'sandbox',
    'unexpected_state',
    row.status === 'processing'
      ? 'This payment is already being processed.'
      : `This payment has already ${row.status === 'canceled' ? 'been canceled' : 'succeeded'}.`,
    { httpStatus: 409 },
  );

/**
 * A succeeded recurring gift keeps its card for later charges: last four digits only. After the
 * extra confirmation step the card fields are not sent again, so the digits stored then are used.
 */
async function saveCard(ctx: SandboxContext, row: SandboxPaymentRow, card: ValidCard | null): Promise<string | null> {
  const last4 = card?.last4 ?? row.cardLast4;
  if (row.interval === 'once' || !last4) return null;
  const method = await insertMethod(ctx.db, {
    id: ctx.newId('pm'),
    npoId: row.npoId,
    type: 'card',
    cardLast4: last4,
    cardExpMonth: card?.expMonth ?? null,
    cardExpYear: card?.expYear ?? null,
  });
  return method.id;
}

const declinedCard = (ctx: SandboxContext, card: ValidCard | null) =>
  card ? { card_fingerprint: ctx.cardFingerprint(card.number), card_last4: card.last4 } : {};

/** Moves the intent on (once) and announces the outcome through the webhook path. */
async function settle(
  ctx: SandboxContext,
  row: SandboxPaymentRow,
  from: readonly string[],
  patch: Partial<SandboxPaymentRow>,
  card: ValidCard | null = null,
) {
  const next = await transition(ctx.db, row.id, from, patch);
  if (!next) throw alreadyDone(row);
  if (next.status === 'succeeded') ctx.emit('payment.succeeded', next);
  else if (next.failureMessage) ctx.emit('payment.failed', next, declinedCard(ctx, card));
  return next;
}

async function answerAction(
  ctx: SandboxContext,
  row: SandboxPaymentRow,
  confirmed: boolean,
  card: ValidCard | null,
): Promise<ConfirmResult> {
  const patch = confirmed
    ? { status: 'succeeded', failureCode: null, failureMessage: null, paymentMethodId: await saveCard(ctx, row, card) }
    : {
        status: 'requires_payment_method',
        failureCode: 'payment_intent_authentication_failure',
        failureMessage: AUTHENTICATION_FAILED_MESSAGE,
      };
  return { payment: toPayment(await settle(ctx, row, AWAITING_ACTION, patch)), nextAction: null };
}

async function attempt(ctx: SandboxContext, row: SandboxPaymentRow, card: ValidCard): Promise<ConfirmResult> {
  const outcome = cardOutcome(card.number);
  const from = [...OPEN, ...AWAITING_ACTION];
  const cleared = { cardLast4: card.last4, failureCode: null, failureMessage: null };
  if (outcome.kind === 'requires_action') {
    const next = await transition(ctx.db, row.id, from, { status: 'requires_action', ...cleared });
    if (!next) throw alreadyDone(row);
    return { payment: toPayment(next), nextAction: 'confirm' };
  }
  const patch =
    outcome.kind === 'succeeds'
      ? { status: 'succeeded', ...cleared, paymentMethodId: await saveCard(ctx, row, card) }
      : {
          status: 'requires_payment_method',
          cardLast4: card.last4,
          failureCode: outcome.code,
          failureMessage: outcome.message,
        };
  return { payment: toPayment(await settle(ctx, row, from, patch, card)), nextAction: null };
}

async function createIntent(ctx: SandboxContext, input: CreateIntentInput): Promise<CreatedIntent> {
  const money = checkedMoney(input.amountMinor, input.currency);
  const id = ctx.newId('pi');
  const row = await insertPaymentOnce(ctx.db, {
    id,
    kind: 'intent',
    npoId: input.account.npoId,
    accountId: input.account.accountId,
    ...money,
    interval: input.interval,
    status: 'requires_payment_method',
    // The methods the intent allows, as Stripe's payment_method_types (absent: every method).
    metadata: {
      ...input.metadata,
      interval: input.interval,
      ...(input.methodTypes ? { method_types: input.methodTypes.join(',') } : {}),
    },
    clientSecretDigest: sha256Hex(ctx.clientSecretFor(id)),
    idempotencyKey: `intent:${input.account.npoId}:${input.idempotencyKey}`,
  });
  return { id: row.id, clientSecret: ctx.clientSecretFor(row.id), status: row.status as CreatedIntent['status'] };
}

/** As Stripe's update: only an intent still awaiting its card takes a new amount. */
async function updateIntent(ctx: SandboxContext, input: UpdateIntentInput): Promise<CreatedIntent> {
  const row = await ctx.load(input.account, input.id, ['intent']);
  if (!row.clientSecretDigest || !safeEqual(sha256Hex(input.clientSecret), row.clientSecretDigest)) {
    throw new ProviderError('sandbox', 'not_found', 'No such payment.', { httpStatus: 404 });
  }
  const next = await transition(ctx.db, row.id, ['requires_payment_method'], {
    ...checkedMoney(input.amountMinor, input.currency),
    metadata: { ...input.metadata, interval: row.interval ?? 'once' },
  });
  if (!next) throw alreadyDone(row);
  return { id: next.id, clientSecret: ctx.clientSecretFor(next.id), status: next.status as CreatedIntent['status'] };
}

/** What the browser's sandbox card form calls; amount and currency stay those stored at creation. */
async function confirmIntent(ctx: SandboxContext, input: ConfirmInput): Promise<ConfirmResult> {
  // The browser knows no organisation: the client secret is what authorises it.
  const found = await findPayment(ctx.db, input.id);
  if (found?.kind !== 'intent' && found?.kind !== 'card_setup')
    throw new ProviderError('sandbox', 'not_found', 'No such payment.', { httpStatus: 404 });
  if (!found.clientSecretDigest || !safeEqual(sha256Hex(input.clientSecret), found.clientSecretDigest)) {
    throw new ProviderError('sandbox', 'invalid_request', 'The client secret does not match this payment.', {
      httpStatus: 403,
      providerCode: 'client_secret_mismatch',
    });
  }
  if (['succeeded', 'canceled', 'processing'].includes(found.status)) throw alreadyDone(found);
  if (found.kind === 'intent' && (input.wallet || input.bank)) {
    const payment = input.bank ? await confirmDebit(ctx, found, input.bank) : await confirmWallet(ctx, found);
    return { payment, nextAction: null };
  }
  let card: ValidCard | null = null;
  if (input.card) {
    const checked = validateCard(input.card);
    if ('fields' in checked) throw new SandboxCardError(checked.fields);
    card = checked.card;
  }
  if (found.kind === 'card_setup') return confirmSetup(ctx, found, card, input.actionConfirmed);
  if (found.status === 'requires_action' && input.actionConfirmed !== undefined) {
    return answerAction(ctx, found, input.actionConfirmed, card);
  }
  if (!card) throw new SandboxCardError({ card_number: 'Your card number is incomplete.' });
  return attempt(ctx, found, card);
}

async function confirmSetup(
  ctx: SandboxContext,
  row: SandboxPaymentRow,
  card: ValidCard | null,
  actionConfirmed: boolean | undefined,
): Promise<ConfirmResult> {
  if (!card && actionConfirmed === undefined) {
    throw new SandboxCardError({ card_number: 'Your card number is incomplete.' });
  }
  const done = await confirmCardSetup(ctx, row, card, actionConfirmed);
  if (!done) throw alreadyDone(row);
  return { payment: setupAsPayment(done.row), nextAction: done.nextAction };
}

async function chargeSaved(ctx: SandboxContext, input: ChargeSavedInput): Promise<ProviderPayment> {
  const method = await findMethod(ctx.db, input.paymentMethodId, input.account.npoId);
  if (!method) throw new ProviderError('sandbox', 'not_found', 'No such payment method.', { httpStatus: 404 });
  const declines = method.type === 'card' && savedCardDeclines(method.cardLast4);
  const id = ctx.newId('ch');
  const row = await insertPaymentOnce(ctx.db, {
    id,
    kind: 'charge',
    npoId: input.account.npoId,
    accountId: input.account.accountId,
    ...checkedMoney(input.amountMinor, input.currency),
    status: declines ? 'failed' : 'succeeded',
    metadata: input.metadata,
    cardLast4: method.cardLast4,
    paymentMethodId: method.id,
    ...(declines ? { failureCode: 'card_declined', failureMessage: DECLINED_MESSAGE } : {}),
    idempotencyKey: `charge:${input.account.npoId}:${input.idempotencyKey}`,
  });
  // A replayed key answers with the first charge and announces nothing new.
  if (row.id === id) ctx.emit(declines ? 'payment.failed' : 'payment.succeeded', row);
  return toPayment(row);
}

async function refund(ctx: SandboxContext, input: RefundInput): Promise<ProviderRefund> {
  // Like PayPal, a wallet payment is refunded by its capture id (capture_sandbox_… names its order).
  const paymentId = input.paymentId.replace(/^capture_sandbox_/, 'order_sandbox_');
  const row = await ctx.load(input.account, paymentId, ['intent', 'charge', 'order']);
  if (row.status !== 'succeeded') {
    throw new ProviderError('sandbox', 'unexpected_state', 'Only a succeeded payment can be refunded.', {
      httpStatus: 409,
    });
  }
  const amountMinor = input.amountMinor ?? row.amountMinor ?? 0;
  if (amountMinor < 1 || amountMinor > (row.amountMinor ?? 0)) {
    throw new ProviderError('sandbox', 'invalid_amount', 'The refund is larger than the payment.');
  }
  // The same key names the same refund, as at Stripe: a retried staff refund and its webhook agree.
  const id = `re_sandbox_${hmacHex(ctx.webhookKey, `refund:${input.account.npoId}:${input.idempotencyKey}`).slice(0, 24)}`;
  ctx.emit('refund.recorded', row, { refund: { id, amount_minor: amountMinor } });
  // The card that cannot take money back: the bank refuses the refund after it was accepted. The
  // two events travel concurrently, so they may arrive in either order, as a provider's may.
  if (refundFailsLater(row.cardLast4)) {
    ctx.emit('refund.failed', row, {
      refund: { id, amount_minor: amountMinor },
      failure_message: 'expired_or_canceled_card',
    });
  }
  return { id, status: 'succeeded', amountMinor, currency: row.currency ?? 'USD' };
}

/** The sandbox's card operations bound to one context. */
export function createSandboxCard(ctx: SandboxContext) {
  return {
    createIntent: (input: CreateIntentInput) => createIntent(ctx, input),
    updateIntent: (input: UpdateIntentInput) => updateIntent(ctx, input),
    retrieveIntent: async ({ account, id }: { account: ProviderAccount; id: string }) =>
      toPayment(await ctx.load(account, id, ['intent', 'charge'])),
    confirmIntent: (input: ConfirmInput) => confirmIntent(ctx, input),
    chargeSaved: (input: ChargeSavedInput) => chargeSaved(ctx, input),
    refund: (input: RefundInput) => refund(ctx, input),
  };
}
