// Instalments (docs/decisions/062-payment-request-instalments.md): a fixed request split into n equal monthly
// payments. The payer's first payment on /pay/{id} is a monthly gift, so checkout saves the card and starts a
// recurring plan; the plan's later charges are counted against the request here (the scheduler's onCharged
// hook, in the charge's transaction), and the plan ends when the request is paid.
import { instalmentDueDays, PAYMENT_REQUEST_MESSAGES as M, type TInstalment } from '@kindling/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type PlanCharge, recurringPlans } from '../plans/index.ts';
import { addPayment, lockById, type RequestRow } from './payment-requests.repository.ts';

export const instalmentOf = (r: Pick<RequestRow, 'amount_minor' | 'instalments'>) =>
  Math.floor(r.amount_minor / r.instalments);

/** Each instalment's due day (monthly from the request's due day) and whether it is paid. */
export function scheduleOf(r: RequestRow): TInstalment[] {
  const each = instalmentOf(r);
  const days = r.due_on ? instalmentDueDays(r.due_on, r.instalments) : [];
  return Array.from({ length: r.instalments }, (_, k) => ({
    number: k + 1,
    due_on: days[k] ?? null,
    amount_minor: r.instalments === 1 ? r.amount_minor : each,
    paid: r.status === 'paid' || r.paid_minor >= each * (k + 1),
  }));
}

/**
 * The interval and amount a payment on /pay/{id} must have: the first payment of a request in
 * instalments is one instalment, monthly (it starts the plan); any other payment is a one-off.
 */
export function assertInstalmentChoice(r: RequestRow, giftMinor: number, interval: string) {
  const first = r.instalments > 1 && r.paid_minor === 0;
  if (interval !== (first ? 'monthly' : 'once')) {
    const message = first ? M.instalmentAmount(instalmentOf(r), r.currency, r.locale) : M.oneOff;
    throw new AppError('VALIDATION_FAILED', message, { interval: message });
  }
  if (first && giftMinor !== instalmentOf(r)) {
    const message = M.instalmentAmount(instalmentOf(r), r.currency, r.locale);
    throw new AppError('UNPROCESSABLE', message, { amount: message });
  }
}

/**
 * The recurring scheduler's hook: a charge of a plan a request's first instalment started is
 * counted against that request, once (payment_request_payments is keyed by the donation), under the
 * request's lock; the plan is cancelled once the request is paid, so no charge follows the last.
 */
export async function countInstalmentCharge(tx: Tx, charge: PlanCharge): Promise<void> {
  const { rows } = await tx.execute<{ request_id: number; gift: number }>(sql`
    SELECT p.request_id::int AS request_id,
      (SELECT (d2.amount_minor - d2.fee_covered_minor)::float8 FROM donations d2 WHERE d2.id = ${charge.donationId}) AS gift
    FROM payment_request_payments p JOIN donations d ON d.id = p.donation_id
    WHERE d.recurring_plan_id = ${charge.planId} AND d.npo_id = ${charge.npoId} LIMIT 1`);
  const found = rows[0];
  if (!found) return;
  const r = await lockById(tx, charge.npoId, found.request_id);
  if (!r || r.status === 'paid' || r.status === 'cancelled') return;
  const gift = Math.min(found.gift, r.amount_minor - r.paid_minor);
  await addPayment(tx, r, charge.donationId, gift);
  if (r.paid_minor + gift >= r.amount_minor) {
    await tx
      .update(recurringPlans)
      .set({ status: 'cancelled', cancelledAt: new Date(), nextChargeAt: null })
      .where(eq(recurringPlans.id, charge.planId));
  }
}
