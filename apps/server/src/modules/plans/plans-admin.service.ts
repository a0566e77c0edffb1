// Staff work on recurring plans: the list with its monthly recurring revenue, one plan with its
// charge history, and the changes (amount, next date, pause, resume, cancel, retry now). The
// organisation is always the session's; every change is audited in its own transaction, under
// the plan's row lock so it never interleaves with a charge in progress.
import type {
  TRecurringPlanDetail,
  TRecurringPlanListResponse,
  TRecurringPlanRetryResponse,
  TRecurringPlanSummary,
  TRecurringPlanUpdate,
} from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import type { PlanStatus } from '../donations/index.ts';
import { retriesOf } from './dunning.ts';
import { monthlyRecurringRevenue } from './mrr.ts';
import { chosenChargeDate, firstPeriodAfter } from './next-charge.ts';
import { planCardOf } from './plan-cards.ts';
import { recordPlanEvent } from './plan-events.ts';
import { organisationCalendarOf } from './plan-facts.repository.ts';
import type { PlanRow } from './plans.repository.ts';
import {
  baseCurrencyOf,
  chargeHistory,
  findPlanWithDonor,
  listPlans,
  lockPlan,
  type PlanListFilter,
  type PlanListRow,
} from './plans-admin.repository.ts';
import { updateClaimedPlan } from './scheduler.repository.ts';
import { type ChargeOutcome, runDueCharges, type SchedulerDeps } from './scheduler.service.ts';

export type StaffActor = { npoId: number; userId: number; ip: string | null };

export const PLAN_NOT_FOUND = 'Recurring plan not found.';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function summaryOf({ plan, donor, campaignName }: PlanListRow): TRecurringPlanSummary {
  return {
    id: plan.id,
    donor: { id: donor.id, first_name: donor.firstName, last_name: donor.lastName, email: donor.email },
    amount_minor: plan.amountMinor,
    currency: plan.currency,
    interval: plan.interval,
    status: plan.status,
    failure_reason: plan.failureReason,
    provider: plan.provider,
    campaign_id: plan.campaignId,
    campaign_name: campaignName,
    next_charge_at: iso(plan.nextChargeAt),
    last_charged_at: iso(plan.lastChargedAt),
    failed_attempts: plan.failedAttempts,
    started_at: plan.startedAt.toISOString(),
  };
}

export async function listRecurringPlans(
  db: Db,
  npoId: number,
  filter: PlanListFilter,
): Promise<TRecurringPlanListResponse> {
  const { rows, total, counts } = await listPlans(db, npoId, filter);
  const mrr = await monthlyRecurringRevenue(db, npoId, await baseCurrencyOf(db, npoId));
  return {
    plans: rows.map(summaryOf),
    total,
    page: filter.page,
    per_page: filter.perPage,
    counts: {
      active: counts.active ?? 0,
      paused: counts.paused ?? 0,
      past_due: counts.past_due ?? 0,
      cancelled: counts.cancelled ?? 0,
    },
    mrr: { amount_minor: mrr.amountMinor, currency: mrr.currency, past_due_minor: mrr.pastDueMinor, plans: mrr.plans },
  };
}

export async function getRecurringPlan(db: Tx, npoId: number, planId: number): Promise<TRecurringPlanDetail> {
  const row = await findPlanWithDonor(db, npoId, planId);
  if (!row) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  const { plan } = row;
  return {
    ...summaryOf(row),
    fee_covered_minor: plan.feeCoveredMinor,
    payment_method_id: plan.paymentMethodId,
    card: planCardOf({
      provider: plan.provider,
      paymentMethodId: plan.paymentMethodId,
      brand: plan.cardBrand,
      last4: plan.cardLast4,
      expMonth: plan.cardExpMonth,
      expYear: plan.cardExpYear,
    }),
    paused_at: iso(plan.pausedAt),
    cancelled_at: iso(plan.cancelledAt),
    past_due_since: iso(plan.pastDueSince),
    retries_left: plan.status === 'past_due' ? Math.max(0, retriesOf(plan.interval) - plan.failedAttempts + 1) : 0,
    first_donation_id: plan.firstDonationId,
    charges: await chargeHistory(db, npoId, planId),
  };
}

/**
 * Locks the organisation's plan, checks its status allows the change, applies it and audits it.
 * Another organisation's plan is 404; a change the status does not allow is 409.
 */
async function changePlan(
  db: Db,
  actor: StaffActor,
  planId: number,
  change: {
    action: string;
    from: readonly PlanStatus[];
    refusal: string;
    patch: (plan: PlanRow, zone: string) => Partial<PlanRow>;
  },
): Promise<TRecurringPlanDetail> {
  await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, actor.npoId, planId);
    if (!plan) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
    if (!change.from.includes(plan.status)) throw new AppError('CONFLICT', change.refusal);
    const patch = change.patch(plan, (await organisationCalendarOf(tx, actor.npoId)).timeZone);
    const updated = await updateClaimedPlan(tx, plan, patch);
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: change.action,
      targetType: 'recurring_plan',
      targetId: plan.id,
      ip: actor.ip,
      data: auditDiff(plan, updated),
    });
    await recordPlanEvent(tx, change.action, updated);
  });
  return getRecurringPlan(db, actor.npoId, planId);
}

const AUDITED: (keyof PlanRow)[] = ['status', 'amountMinor', 'feeCoveredMinor', 'nextChargeAt', 'anchorAt'];

/** What changed, before and after, in the audit's snake_case. */
function auditDiff(before: PlanRow, after: PlanRow): Record<string, unknown> {
  const diff: Record<string, unknown> = {};
  for (const key of AUDITED) {
    const [a, b] = [before[key], after[key]];
    const same = a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
    if (same) continue;
    const name = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    diff[name] = { from: a instanceof Date ? a.toISOString() : a, to: b instanceof Date ? b.toISOString() : b };
  }
  return diff;
}

const OPEN: PlanStatus[] = ['active', 'paused', 'past_due'];

/**
 * The next date as staff choose it: that calendar day in the organisation's zone at the plan's time
 * of day, after today there.
 */
function nextDateOf(plan: PlanRow, date: string, now: Date, zone: string): Date {
  const { at, today, limit } = chosenChargeDate(plan, date, now, zone);
  if (!at) throw new AppError('VALIDATION_FAILED', 'Enter a real date.', { next_charge_date: 'Enter a real date.' });
  if (date <= today || date > limit) {
    const message = 'Choose a date after today and within two years.';
    throw new AppError('VALIDATION_FAILED', message, { next_charge_date: message });
  }
  return at;
}

export async function updateRecurringPlan(
  db: Db,
  actor: StaffActor,
  planId: number,
  input: TRecurringPlanUpdate,
  now = new Date(),
): Promise<TRecurringPlanDetail> {
  return changePlan(db, actor, planId, {
    action: 'recurring_plan.updated',
    from: OPEN,
    refusal: 'Only an active, paused or past-due plan can be changed.',
    patch: (plan, zone) => {
      const patch: Partial<PlanRow> = {};
      if (input.amount_minor !== undefined && input.amount_minor !== plan.amountMinor) {
        // Staff set what each charge takes; the donor's fee cover was part of the old total.
        patch.amountMinor = input.amount_minor;
        patch.feeCoveredMinor = 0;
      }
      if (input.next_charge_date !== undefined) {
        const at = nextDateOf(plan, input.next_charge_date, now, zone);
        // Re-anchored at the new date; periods keep counting up (keys never repeat).
        Object.assign(patch, { anchorAt: at, anchorPeriod: plan.nextPeriod, nextChargeAt: at });
        // A past-due plan given a new date starts that period's attempts afresh on it.
        if (plan.status === 'past_due')
          Object.assign(patch, { status: 'active', failedAttempts: 0, pastDueSince: null });
      }
      return patch;
    },
  });
}

export const pauseRecurringPlan = (db: Db, actor: StaffActor, planId: number, now = new Date()) =>
  changePlan(db, actor, planId, {
    action: 'recurring_plan.paused',
    from: ['active', 'past_due'],
    refusal: 'Only an active or past-due plan can be paused.',
    patch: () => ({ status: 'paused', pausedAt: now }),
  });

/** Periods that fell due while paused are skipped: the next charge is the next date after now. */
export const resumeRecurringPlan = (db: Db, actor: StaffActor, planId: number, now = new Date()) =>
  changePlan(db, actor, planId, {
    action: 'recurring_plan.resumed',
    from: ['paused'],
    refusal: 'Only a paused plan can be resumed.',
    patch: (plan, zone) => {
      const next = firstPeriodAfter(plan, plan.nextPeriod, now, zone);
      return {
        status: 'active',
        pausedAt: null,
        failedAttempts: 0,
        pastDueSince: null,
        nextPeriod: next.period,
        nextChargeAt: next.dueAt,
      };
    },
  });

/** A staff cancellation: nobody is notified (only the donor's own and failure cancellations are). */
export const cancelRecurringPlan = (db: Db, actor: StaffActor, planId: number, now = new Date()) =>
  changePlan(db, actor, planId, {
    action: 'recurring_plan.cancelled',
    from: ['active', 'paused', 'past_due', 'failed'],
    refusal: 'This plan is already cancelled.',
    patch: () => ({ status: 'cancelled', cancelledAt: now, nextChargeAt: null, failureReason: null }),
  });

const OUTCOME_MESSAGE: Record<ChargeOutcome['kind'], (o: ChargeOutcome) => string> = {
  charged: () => 'The charge went through.',
  failed: (o) => `The charge failed: ${'message' in o ? o.message : ''}`.trim(),
  cancelled: (o) => `The last retry failed and the plan was cancelled: ${'message' in o ? o.message : ''}`.trim(),
  deferred: (o) => `The provider did not answer; nothing changed. ${'reason' in o ? o.reason : ''}`.trim(),
  error: () => 'The charge could not be made because of an error on our side; nothing changed.',
};

/** Staff "retry now": the past-due plan's next retry, made at once through the scheduler's path. */
export async function retryRecurringPlan(
  deps: SchedulerDeps,
  actor: StaffActor,
  planId: number,
  now = new Date(),
): Promise<TRecurringPlanRetryResponse> {
  const plan = await findPlanWithDonor(deps.db, actor.npoId, planId);
  if (!plan) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  if (plan.plan.status !== 'past_due') throw new AppError('CONFLICT', 'Only a past-due plan can be retried.');
  const { outcomes } = await runDueCharges(deps, now, { planId, npoId: actor.npoId, retryNow: true, limit: 1 });
  const outcome = outcomes[0];
  if (!outcome) throw new AppError('CONFLICT', 'This plan is being charged right now. Try again in a moment.');
  await recordAudit(deps.db, {
    npoId: actor.npoId,
    actorUserId: actor.userId,
    action: 'recurring_plan.retried',
    targetType: 'recurring_plan',
    targetId: planId,
    ip: actor.ip,
    data: { outcome: outcome.kind, ...('donationId' in outcome ? { donation_id: outcome.donationId } : {}) },
  });
  return {
    outcome: outcome.kind,
    message: OUTCOME_MESSAGE[outcome.kind](outcome),
    plan: await getRecurringPlan(deps.db, actor.npoId, planId),
  };
}
