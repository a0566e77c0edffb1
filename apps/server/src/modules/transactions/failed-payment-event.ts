import type { Tx } from '../../platform/db/tx.ts';
import { recordPaymentAttempt } from './payment-attempts.repository.ts';
import type { PaymentAttemptStatus } from './transactions.tables.ts';

/** What a provider reports of a payment that has not succeeded (ProviderPayment or a webhook event). */
export type UnsuccessfulPayment = {
  id: string | null;
  status?: string;
  amountMinor: number | null;
  currency: string | null;
  metadata: Record<string, string>;
  failureCode?: string | null;
  failureMessage?: string | null;
};

function attemptStatusOf(payment: UnsuccessfulPayment): PaymentAttemptStatus | null {
  if (payment.status === 'requires_action') return 'requires_action';
  if (payment.status === 'canceled') return 'canceled';
  if (payment.status === 'failed') return 'failed';
  // A declined card leaves an intent waiting for another method, with the provider's reason.
  if (payment.failureMessage && payment.status !== 'succeeded' && payment.status !== 'processing') return 'failed';
  return null;
}

/**
 * Stores a payment the checkout or a webhook saw fail, with the provider's reason. Charges of a
 * recurring plan (metadata plan_id) are left to the scheduler, which records them with the plan;
 * anything still processing or succeeded is not an attempt that failed, and a payment that names
 * no organisation cannot be placed. Callers on the donor's path catch and log its errors.
 */
export async function recordFailedPaymentEvent(
  db: Tx,
  provider: string,
  payment: UnsuccessfulPayment,
  context: { npoId?: number | null; campaignId?: number | null } = {},
): Promise<void> {
  const status = attemptStatusOf(payment);
  const npoId = context.npoId ?? Number(payment.metadata.npo_id);
  if (!status || payment.metadata.plan_id || !Number.isSafeInteger(npoId) || npoId <= 0) return;
  if (payment.amountMinor == null || !payment.currency) return;
  const campaignId = context.campaignId ?? Number(payment.metadata.campaign_id);
  await recordPaymentAttempt(db, {
    npoId,
    provider,
    providerReference: payment.id,
    campaignId: Number.isSafeInteger(campaignId) && campaignId > 0 ? campaignId : null,
    email: payment.metadata.donor_email || null,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    status,
    failureCode: payment.failureCode ?? null,
    failureMessage: payment.failureMessage ?? null,
  });
}
