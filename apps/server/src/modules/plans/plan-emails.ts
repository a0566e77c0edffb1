// The donor's e-mails about a plan: a failed charge (with the link to update the payment method),
// a plan cancelled after its last retry, the reminder before a charge and the notice that the
// saved card is expiring. Sent by a durable job, enqueued once the plan's change (or the notice's
// claim) committed; the text is the organisation's template (email-templates) filled in.
import { INTERVAL_PHRASES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { formatFor } from '../../platform/format/format.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { createPortalLink } from '../../platform/security/portal-link.ts';
import { deliverNoticeOnce, type EmailValues, renderEmail } from '../email-templates/index.ts';
import { chargeContextOf, donorNameOf } from './plan-facts.repository.ts';
import { findPlan, type PlanRow } from './plans.repository.ts';

export type PlanEmailKind = 'failed_charge' | 'plan_cancelled' | 'upcoming_charge' | 'card_expiring';
export type PlanEmailJob = {
  npoId: number;
  planId: number;
  kind: PlanEmailKind;
  /** Once-only notices (upcoming_charge, card_expiring): the claimed email_notices key. */
  noticeKey?: string;
  /** upcoming_charge: the period the reminder announces. */
  period?: number;
  /** card_expiring: the saved method that expires (a replaced card makes the notice stale). */
  paymentMethodId?: string;
};

export const planEmailQueue = defineQueue<PlanEmailJob>('recurring.email', { retryLimit: 10, retryDelaySeconds: 30 });

export type PlanEmailDeps = { db: Db; mailer: Mailer; origin: string; secret: string };

async function lastFailureOf(db: Tx, plan: PlanRow): Promise<string> {
  const { rows } = await db.execute<{ failure_message: string | null }>(sql`
    SELECT failure_message FROM payment_attempts
    WHERE npo_id = ${plan.npoId} AND recurring_plan_id = ${plan.id}
    ORDER BY created_at DESC, id DESC LIMIT 1`);
  return rows[0]?.failure_message ?? '';
}

/** The merge values of a plan's e-mail, links included (signed for this donor and organisation). */
export async function planEmailValues(
  deps: Omit<PlanEmailDeps, 'db'> & { db: Tx },
  plan: PlanRow,
  now = new Date(),
): Promise<EmailValues> {
  const context = await chargeContextOf(deps.db, plan);
  // The organisation's locale, and the charge's day on its calendar (decision 027).
  const format = formatFor(context.calendar);
  const link = (planId?: number) =>
    createPortalLink({
      origin: deps.origin,
      secret: deps.secret,
      npoId: plan.npoId,
      donorId: plan.donorId,
      planId,
      now,
    });
  return {
    donor_first_name: context.donor.firstName || donorNameOf(context),
    donor_name: donorNameOf(context),
    organisation_name: context.organisationName,
    campaign_name: context.campaignName ?? '',
    amount: format.money(plan.amountMinor, plan.currency),
    plan_interval: INTERVAL_PHRASES[plan.interval],
    next_charge_date: plan.nextChargeAt ? format.date(plan.nextChargeAt) : '',
    failure_reason: await lastFailureOf(deps.db, plan),
    portal_url: link(),
    update_payment_url: link(plan.id),
  };
}

/** Whether the e-mail still says something true of the plan when the job runs. */
function stillTrue(plan: PlanRow | null, job: PlanEmailJob, now: Date): plan is PlanRow {
  switch (job.kind) {
    case 'failed_charge':
      return plan?.status === 'past_due';
    case 'plan_cancelled':
      return plan?.status === 'cancelled';
    case 'upcoming_charge':
      // Paused, cancelled, re-dated or already charged since the reminder was claimed: none.
      return (
        plan?.status === 'active' &&
        plan.nextPeriod === job.period &&
        plan.nextChargeAt !== null &&
        plan.nextChargeAt > now
      );
    case 'card_expiring':
      return (plan?.status === 'active' || plan?.status === 'past_due') && plan.paymentMethodId === job.paymentMethodId;
  }
}

async function sendRendered(deps: PlanEmailDeps, tx: Tx, plan: PlanRow, kind: PlanEmailKind): Promise<boolean> {
  const values = await planEmailValues({ ...deps, db: tx }, plan);
  const email = await renderEmail(tx, { npoId: plan.npoId, campaignId: plan.campaignId, kind, values });
  const { rows } = await tx.execute<{ email: string }>(
    sql`SELECT email FROM donors WHERE id = ${plan.donorId} AND npo_id = ${plan.npoId}`,
  );
  const to = rows[0]?.email;
  if (!to) return false;
  await deps.mailer.send({ to, subject: email.subject, text: email.text, html: email.html });
  return true;
}

/**
 * Renders and sends one plan e-mail; a plan that changed since (recovered, resumed, paused) gets
 * none. A once-only notice is sent under its email_notices row lock and stamped, so a job that
 * runs twice sends it once.
 */
export async function sendPlanEmail(
  deps: PlanEmailDeps,
  job: PlanEmailJob,
  now = new Date(),
): Promise<'sent' | 'stale' | 'already-sent'> {
  if (job.noticeKey) {
    const key = { npoId: job.npoId, kind: job.kind, noticeKey: job.noticeKey };
    const delivery = await deliverNoticeOnce(deps.db, key, async (tx) => {
      const plan = await findPlan(tx, job.npoId, job.planId);
      const status = plan?.status ?? 'gone';
      if (!stillTrue(plan, job, now)) return { skipped: `the plan is ${status}` };
      return (await sendRendered(deps, tx, plan, job.kind)) ? { sent: true } : { skipped: 'no donor e-mail' };
    });
    return delivery === 'skipped' ? 'stale' : delivery;
  }
  const plan = await findPlan(deps.db, job.npoId, job.planId);
  if (!stillTrue(plan, job, now)) return 'stale';
  return (await sendRendered(deps, deps.db, plan, job.kind)) ? 'sent' : 'stale';
}

export function registerPlanEmails(jobs: Jobs, deps: PlanEmailDeps): void {
  jobs.register(planEmailQueue, async (data) => {
    await sendPlanEmail(deps, data);
  });
}
