import type { Tx } from '../../platform/db/tx.ts';
import { type PaymentAttemptStatus, paymentAttempts } from './transactions.tables.ts';

export type PaymentAttempt = {
  npoId: number;
  provider: string;
  providerReference: string | null;
  campaignId?: number | null;
  donorId?: number | null;
  recurringPlanId?: number | null;
  email?: string | null;
  amountMinor: number;
  currency: string;
  status: PaymentAttemptStatus;
  failureCode?: string | null;
  failureMessage?: string | null;
};

/**
 * Stores one payment that did not succeed. A second report of the same outcome (the webhook after
 * the browser's confirmation, or a retried request) is ignored. Pass the caller's transaction when
 * the attempt belongs with other changes (a plan becoming past due).
 */
export async function recordPaymentAttempt(db: Tx, attempt: PaymentAttempt): Promise<void> {
  await db
    .insert(paymentAttempts)
    .values({
      npoId: attempt.npoId,
      provider: attempt.provider,
      providerReference: attempt.providerReference,
      campaignId: attempt.campaignId ?? null,
      donorId: attempt.donorId ?? null,
      recurringPlanId: attempt.recurringPlanId ?? null,
      email: attempt.email ?? null,
      amountMinor: attempt.amountMinor,
      currency: attempt.currency.toUpperCase(),
      status: attempt.status,
      failureCode: attempt.failureCode ?? null,
      failureMessage: attempt.failureMessage ?? null,
    })
    .onConflictDoNothing();
}
