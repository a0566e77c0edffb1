// A donor's own changes to their plans (the donor portal, by signed link or signed in): amount,
// interval, next date, pause, resume, cancel and a new payment method. Every change is made under
// the plan's row lock (so it never interleaves with a charge in progress), only on a plan of that
// organisation AND that donor, and audited with the actor "donor" in the same transaction.
import { cardMinimumError } from '@kindling/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { formatFor } from '../../platform/format/format.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { type PlanStatus, recurringPlans } from '../donations/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import type { SavedCard } from '../payments/index.ts';
import { chosenChargeDate, firstPeriodAfter, type RecurringInterval } from './next-charge.ts';
import { recordPlanEvent } from './plan-events.ts';
import { organisationCalendarOf } from './plan-facts.repository.ts';
import type { PlanRow } from './plans.repository.ts';

/** Who acts: the donor, through a portal link (no user) or signed in (their user id). */
export type DonorActor = {
  npoId: number;
  donorId: number;
  donorName: string;
  userId: number | null;
  via: 'portal_link' | 'signed_in';
  ip: string | null;
};

export type DonorPlanChange =
  | { kind: 'update'; amountMinor?: number; interval?: RecurringInterval; nextChargeDate?: string }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'cancel' }
  | {
      kind: 'payment_method';
      provider: string;
      paymentMethodId: string;
      customerId: string | null;
      /** The new card's details as its provider described them; null when it told us nothing. */
      card?: SavedCard | null;
    };

export const DONOR_PLAN_NOT_FOUND = 'Recurring donation not found.';

/** The plan of this donor in this organisation, locked; another's is invisible (null). */
export async function lockDonorPlan(tx: Tx, actor: DonorActor, planId: number): Promise<PlanRow | null> {
  const [row] = await tx
    .select()
    .from(recurringPlans)
    .where(
      and(
        eq(recurringPlans.id, planId),
        eq(recurringPlans.npoId, actor.npoId),
        eq(recurringPlans.donorId, actor.donorId),
      ),
    )
    .for('no key update');
  return row ?? null;
}

/** The first period from the plan's next one whose date is after now: missed periods are skipped. */
function nextPeriodAfter(plan: PlanRow, now: Date, zone: string): { nextPeriod: number; nextChargeAt: Date } {
  const { period, dueAt } = firstPeriodAfter(plan, plan.nextPeriod, now, zone);
  return { nextPeriod: period, nextChargeAt: dueAt };
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

/** The chosen day in the organisation's zone at the plan's time of day; after today there, within two years. */
function chosenDate(plan: PlanRow, date: string, now: Date, zone: string): Date {
  const { at, today, limit } = chosenChargeDate(plan, date, now, zone);
  if (!at) throw invalid('next_charge_date', 'Enter a real date.');
  if (date <= today || date > limit)
    throw invalid('next_charge_date', 'Choose a date after today and within two years.');
  return at;
}

const CHANGEABLE: PlanStatus[] = ['active', 'paused', 'past_due'];

function updatePatch(plan: PlanRow, change: Extract<DonorPlanChange, { kind: 'update' }>, now: Date, zone: string) {
  if (!CHANGEABLE.includes(plan.status)) {
    throw new AppError('CONFLICT', 'Only an active, paused or past-due recurring donation can be changed.');
  }
  const patch: Partial<PlanRow> = {};
  if (change.amountMinor !== undefined && change.amountMinor !== plan.amountMinor) {
    const tooSmall = cardMinimumError(change.amountMinor, plan.currency);
    if (tooSmall) throw invalid('amount_minor', tooSmall);
    // The donor sets what each charge takes; the fee cover chosen with the old amount no longer applies.
    Object.assign(patch, { amountMinor: change.amountMinor, feeCoveredMinor: 0 });
  }
  const date = change.nextChargeDate === undefined ? null : chosenDate(plan, change.nextChargeDate, now, zone);
  const interval = change.interval ?? plan.interval;
  if (date || interval !== plan.interval) {
    // Re-anchored at the next charge (the chosen date or the one already due), counting on from
    // the next period, so every later date follows the new interval and no period key repeats.
    const anchor = date ?? plan.nextChargeAt ?? nextPeriodAfter(plan, now, zone).nextChargeAt;
    Object.assign(patch, { interval, anchorAt: anchor, anchorPeriod: plan.nextPeriod });
    if (plan.status !== 'paused') Object.assign(patch, { nextChargeAt: anchor });
    // A past-due plan given a new date starts that period's attempts afresh on it.
    if (date && plan.status === 'past_due')
      Object.assign(patch, { status: 'active', failedAttempts: 0, pastDueSince: null });
  }
  return patch;
}

function patchFor(
  plan: PlanRow,
  change: DonorPlanChange,
  now: Date,
  zone: string,
): { action: string; patch: Partial<PlanRow> } {
  switch (change.kind) {
    case 'update':
      return { action: 'recurring_plan.updated', patch: updatePatch(plan, change, now, zone) };
    case 'pause':
      if (plan.status !== 'active' && plan.status !== 'past_due') {
        throw new AppError('CONFLICT', 'Only an active or past-due recurring donation can be paused.');
      }
      return { action: 'recurring_plan.paused', patch: { status: 'paused', pausedAt: now } };
    case 'resume': {
      if (plan.status !== 'paused') throw new AppError('CONFLICT', 'Only a paused recurring donation can be resumed.');
      const next = nextPeriodAfter(plan, now, zone);
      const patch = { status: 'active' as const, pausedAt: null, failedAttempts: 0, pastDueSince: null, ...next };
      return { action: 'recurring_plan.resumed', patch };
    }
    case 'cancel':
      if (plan.status === 'cancelled') throw new AppError('CONFLICT', 'This recurring donation is already cancelled.');
      return {
        action: 'recurring_plan.cancelled',
        patch: { status: 'cancelled', cancelledAt: now, nextChargeAt: null, failureReason: null },
      };
    case 'payment_method':
      return { action: 'recurring_plan.payment_method_changed', patch: methodPatch(plan, change, now, zone) };
  }
}

/**
 * A new saved method. A past-due plan is due again at once (next_charge_at = now): the
 * scheduler's next sweep retries the period with the new card as its next attempt. A plan that
 * could not be charged for want of a method becomes active from its next date.
 */
function methodPatch(
  plan: PlanRow,
  change: Extract<DonorPlanChange, { kind: 'payment_method' }>,
  now: Date,
  zone: string,
) {
  if (plan.status === 'cancelled') throw new AppError('CONFLICT', 'This recurring donation is cancelled.');
  // The same saved method again (the donor came back twice from the bank's 3-D Secure page, or
  // completed the same setup twice): already applied, so nothing changes, no audit, no new retry.
  if (plan.provider === change.provider && plan.paymentMethodId === change.paymentMethodId) return {};
  const patch: Partial<PlanRow> = {
    provider: change.provider,
    paymentMethodId: change.paymentMethodId,
    customerId: change.customerId,
    // The old card's expiry no longer applies, known or not.
    ...cardColumnsOf(change.card ?? null),
  };
  if (plan.status === 'past_due') patch.nextChargeAt = now;
  if (plan.status === 'failed') {
    Object.assign(patch, { status: 'active', failureReason: null, failedAttempts: 0, pastDueSince: null });
    Object.assign(patch, nextPeriodAfter(plan, now, zone));
  }
  return patch;
}

/** A saved card as the plan's columns (all null when unknown). */
export const cardColumnsOf = (card: SavedCard | null) => ({
  cardBrand: card?.brand ?? null,
  cardLast4: card?.last4 ?? null,
  cardExpMonth: card?.expMonth ?? null,
  cardExpYear: card?.expYear ?? null,
});

const AUDITED: (keyof PlanRow)[] = ['status', 'amountMinor', 'interval', 'nextChargeAt', 'provider', 'paymentMethodId'];

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

/**
 * Applies one donor change inside the caller's transaction: 404 for a plan that is not this
 * donor's, 409 when its status does not allow the change, 400 per field for bad values. A donor's
 * cancellation notifies staff (recurring_plan.cancelled) in the same transaction.
 */
export async function changePlanAsDonor(
  tx: Tx,
  actor: DonorActor,
  planId: number,
  change: DonorPlanChange,
  now = new Date(),
): Promise<PlanRow> {
  const plan = await lockDonorPlan(tx, actor, planId);
  if (!plan) throw new AppError('NOT_FOUND', DONOR_PLAN_NOT_FOUND);
  const calendar = await organisationCalendarOf(tx, actor.npoId);
  const { action, patch } = patchFor(plan, change, now, calendar.timeZone);
  if (Object.keys(patch).length === 0) return plan;
  const [updated] = await tx
    .update(recurringPlans)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(recurringPlans.id, plan.id), eq(recurringPlans.npoId, actor.npoId)))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', DONOR_PLAN_NOT_FOUND);
  await recordAudit(tx, {
    npoId: actor.npoId,
    actorUserId: actor.userId,
    action,
    targetType: 'recurring_plan',
    targetId: plan.id,
    ip: actor.ip,
    data: { actor: 'donor', via: actor.via, donor_id: actor.donorId, ...auditDiff(plan, updated) },
  });
  await recordPlanEvent(tx, action, updated);
  if (change.kind === 'cancel') {
    const text = notificationTexts['recurring_plan.cancelled']({ donorName: actor.donorName, planId: plan.id });
    await notifyOrganisation(tx, {
      npoId: actor.npoId,
      kind: 'recurring_plan.cancelled',
      ...text,
      data: {
        plan_id: plan.id,
        donor_id: actor.donorId,
        by: 'donor',
        amount: formatFor(calendar).money(plan.amountMinor, plan.currency),
      },
    });
  }
  return updated;
}
