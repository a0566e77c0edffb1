// The donor's reminders, found by the scheduler's sweep after its charges (same clock, `now`): the
// upcoming charge of a plan's next period and the saved card that is about to expire. Each is
// claimed once in email_notices (its unique key decides between two sweeps or two instances, no
// plan row is locked, so the charge claims of decision 011 are untouched), audited in the claim's
// transaction, and sent by the recurring.email job after the commit.
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { recordAudit } from '../audit/index.ts';
import { claimNotice } from '../email-templates/index.ts';
import type { RecurringInterval } from './next-charge.ts';
import { type PlanEmailJob, planEmailQueue } from './plan-emails.ts';
import type { SchedulerDeps, SweepOptions } from './scheduler.service.ts';

const DAY_MS = 86_400_000;

/**
 * Days before a charge the donor is reminded of it. Daily and weekly gifts get none: a reminder
 * every week (or day) is noise, and their donors chose a small, frequent gift knowingly.
 */
export const UPCOMING_LEAD_DAYS: Record<RecurringInterval, number | null> = {
  daily: null,
  weekly: null,
  monthly: 3,
  quarterly: 7,
  yearly: 7,
};

/** A reminder that would arrive less than a day before the charge can no longer help: none is sent. */
export const UPCOMING_LATEST_MS = DAY_MS;

/** At most this many reminders of each kind per sweep; the next sweep takes the rest. */
const REMINDER_BATCH = 200;

export type ReminderOutcome = { kind: 'upcoming_charge' | 'card_expiring'; planId: number };

type Candidate = {
  id: number;
  npo_id: number;
  donor_id: number;
  next_period: number;
  next_charge_at: Date;
  payment_method_id: string;
  card_exp_month: number | null;
  card_exp_year: number | null;
};

const scopeOf = (options: SweepOptions): SQL =>
  options.npoId === undefined ? sql`` : sql`AND p.npo_id = ${options.npoId}`;

const leadCase = (): SQL => {
  const arms = Object.entries(UPCOMING_LEAD_DAYS)
    .filter(([, days]) => days !== null)
    .map(([interval, days]) => sql`WHEN ${interval} THEN ${days}::int`);
  return sql`(CASE p.interval ${sql.join(arms, sql` `)} END)`;
};

export const upcomingNoticeKey = (planId: number, period: number) => `plan-${planId}-period-${period}`;
export const cardNoticeKey = (planId: number, methodId: string, year: number, month: number) =>
  `plan-${planId}-card-${methodId}-${year}-${String(month).padStart(2, '0')}`;

/** Active plans charged within their lead time, not sooner than a day from now, not yet reminded. */
async function upcomingCandidates(tx: Tx, now: Date, options: SweepOptions): Promise<Candidate[]> {
  const { rows } = await tx.execute<Candidate>(sql`
    SELECT p.id, p.npo_id, p.donor_id, p.next_period, p.next_charge_at, p.payment_method_id,
           p.card_exp_month, p.card_exp_year
    FROM recurring_plans p
    WHERE p.status = 'active' AND p.payment_method_id IS NOT NULL
      AND p.next_charge_at > ${new Date(now.getTime() + UPCOMING_LATEST_MS).toISOString()}::timestamptz
      AND p.next_charge_at <= ${now.toISOString()}::timestamptz + make_interval(days => ${leadCase()})
      ${scopeOf(options)}
      AND NOT EXISTS (
        SELECT 1 FROM email_notices n
        WHERE n.npo_id = p.npo_id AND n.kind = 'upcoming_charge'
          AND n.notice_key = 'plan-' || p.id || '-period-' || p.next_period)
    ORDER BY p.next_charge_at, p.id
    LIMIT ${REMINDER_BATCH}`);
  return rows;
}

/**
 * Open plans whose saved card's last valid month is this month or next month in the organisation's
 * time zone (decision 027), or already past: the donor has a month or two to add the new card the
 * bank sent before a charge fails.
 */
async function expiringCardCandidates(tx: Tx, now: Date, options: SweepOptions): Promise<Candidate[]> {
  // A card whose last month comes before the month after next is told. The index's range takes the
  // latest such month of any zone (UTC's month, or the next one east of it, plus two); each plan's
  // own organisation's month then decides.
  const widest = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1));
  const until = { year: widest.getUTCFullYear(), month: widest.getUTCMonth() + 1 };
  const local = (part: 'year' | 'month') =>
    sql`extract(${sql.raw(part)} FROM ${now.toISOString()}::timestamptz AT TIME ZONE n.time_zone)::int`;
  const { rows } = await tx.execute<Candidate>(sql`
    SELECT p.id, p.npo_id, p.donor_id, p.next_period, p.next_charge_at, p.payment_method_id,
           p.card_exp_month, p.card_exp_year
    FROM recurring_plans p JOIN npos n ON n.id = p.npo_id
    WHERE p.status IN ('active', 'past_due') AND p.payment_method_id IS NOT NULL
      AND p.next_charge_at IS NOT NULL
      AND p.card_exp_year IS NOT NULL AND p.card_exp_month BETWEEN 1 AND 12
      AND (p.card_exp_year, p.card_exp_month) < (${until.year}::int, ${until.month}::int)
      AND p.card_exp_year * 12 + p.card_exp_month < ${local('year')} * 12 + ${local('month')} + 2
      ${scopeOf(options)}
      AND NOT EXISTS (
        SELECT 1 FROM email_notices n
        WHERE n.npo_id = p.npo_id AND n.kind = 'card_expiring'
          AND n.notice_key = 'plan-' || p.id || '-card-' || p.payment_method_id || '-' || p.card_exp_year
            || '-' || lpad(p.card_exp_month::text, 2, '0'))
    ORDER BY p.id
    LIMIT ${REMINDER_BATCH}`);
  return rows;
}

/** Claims one reminder and audits it; the job for it is sent by the caller after the commit. */
async function claimReminder(
  deps: SchedulerDeps,
  plan: Candidate,
  job: PlanEmailJob & { noticeKey: string },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const claimed = await claimNotice(tx, {
      npoId: plan.npo_id,
      kind: job.kind,
      noticeKey: job.noticeKey,
      donorId: plan.donor_id,
    });
    if (!claimed) return false;
    await recordAudit(tx, {
      npoId: plan.npo_id,
      actorUserId: null,
      action:
        job.kind === 'upcoming_charge'
          ? 'recurring_plan.upcoming_charge_emailed'
          : 'recurring_plan.card_expiring_emailed',
      targetType: 'recurring_plan',
      targetId: plan.id,
      data: {
        notice_key: job.noticeKey,
        next_charge_at: new Date(plan.next_charge_at).toISOString(),
        ...(job.kind === 'card_expiring'
          ? { card_exp_month: plan.card_exp_month, card_exp_year: plan.card_exp_year }
          : {}),
      },
    });
    return true;
  });
}

function jobOf(kind: ReminderOutcome['kind'], plan: Candidate): PlanEmailJob & { noticeKey: string } {
  const base = { npoId: Number(plan.npo_id), planId: Number(plan.id) };
  if (kind === 'upcoming_charge') {
    return { ...base, kind, period: plan.next_period, noticeKey: upcomingNoticeKey(plan.id, plan.next_period) };
  }
  const [year, month] = [Number(plan.card_exp_year), Number(plan.card_exp_month)];
  return {
    ...base,
    kind,
    paymentMethodId: plan.payment_method_id,
    noticeKey: cardNoticeKey(plan.id, plan.payment_method_id, year, month),
  };
}

/** How long a claimed reminder may stay unsent before the sweep sends its job again. */
const LOST_AFTER_MINUTES = 15;

/** The job of a claimed reminder, rebuilt from its notice key. */
function jobFromKey(npoId: number, kind: string, noticeKey: string): PlanEmailJob | null {
  const upcoming = /^plan-(\d+)-period-(\d+)$/.exec(noticeKey);
  if (kind === 'upcoming_charge' && upcoming) {
    return { npoId, planId: Number(upcoming[1]), kind, period: Number(upcoming[2]), noticeKey };
  }
  const card = /^plan-(\d+)-card-(.+)-\d{4}-\d{2}$/.exec(noticeKey);
  if (kind === 'card_expiring' && card?.[2]) {
    return { npoId, planId: Number(card[1]), kind, paymentMethodId: card[2], noticeKey };
  }
  return null;
}

/**
 * Reminders claimed a while ago (database clock) but neither sent nor skipped: their job was lost
 * between the claim's commit and the send (a crash), so it is sent again under the same key (a
 * no-op while pg-boss still holds that job). The job's notice lock still makes it one e-mail.
 */
async function resendLostReminders(deps: SchedulerDeps, options: SweepOptions): Promise<void> {
  const { rows } = await deps.db.execute<{ npo_id: number; kind: string; notice_key: string }>(sql`
    SELECT n.npo_id, n.kind, n.notice_key FROM email_notices n
    WHERE n.sent_at IS NULL AND n.skipped_reason IS NULL
      AND n.kind IN ('upcoming_charge', 'card_expiring')
      AND n.created_at < now() - make_interval(mins => ${LOST_AFTER_MINUTES})
      ${options.npoId === undefined ? sql`` : sql`AND n.npo_id = ${options.npoId}`}
    ORDER BY n.created_at LIMIT ${REMINDER_BATCH}`);
  for (const row of rows) {
    const job = jobFromKey(Number(row.npo_id), row.kind, row.notice_key);
    if (!job) continue;
    await deps.jobs
      .send(planEmailQueue, job, { key: `${job.kind}-${row.notice_key}` })
      .catch((error: unknown) => deps.log?.(error, { planId: job.planId }));
  }
}

/**
 * Claims and sends the reminders due at `now`, after sending again the jobs of reminders claimed
 * earlier whose job was lost.
 */
export async function sendDueReminders(
  deps: SchedulerDeps,
  now: Date,
  options: SweepOptions = {},
): Promise<ReminderOutcome[]> {
  await resendLostReminders(deps, options);
  const outcomes: ReminderOutcome[] = [];
  const batches = [
    ['upcoming_charge', await upcomingCandidates(deps.db, now, options)],
    ['card_expiring', await expiringCardCandidates(deps.db, now, options)],
  ] as const;
  for (const [kind, candidates] of batches) {
    for (const plan of candidates) {
      const job = jobOf(kind, plan);
      if (!(await claimReminder(deps, plan, job))) continue;
      outcomes.push({ kind, planId: job.planId });
      await deps.jobs
        .send(planEmailQueue, job, { key: `${kind}-${job.noticeKey}` })
        .catch((error: unknown) => deps.log?.(error, { planId: job.planId }));
    }
  }
  return outcomes;
}
