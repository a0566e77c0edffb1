import type { Db } from '../../../../platform/db/client.ts';
import { hmacHex, randomToken } from '../../../../platform/security/tokens.ts';
import { requireCurrency } from '../currency.ts';
import type { PaymentStatus, ProviderAccount, ProviderEventType, ProviderPayment } from '../payment-provider.ts';
import { ProviderError } from '../provider-error.ts';
import type { SandboxPaymentRow } from './sandbox.repository.ts';
import { findPayment } from './sandbox.repository.ts';
import {
  buildSandboxEvent,
  type SandboxEventData,
  type SandboxWebhookSink,
  sandboxWebhookKey,
} from './sandbox.webhooks.ts';

/** Shared by the sandbox's card and wallet halves: storage, secrets and event delivery. */
export type SandboxContext = {
  db: Db;
  webhookKey: string;
  /** The client secret of an intent, derived so a replayed create can hand out the same one. */
  clientSecretFor: (id: string) => string;
  newId: (prefix: string) => string;
  /** Like Stripe's card fingerprint: the same number always gives the same value, and never reveals it. */
  cardFingerprint: (number: string) => string;
  /** Loads a payment of this organisation, or throws not_found (another's is invisible). */
  load: (
    account: ProviderAccount,
    id: string,
    kinds: readonly SandboxPaymentRow['kind'][],
  ) => Promise<SandboxPaymentRow>;
  /** Sends a signed event about `row`; `extra` adds a refund or dispute to its data. */
  emit: (
    type: ProviderEventType,
    row: SandboxPaymentRow,
    extra?: Pick<SandboxEventData, 'refund' | 'dispute' | 'failure_message' | 'card_fingerprint' | 'card_last4'>,
  ) => void;
  setSink: (sink: SandboxWebhookSink | null) => void;
  flush: () => Promise<void>;
};

export function createSandboxContext(db: Db, sessionSecret: string, log: (error: unknown) => void): SandboxContext {
  const webhookKey = sandboxWebhookKey(sessionSecret);
  const secretKey = hmacHex(sessionSecret, 'sandbox-client-secrets');
  let sink: SandboxWebhookSink | null = null;
  const pending = new Set<Promise<void>>();
  return {
    db,
    webhookKey,
    clientSecretFor: (id) => `${id}_secret_${hmacHex(secretKey, id).slice(0, 24)}`,
    cardFingerprint: (number) => hmacHex(webhookKey, `card-fingerprint:${number}`).slice(0, 16),
    newId: (prefix) => `${prefix}_sandbox_${randomToken(12).replace(/[-_]/g, 'x')}`,
    load: async (account, id, kinds) => {
      const row = await findPayment(db, id);
      if (!row || row.npoId !== account.npoId || !kinds.includes(row.kind)) {
        throw new ProviderError('sandbox', 'not_found', 'No such payment.', { httpStatus: 404 });
      }
      return row;
    },
    emit: (type, row, extra = {}) => {
      if (!sink) return;
      const delivery = buildSandboxEvent(webhookKey, type, {
        id: row.id,
        npo_id: row.npoId,
        account_id: row.accountId,
        amount_minor: row.amountMinor,
        currency: row.currency,
        metadata: row.metadata,
        ...(row.failureMessage ? { failure_message: row.failureMessage } : {}),
        ...extra,
      });
      // Delivered after the response, like a provider's webhook; failures are logged, not retried.
      const task = sink(delivery).catch(log);
      pending.add(task);
      void task.finally(() => pending.delete(task));
    },
    setSink: (next) => {
      sink = next;
    },
    flush: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

/** A stored row as the provider interface reports payments. */
export function toPayment(row: SandboxPaymentRow): ProviderPayment {
  return {
    id: row.id,
    status: row.status as PaymentStatus,
    amountMinor: row.amountMinor ?? 0,
    currency: row.currency ?? 'USD',
    metadata: row.metadata,
    ...(row.failureMessage ? { failureMessage: row.failureMessage } : {}),
    ...(row.failureCode ? { failureCode: row.failureCode } : {}),
    paymentMethodId: row.paymentMethodId,
    customerId: null,
  };
}

/** Amount and currency as a provider checks them on create. */
export function checkedMoney(amountMinor: number, currency: string): { amountMinor: number; currency: string } {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 1 || amountMinor > 99_999_999) {
    throw new ProviderError('sandbox', 'invalid_amount', 'The amount must be a positive whole number of minor units.');
  }
  return { amountMinor, currency: requireCurrency('sandbox', currency) };
}
