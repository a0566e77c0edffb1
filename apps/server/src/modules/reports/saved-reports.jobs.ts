// Scheduled reports (docs/product/reports.md#scheduled-reports, decision 100). An hourly sweep finds
// each schedule's latest due day in the organisation's calendar not yet run and queues one job per
// schedule and day (the job key); the job renders the saved report and, in one transaction, claims
// the day's unique run row and writes each e-mail to the outbox, so a killed or retried job, or a
// second sweep, never sends the same day twice. Recipients are checked again at send time: a member
// who left, was suspended or lost “View reports” is skipped, and the run records why.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { type PeriodicClock, periodicClock } from '../../platform/jobs/periodic.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { closedMonthOf, latestDueDay, type ScheduleRule } from './report-schedule-calendar.ts';
import { renderSavedReport } from './saved-report-files.ts';
import { selectMembers } from './saved-reports.repository.ts';
import { reportScheduleRuns } from './saved-reports.tables.ts';

export type ScheduledRunJob = { npoId: number; scheduleId: number; period: string };
export type ScheduleDeps = { db: Db; readDb: Db; mailer: Mailer; log: (message: string, data: object) => void };

const sendQueue = defineQueue<ScheduledRunJob>('reports.scheduled_send', {
  retryLimit: 6,
  retryDelaySeconds: 60,
  expireInSeconds: 900,
});
const sweepQueue = defineQueue<{ slot: string }>('reports.schedule_sweep', { retryLimit: 3 });

type DueRow = {
  id: number;
  npo_id: number;
  cadence: ScheduleRule['cadence'];
  weekday: number | null;
  day_of_month: number | null;
  zone: string;
  created_at: string;
};

/** Every schedule's latest due day, on or before `now` in its organisation's calendar, not yet run. */
export async function dueScheduledRuns(db: Db, now: Date = new Date()): Promise<ScheduledRunJob[]> {
  const { rows } = await db.execute<DueRow>(sql`
    SELECT s.id::int, s.npo_id::int, s.cadence, s.weekday, s.day_of_month, n.time_zone AS zone, s.created_at
    FROM report_schedules s JOIN npos n ON n.id = s.npo_id WHERE n.status <> 'closed' ORDER BY s.id`);
  const due = rows.flatMap((s) => {
    const rule = { cadence: s.cadence, weekday: s.weekday, dayOfMonth: s.day_of_month };
    const day = latestDueDay(rule, dayIn(now, s.zone), dayIn(new Date(s.created_at), s.zone));
    return day ? [{ npoId: s.npo_id, scheduleId: s.id, period: day }] : [];
  });
  if (due.length === 0) return [];
  const { rows: done } = await db.execute<{ schedule_id: number; period: string }>(sql`
    SELECT schedule_id::int, period FROM report_schedule_runs
    WHERE schedule_id IN (${sql.join(
      due.map((d) => sql`${d.scheduleId}`),
      sql`, `,
    )})`);
  return due.filter((d) => !done.some((r) => r.schedule_id === d.scheduleId && r.period === d.period));
}

type ScheduleDetail = {
  name: string;
  report: string;
  view: string | null;
  filters: Record<string, string>;
  columns: string[];
  cadence: ScheduleRule['cadence'];
  format: 'csv' | 'xlsx' | 'pdf';
  recipient_ids: string[];
  organisation: string;
};

async function loadSchedule(db: Db, job: ScheduledRunJob): Promise<ScheduleDetail | null> {
  const { rows } = await db.execute<ScheduleDetail>(sql`
    SELECT r.name, r.report, r.view, r.filters, r.columns, s.cadence, s.format, s.recipient_ids, n.name AS organisation
    FROM report_schedules s JOIN saved_reports r ON r.id = s.saved_report_id JOIN npos n ON n.id = s.npo_id
    WHERE s.id = ${job.scheduleId} AND s.npo_id = ${job.npoId}`);
  return rows[0] ?? null;
}

/**
 * Sends one schedule's due day: returns how many e-mails it wrote (0 when the day was already run,
 * the schedule is gone, or nobody may receive it).
 */
export async function sendScheduledReport(deps: ScheduleDeps, job: ScheduledRunJob): Promise<number> {
  const s = await loadSchedule(deps.db, job);
  if (!s) return 0;
  const ids = s.recipient_ids.map(Number);
  const members = await selectMembers(deps.db, job.npoId, ids);
  const eligible = members.filter((m) => m.mayView);
  const skipped = ids.flatMap((id) => {
    const m = members.find((x) => x.user_id === id);
    if (!m) return [{ name: `Member #${id}`, reason: 'no longer a member of the organisation' }];
    return m.mayView ? [] : [{ name: m.name, reason: 'does not hold “View reports”' }];
  });
  for (const s2 of skipped) deps.log('a scheduled report recipient was skipped', { ...job, ...s2 });
  const closed = s.cadence === 'after_month_end' ? closedMonthOf(job.period) : undefined;
  const file = eligible.length
    ? await renderSavedReport(deps.readDb, job.npoId, s, s.format, job.period, closed)
    : null;
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .insert(reportScheduleRuns)
      .values({
        npoId: job.npoId,
        scheduleId: job.scheduleId,
        period: job.period,
        status: file ? 'sent' : 'skipped',
        sentTo: file ? eligible.map((m) => m.email) : [],
        skipped,
      })
      .onConflictDoNothing()
      .returning({ id: reportScheduleRuns.id });
    if (rows.length === 0 || !file) return 0;
    for (const m of eligible) {
      await deps.mailer.send(
        {
          to: m.email,
          subject: `${s.name}: your scheduled report from ${s.organisation}`,
          text: [
            `Hello ${m.name},`,
            '',
            `Attached is “${file.title}”, as scheduled in the reports centre of ${s.organisation} (${job.period}).`,
            '',
            'You receive it because you hold the “View reports” permission and were chosen as a recipient; the member who saved it, or an administrator, can change the schedule on the reports page.',
          ].join('\n'),
          attachments: [{ filename: file.filename, content: file.content, contentType: file.contentType }],
        },
        tx,
      );
    }
    return eligible.length;
  });
}

/** Registers the sweep and the send; returns the sweep's clock (every `seconds`; 0: never, as in tests). */
export function registerScheduledReports(
  jobs: Jobs,
  deps: ScheduleDeps & { seconds: number; onError: (error: unknown) => void },
): PeriodicClock {
  jobs.register(sendQueue, async (data) => {
    await sendScheduledReport(deps, data);
  });
  jobs.register(sweepQueue, async () => {
    for (const due of await dueScheduledRuns(deps.db)) {
      await jobs.send(sendQueue, due, { key: `report-schedule-${due.scheduleId}-${due.period}` });
    }
  });
  return periodicClock(jobs, sweepQueue, (slot) => ({ slot }), { seconds: deps.seconds, log: deps.onError });
}
