// What staff hear from the scheduler (notifications, in the transaction that changes the plan)
// and the audit entries of its changes (actor null: the system did it).

import type { Tx } from '../../platform/db/tx.ts';
import { recordAudit } from '../audit/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { recordPlanEvent } from './plan-events.ts';
import { type ChargeContext, donorNameOf } from './plan-facts.repository.ts';
import type { PlanRow } from './plans.repository.ts';

const giftOf = (plan: PlanRow, context: ChargeContext) => ({
  donorName: donorNameOf(context),
  amountMinor: plan.amountMinor,
  currency: plan.currency,
  campaignName: context.campaignName,
  planId: plan.id,
  locale: context.calendar.locale,
});

const factsOf = (plan: PlanRow) => ({
  plan_id: plan.id,
  amount_minor: plan.amountMinor,
  currency: plan.currency,
  status: plan.status,
});

export async function announceRecovered(tx: Tx, plan: PlanRow, context: ChargeContext, donationId: number) {
  await notifyOrganisation(tx, {
    npoId: plan.npoId,
    kind: 'recurring_charge.recovered',
    ...notificationTexts['recurring_charge.recovered'](giftOf(plan, context)),
    data: { ...factsOf(plan), donation_id: donationId },
  });
  await recordAudit(tx, {
    npoId: plan.npoId,
    actorUserId: null,
    action: 'recurring_plan.recovered',
    targetType: 'recurring_plan',
    targetId: plan.id,
    data: { donation_id: donationId, next_charge_at: plan.nextChargeAt?.toISOString() ?? null },
  });
}

export async function announceFailed(tx: Tx, plan: PlanRow, context: ChargeContext, reason: string) {
  await notifyOrganisation(tx, {
    npoId: plan.npoId,
    kind: 'recurring_charge.failed',
    ...notificationTexts['recurring_charge.failed']({ ...giftOf(plan, context), reason }),
    data: { ...factsOf(plan), failed_attempts: plan.failedAttempts, retry_at: plan.nextChargeAt?.toISOString() },
  });
  await recordAudit(tx, {
    npoId: plan.npoId,
    actorUserId: null,
    action: 'recurring_plan.charge_failed',
    targetType: 'recurring_plan',
    targetId: plan.id,
    data: { failure_message: reason, failed_attempts: plan.failedAttempts, retry_at: plan.nextChargeAt?.toISOString() },
  });
  // w21: the failed charge on the event stream (change: charge_failed) starts "payment failed" workflows (decision 093).
  await recordPlanEvent(tx, 'recurring_plan.charge_failed', plan);
}

/** The last retry failed: the plan is cancelled by failure. */
export async function announceCancelled(tx: Tx, plan: PlanRow, context: ChargeContext, reason: string) {
  const text = notificationTexts['recurring_plan.cancelled']({ donorName: donorNameOf(context), planId: plan.id });
  await notifyOrganisation(tx, {
    npoId: plan.npoId,
    kind: 'recurring_plan.cancelled',
    title: text.title,
    // The shared wording says the donor cancelled; here every retry failed instead.
    message: `The recurring plan of ${donorNameOf(context)} was cancelled after its last retry failed: ${reason}`,
    link: text.link,
    data: { ...factsOf(plan), failure_reason: plan.failureReason },
  });
  await recordAudit(tx, {
    npoId: plan.npoId,
    actorUserId: null,
    action: 'recurring_plan.cancelled',
    targetType: 'recurring_plan',
    targetId: plan.id,
    data: { failure_reason: plan.failureReason, failure_message: reason, failed_attempts: plan.failedAttempts },
  });
  await recordPlanEvent(tx, 'recurring_plan.cancelled', plan);
}
