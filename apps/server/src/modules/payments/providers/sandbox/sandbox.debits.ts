// The sandbox's wallet button and bank debits, as Stripe's test mode behaves (decision 038): a
// wallet payment is a card payment underneath and succeeds at once; a debit is accepted as
// processing and settles days later, succeeded or failed by the test account. "Days later" is a
// staff action in demos and a call in tests (settleDebit).
import { SANDBOX_DEBIT_MESSAGES, SANDBOX_FAILING_DEBITS, SANDBOX_TEST_ACCOUNTS } from '@kindling/contracts';
import type { ProviderAccount, ProviderPayment } from '../payment-provider.ts';
import { ProviderError } from '../provider-error.ts';
import { type SandboxContext, toPayment } from './sandbox.context.ts';
import { insertMethod, type SandboxPaymentRow, transition } from './sandbox.repository.ts';

/** What the sandbox's bank-debit form sends: ACH names a routing number, SEPA an IBAN. */
export type BankAccountInput = { holder: string; account: string; routing?: string; mandate: boolean };

export class SandboxDebitError extends ProviderError {
  constructor(readonly fields: Record<string, string>) {
    super('sandbox', 'invalid_request', Object.values(fields)[0] ?? SANDBOX_DEBIT_MESSAGES.notTestAccount);
  }
}

const compact = (value: string | undefined) => (value ?? '').replace(/\s/g, '').toUpperCase();

/** The test account's last four characters, or field messages in the donor's words. */
export function checkBankAccount(currency: string, input: BankAccountInput): string {
  const accounts = SANDBOX_TEST_ACCOUNTS[currency as keyof typeof SANDBOX_TEST_ACCOUNTS];
  if (!accounts) {
    throw new ProviderError('sandbox', 'currency_not_supported', 'Bank debits take US dollars or euros only.');
  }
  const fields: Record<string, string> = {};
  const account = compact(input.account);
  const routing = compact(input.routing);
  if (!input.holder.trim()) fields.holder = SANDBOX_DEBIT_MESSAGES.holder;
  if (!account) fields.account = currency === 'EUR' ? SANDBOX_DEBIT_MESSAGES.iban : SANDBOX_DEBIT_MESSAGES.account;
  if (currency === 'USD' && !/^\d{9}$/.test(routing)) fields.routing = SANDBOX_DEBIT_MESSAGES.routing;
  if (!input.mandate) fields.mandate = SANDBOX_DEBIT_MESSAGES.mandate;
  const known = accounts.some((a) => a.account === account && (currency !== 'USD' || a.routing === routing));
  if (account && !fields.routing && !known) fields.account = SANDBOX_DEBIT_MESSAGES.notTestAccount;
  if (Object.keys(fields).length > 0) throw new SandboxDebitError(fields);
  return account.slice(-4);
}

const busy = () =>
  new ProviderError('sandbox', 'unexpected_state', 'This payment is already being processed or has completed.', {
    httpStatus: 409,
  });

/** The wallet sheet approved: succeeds like a test card, saving it for a recurring gift. */
export async function confirmWallet(ctx: SandboxContext, row: SandboxPaymentRow): Promise<ProviderPayment> {
  const saved =
    row.interval === 'once'
      ? null
      : await insertMethod(ctx.db, { id: ctx.newId('pm'), npoId: row.npoId, type: 'card', cardLast4: '4242' });
  const next = await transition(ctx.db, row.id, ['requires_payment_method'], {
    status: 'succeeded',
    cardLast4: '4242',
    failureCode: null,
    failureMessage: null,
    paymentMethodId: saved?.id ?? null,
    metadata: { ...row.metadata, payment_method: 'wallet' },
  });
  if (!next) throw busy();
  ctx.emit('payment.succeeded', next);
  return toPayment(next);
}

/** The mandate accepted: the debit is processing now and settles later (settleDebit). */
export async function confirmDebit(
  ctx: SandboxContext,
  row: SandboxPaymentRow,
  input: BankAccountInput,
): Promise<ProviderPayment> {
  const allowed = row.metadata.method_types?.split(',');
  if (allowed && !allowed.some((type) => type === 'us_bank_account' || type === 'sepa_debit')) {
    throw new ProviderError('sandbox', 'invalid_request', 'Bank debits are not available for this payment.');
  }
  const last4 = checkBankAccount(row.currency ?? '', input);
  const next = await transition(ctx.db, row.id, ['requires_payment_method'], {
    status: 'processing',
    cardLast4: last4,
    failureCode: null,
    failureMessage: null,
    metadata: { ...row.metadata, payment_method: 'bank_debit' },
  });
  if (!next) throw busy();
  ctx.emit('payment.processing', next);
  return toPayment(next);
}

/**
 * The bank's answer, days later: once per debit (a second call finds it settled and answers 409),
 * announced through the webhook path like Stripe's payment_intent.succeeded / payment_failed.
 */
export async function settleDebit(
  ctx: SandboxContext,
  input: { account: ProviderAccount; paymentId: string },
): Promise<ProviderPayment> {
  const row = await ctx.load(input.account, input.paymentId, ['intent']);
  if (row.status !== 'processing' || row.metadata.payment_method !== 'bank_debit') {
    throw new ProviderError('sandbox', 'unexpected_state', SANDBOX_DEBIT_MESSAGES.notProcessing, { httpStatus: 409 });
  }
  const fails = SANDBOX_FAILING_DEBITS.includes(row.cardLast4 ?? '');
  const patch = fails
    ? { status: 'failed', failureCode: 'debit_not_authorized', failureMessage: SANDBOX_DEBIT_MESSAGES.failed }
    : { status: 'succeeded' };
  const next = await transition(ctx.db, row.id, ['processing'], patch);
  if (!next)
    throw new ProviderError('sandbox', 'unexpected_state', SANDBOX_DEBIT_MESSAGES.notProcessing, { httpStatus: 409 });
  ctx.emit(fails ? 'payment.failed' : 'payment.succeeded', next);
  return toPayment(next);
}
