// The donor's e-mails from the scheduler: a failed charge (with the link to update the payment
// method) and a plan cancelled after its last retry. Sent by a durable job, enqueued once the
// plan's change committed; the text is the organisation's template (email-templates) filled in.
import { formatMoney, INTERVAL_PHRASES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { type EmailValues, renderEmail } from '../email-templates/index.ts';
import { createPortalLink } from '../portal/index.ts';
import { chargeContextOf, donorNameOf } from './plan-facts.repository.ts';
import { findPlan, type PlanRow } from './plans.repository.ts';

export type PlanEmailKind = 'failed_charge' | 'plan_cancelled';
export type PlanEmailJob = { npoId: number; planId: number; kind: PlanEmailKind };

export const planEmailQueue = defineQueue<PlanEmailJob>('recurring.email', { retryLimit: 10, retryDelaySeconds: 30 });

export type PlanEmailDeps = { db: Db; mailer: Mailer; origin: string; secret: string };

const dateText = (date: Date | null): string =>
  date
    ? new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date)
    : '';

async function lastFailureOf(db: Db, plan: PlanRow): Promise<string> {
  const { rows } = await db.execute<{ failure_message: string | null }>(sql`
    SELECT failure_message FROM payment_attempts
    WHERE npo_id = ${plan.npoId} AND recurring_plan_id = ${plan.id}
    ORDER BY created_at DESC, id DESC LIMIT 1`);
  return rows[0]?.failure_message ?? '';
}

/** The merge values of a plan's e-mail, links included (signed for this donor and organisation). */
export async function planEmailValues(deps: PlanEmailDeps, plan: PlanRow, now = new Date()): Promise<EmailValues> {
  const context = await chargeContextOf(deps.db, plan);
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
    amount: formatMoney(plan.amountMinor, plan.currency),
    plan_interval: INTERVAL_PHRASES[plan.interval],
    next_charge_date: dateText(plan.nextChargeAt),
    failure_reason: await lastFailureOf(deps.db, plan),
    portal_url: link(),
    update_payment_url: link(plan.id),
  };
}

/** Renders and sends one plan e-mail; a plan that changed since (recovered, resumed) gets none. */
export async function sendPlanEmail(deps: PlanEmailDeps, job: PlanEmailJob): Promise<'sent' | 'stale'> {
  const plan = await findPlan(deps.db, job.npoId, job.planId);
  const stillTrue = job.kind === 'failed_charge' ? plan?.status === 'past_due' : plan?.status === 'cancelled';
  if (!plan || !stillTrue) return 'stale';
  const values = await planEmailValues(deps, plan);
  const email = await renderEmail(deps.db, { npoId: plan.npoId, campaignId: plan.campaignId, kind: job.kind, values });
  const { rows } = await deps.db.execute<{ email: string }>(
    sql`SELECT email FROM donors WHERE id = ${plan.donorId} AND npo_id = ${plan.npoId}`,
  );
  const to = rows[0]?.email;
  if (!to) return 'stale';
  await deps.mailer.send({ to, subject: email.subject, text: email.text, html: email.html });
  return 'sent';
}

export function registerPlanEmails(jobs: Jobs, deps: PlanEmailDeps): void {
  jobs.register(planEmailQueue, async (data) => {
    await sendPlanEmail(deps, data);
  });
}
