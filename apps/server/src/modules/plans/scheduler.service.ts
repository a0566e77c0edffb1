// The recurring scheduler: charges due plans off-session through each plan's provider, records
// the gift, and runs the dunning schedule when a charge fails. Time is a parameter (`now`), so
// tests drive the clock and the sweep job passes the real time.
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { PLAN_FAILURE, recordSucceededPayment } from '../donations/index.ts';
import { type PaymentProviders, ProviderError, type ProviderName, type ProviderPayment } from '../payments/index.ts';
import { receiptQueue } from '../receipts/index.ts';
import { recordPaymentAttempt } from '../transactions/index.ts';
import { nextRetryAt } from './dunning.ts';
import { firstPeriodAfter } from './next-charge.ts';
import { type PlanEmailKind, planEmailQueue } from './plan-emails.ts';
import { type ChargeContext, chargeContextOf } from './plan-facts.repository.ts';
import { announceCancelled, announceFailed, announceRecovered } from './plan-notices.ts';
import { type ReminderOutcome, sendDueReminders } from './plan-reminders.ts';
import type { PlanRow } from './plans.repository.ts';
import { claimDuePlan, updateClaimedPlan } from './scheduler.repository.ts';

export type SchedulerDeps = {
  db: Db;
  providers: PaymentProviders;
  jobs: Jobs;
  /** Where a plan that could not be charged because of a fault (not a decline) is reported. */
  log?: (error: unknown, context: { planId: number }) => void;
  /**
   * Told of each successful charge inside the plan's transaction, so what a feature hangs on a
   * charge (a membership's next period) commits with it or not at all; it must be idempotent by
   * the donation, because a replayed key records the same donation again.
   */
  onCharged?: PlanChargeHook;
};

/** A successful charge of a plan, as the hooks wired in app.ts see it. */
export type PlanCharge = { npoId: number; planId: number; donationId: number; chargedAt: Date };
export type PlanChargeHook = (tx: Tx, charge: PlanCharge) => Promise<void>;

/** What one claimed plan came to. */
export type ChargeOutcome =
  | { kind: 'charged'; planId: number; donationId: number; recovered: boolean }
  | { kind: 'failed'; planId: number; retryAt: Date; message: string }
  | { kind: 'cancelled'; planId: number; message: string }
  /** The provider could not answer (network, outage) or is still processing: nothing changed. */
  | { kind: 'deferred'; planId: number; reason: string }
  /** A fault of ours while charging it (logged): rolled back, the next sweep tries again. */
  | { kind: 'error'; planId: number; reason: string };

export type SweepOptions = {
  /** Only this plan (staff "retry now", the e2e hook). */
  planId?: number;
  npoId?: number;
  /** Staff "retry now": only these statuses, due or not (needs planId). */
  retryNow?: boolean;
  /** At most this many plans per sweep; the job sends another sweep when there are more. */
  limit?: number;
};

/**
 * The idempotency key of a period's charge, plan-<id>-<period>. A retry gets its own key with the
 * attempt number, because a provider replays a key's first answer (the decline) instead of trying
 * again; the plan's row lock, held across the call, is what makes one attempt at a time.
 */
export const chargeKeyOf = (plan: Pick<PlanRow, 'id' | 'nextPeriod' | 'failedAttempts'>): string =>
  plan.failedAttempts === 0
    ? `plan-${plan.id}-${plan.nextPeriod}`
    : `plan-${plan.id}-${plan.nextPeriod}-retry-${plan.failedAttempts}`;

/**
 * Charges every plan due at `now`, one plan per transaction, each claimed under a row lock that
 * other sweeps skip. A plan whose provider did not answer is left for the next sweep. Then, on
 * the same clock, the donors' reminders (plan-reminders.ts): the upcoming charge and the expiring
 * card; not for a sweep of one plan (staff "retry now", the e-2-e hook).
 */
export async function runDueCharges(
  deps: SchedulerDeps,
  now: Date,
  options: SweepOptions = {},
): Promise<{ outcomes: ChargeOutcome[]; reminders: ReminderOutcome[]; more: boolean }> {
  const outcomes: ChargeOutcome[] = [];
  const tried: number[] = [];
  const limit = options.limit ?? 500;
  while (outcomes.length < limit) {
    const outcome = await chargeIsolated(deps, now, { ...options, skipIds: tried });
    if (!outcome) break;
    tried.push(outcome.planId);
    outcomes.push(outcome);
  }
  const more = outcomes.length >= limit;
  const reminders =
    options.planId === undefined && !options.retryNow && !more ? await sendDueReminders(deps, now, options) : [];
  return { outcomes, reminders, more };
}

type Settled = {
  outcome: ChargeOutcome;
  npoId: number;
  receiptDonationId?: number;
  email?: { kind: PlanEmailKind; key: string };
};

/**
 * One plan's fault never stops the sweep: without this, a plan that always throws would be the
 * first claimed by every sweep and block every plan due after it.
 */
async function chargeIsolated(
  deps: SchedulerDeps,
  now: Date,
  filter: SweepOptions & { skipIds: number[] },
): Promise<ChargeOutcome | null> {
  const claimed = { planId: null as number | null };
  try {
    return await chargeNextDuePlan(deps, now, filter, claimed);
  } catch (error) {
    if (claimed.planId === null) throw error;
    deps.log?.(error, { planId: claimed.planId });
    return { kind: 'error', planId: claimed.planId, reason: error instanceof Error ? error.message : String(error) };
  }
}

async function chargeNextDuePlan(
  deps: SchedulerDeps,
  now: Date,
  filter: SweepOptions & { skipIds: number[] },
  claimed: { planId: number | null },
): Promise<ChargeOutcome | null> {
  const settled = await deps.db.transaction(async (tx): Promise<Settled | null> => {
    const plan = await claimDuePlan(tx, now, {
      ...filter,
      ...(filter.retryNow && filter.planId !== undefined ? { statuses: ['past_due'], anyTime: true } : {}),
    });
    if (!plan) return null;
    claimed.planId = plan.id;
    const context = await chargeContextOf(tx, plan);
    const payment = await charge(deps.providers, plan, context);
    const npoId = plan.npoId;
    if ('deferred' in payment)
      return { npoId, outcome: { kind: 'deferred', planId: plan.id, reason: payment.deferred } };
    if (payment.status === 'succeeded') return succeeded(deps, tx, plan, context, payment, now);
    if (payment.status === 'processing') {
      return { npoId, outcome: { kind: 'deferred', planId: plan.id, reason: 'The provider is still processing it.' } };
    }
    return failed(tx, plan, context, payment, now);
  });
  if (!settled) return null;
  // Only after the commit: a job must never act on a change that was rolled back. A crash right
  // here loses the e-mail (the staff notification committed with the change). The charge is
  // done either way, so a failed send is logged, not reported as the charge's outcome.
  const planId = settled.outcome.planId;
  const send = (sending: Promise<unknown>) => sending.catch((error: unknown) => deps.log?.(error, { planId }));
  if (settled.receiptDonationId !== undefined) {
    const donationId = settled.receiptDonationId;
    await send(deps.jobs.send(receiptQueue, { npoId: settled.npoId, donationId }, { key: `receipt-${donationId}` }));
  }
  if (settled.email) {
    const job = { npoId: settled.npoId, planId, kind: settled.email.kind };
    await send(deps.jobs.send(planEmailQueue, job, { key: settled.email.key }));
  }
  return settled.outcome;
}

/** The provider's answer, or why there is none: a decline is an answer, an outage is not. */
async function charge(
  providers: PaymentProviders,
  plan: PlanRow,
  context: ChargeContext,
): Promise<ProviderPayment | { deferred: string }> {
  try {
    const provider = providers.byName(plan.provider as ProviderName);
    return await provider.chargeSaved({
      account: { npoId: plan.npoId, accountId: context.accountId },
      paymentMethodId: plan.paymentMethodId ?? '',
      customerId: plan.customerId,
      amountMinor: plan.amountMinor,
      currency: plan.currency,
      // No donor e-mail here: the provider's webhook for this charge is only acknowledged (the
      // scheduler records it), as for PayPal's first vault charge (README).
      metadata: {
        npo_id: String(plan.npoId),
        plan_id: String(plan.id),
        period: String(plan.nextPeriod),
        interval: plan.interval,
        ...(plan.campaignId ? { campaign_id: String(plan.campaignId) } : {}),
      },
      idempotencyKey: chargeKeyOf(plan),
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (['provider_unavailable', 'rate_limited', 'not_configured', 'provider_auth_failed'].includes(error.code)) {
      return { deferred: error.providerMessage };
    }
    // The method is gone or refused (not_found, authentication_required…): a failed charge.
    return {
      id: '',
      status: 'failed',
      amountMinor: plan.amountMinor,
      currency: plan.currency,
      metadata: {},
      failureCode: error.code,
      failureMessage: error.providerMessage,
    };
  }
}

async function succeeded(
  deps: SchedulerDeps,
  tx: Tx,
  plan: PlanRow,
  context: ChargeContext,
  payment: ProviderPayment,
  now: Date,
): Promise<Settled> {
  // Its own transaction (the lead's recording path); it references the plan, which our NO KEY
  // UPDATE lock allows. Replayed keys find the donation already recorded (created: false).
  const { donation } = await recordSucceededPayment(deps.db, {
    npoId: plan.npoId,
    campaignId: plan.campaignId,
    peerCampaignId: plan.peerCampaignId,
    provider: plan.provider,
    providerReference: payment.id,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    feeCoveredMinor: Math.min(plan.feeCoveredMinor, payment.amountMinor),
    interval: plan.interval,
    paymentMethod: context.paymentMethod,
    donor: { email: context.donor.email, firstName: context.donor.firstName, lastName: context.donor.lastName },
    designationId: plan.designationId,
    recurringPlanId: plan.id,
    occurredAt: now,
  });
  const next = firstPeriodAfter(plan, plan.nextPeriod + 1, now, context.calendar.timeZone);
  const recovered = plan.status === 'past_due';
  const updated = await updateClaimedPlan(tx, plan, {
    status: 'active',
    failedAttempts: 0,
    pastDueSince: null,
    lastChargedAt: now,
    nextPeriod: next.period,
    nextChargeAt: next.dueAt,
  });
  if (recovered) await announceRecovered(tx, updated, context, donation.id);
  await deps.onCharged?.(tx, { npoId: plan.npoId, planId: plan.id, donationId: donation.id, chargedAt: now });
  return {
    npoId: plan.npoId,
    outcome: { kind: 'charged', planId: plan.id, donationId: donation.id, recovered },
    receiptDonationId: donation.id,
  };
}

async function failed(
  tx: Tx,
  plan: PlanRow,
  context: ChargeContext,
  payment: ProviderPayment,
  now: Date,
): Promise<Settled> {
  const message = payment.failureMessage || 'The payment was declined.';
  await recordPaymentAttempt(tx, {
    npoId: plan.npoId,
    provider: plan.provider,
    providerReference: payment.id || `${chargeKeyOf(plan)}-error`,
    campaignId: plan.campaignId,
    donorId: plan.donorId,
    recurringPlanId: plan.id,
    email: context.donor.email,
    amountMinor: plan.amountMinor,
    currency: plan.currency,
    status: payment.status === 'requires_action' ? 'requires_action' : 'failed',
    failureCode: payment.failureCode ?? null,
    failureMessage: message,
  });
  const failedAttempts = plan.failedAttempts + 1;
  const pastDueSince = plan.pastDueSince ?? now;
  const retryAt = nextRetryAt(plan.interval, pastDueSince, failedAttempts);
  const emailKey = `plan-${plan.id}-${plan.nextPeriod}-${failedAttempts}`;
  if (!retryAt) {
    const cancelled = await updateClaimedPlan(tx, plan, {
      status: 'cancelled',
      failureReason: PLAN_FAILURE.retriesExhausted,
      failedAttempts,
      cancelledAt: now,
      nextChargeAt: null,
    });
    await announceCancelled(tx, cancelled, context, message);
    return {
      npoId: plan.npoId,
      outcome: { kind: 'cancelled', planId: plan.id, message },
      email: { kind: 'plan_cancelled', key: `cancelled-${emailKey}` },
    };
  }
  const pastDue = await updateClaimedPlan(tx, plan, {
    status: 'past_due',
    failedAttempts,
    pastDueSince,
    nextChargeAt: retryAt,
  });
  await announceFailed(tx, pastDue, context, message);
  return {
    npoId: plan.npoId,
    outcome: { kind: 'failed', planId: plan.id, retryAt, message },
    email: { kind: 'failed_charge', key: `failed-${emailKey}` },
  };
}
