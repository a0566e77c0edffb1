// Task reminders and the morning digest (docs/decisions/043-deals-and-tasks.md). A periodic sweep
// tells each assignee, through the notifications module, when a task falls due (once per due day:
// reminded_at), and e-mails each member, once per organisation day from DIGEST_HOUR in its time
// zone, the open tasks due that day or overdue. The digest's row (task_digests) is written in the
// transaction that sends it, so a sweep run twice, or by two instances, sends one.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { formatFor } from '../../platform/format/format.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { type PeriodicClock, periodicClock } from '../../platform/jobs/periodic.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';

export type TaskReminderDeps = { db: Db; mailer: Mailer; origin: string };

/** The hour of the organisation's morning from which its digests go out. */
export const DIGEST_HOUR = 7;
const BATCH = 50;

const localNow = (now: Date) => sql`(${now.toISOString()}::timestamptz AT TIME ZONE n.time_zone)`;

/** Notifies the assignee of each open task whose due day has come; returns how many. */
export async function sendDueTaskReminders(db: Db, now = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{
        id: number;
        npo_id: number;
        title: string;
        assignee: number;
        overdue: boolean;
      }>(sql`
        SELECT t.id, t.npo_id, t.title, t.assignee_user_id AS assignee, t.due_on < ${localNow(now)}::date AS overdue
        FROM tasks t JOIN npos n ON n.id = t.npo_id
        WHERE t.status <> 'done' AND t.reminded_at IS NULL AND t.assignee_user_id IS NOT NULL
          AND t.due_on <= ${localNow(now)}::date
        ORDER BY t.id LIMIT ${BATCH}
        FOR UPDATE OF t SKIP LOCKED`);
      for (const t of rows) {
        const text = notificationTexts['task.due']({ taskId: Number(t.id), title: t.title, overdue: t.overdue });
        await notifyOrganisation(tx, {
          npoId: Number(t.npo_id),
          kind: 'task.due',
          ...text,
          userIds: [Number(t.assignee)],
          data: { task_id: Number(t.id) },
        });
        await tx.execute(sql`UPDATE tasks SET reminded_at = ${now.toISOString()}::timestamptz WHERE id = ${t.id}`);
      }
      return rows.length;
    });
    sent += batch;
    if (batch < BATCH) return sent;
  }
}

type DigestTask = { id: number; title: string; due_on: string; contact_name: string | null };

function digestMail(
  origin: string,
  to: { email: string; first_name: string },
  org: { name: string; locale: string; day: string },
  tasks: DigestTask[],
) {
  const f = formatFor({ locale: org.locale, timeZone: 'UTC' });
  const line = (t: DigestTask) =>
    `- ${t.title}${t.contact_name ? ` (${t.contact_name})` : ''}: ${t.due_on < org.day ? `overdue since ${f.day(t.due_on)}` : 'due today'}\n  ${origin}/dashboard/crm/tasks/${t.id}`;
  return {
    to: to.email,
    subject: `Your tasks for ${f.day(org.day)} at ${org.name}`,
    text: [
      to.first_name ? `Hello ${to.first_name},` : 'Hello,',
      '',
      `${tasks.length === 1 ? 'This task is' : `These ${f.count(tasks.length)} tasks are`} waiting for you:`,
      '',
      ...tasks.map(line),
      '',
      `All your tasks: ${origin}/dashboard/crm/tasks`,
    ].join('\n'),
  };
}

/** One member's digest for one organisation day, unless it was sent; true when it went out. */
async function sendDigest(tx: Tx, deps: TaskReminderDeps, c: { npo_id: number; user_id: number; day: string }) {
  const { rows: claimed } = await tx.execute(sql`
    INSERT INTO task_digests (npo_id, user_id, day) VALUES (${c.npo_id}, ${c.user_id}, ${c.day}::date)
    ON CONFLICT DO NOTHING RETURNING day`);
  if (claimed.length === 0) return false;
  const { rows: tasks } = await tx.execute<DigestTask>(sql`
    SELECT t.id, t.title, t.due_on::text AS due_on,
      nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), '') AS contact_name
    FROM tasks t LEFT JOIN donors c ON c.id = t.contact_id
    WHERE t.npo_id = ${c.npo_id} AND t.assignee_user_id = ${c.user_id} AND t.status <> 'done' AND t.due_on <= ${c.day}::date
    ORDER BY t.due_on, t.id LIMIT 100`);
  const { rows: who } = await tx.execute<{ email: string; first_name: string; name: string; locale: string }>(sql`
    SELECT u.email, u.first_name, n.name, n.locale FROM users u, npos n WHERE u.id = ${c.user_id} AND n.id = ${c.npo_id}`);
  const to = who[0];
  if (!to || tasks.length === 0) return false;
  await deps.mailer.send(digestMail(deps.origin, to, { name: to.name, locale: to.locale, day: c.day }, tasks), tx);
  return true;
}

/** Sends the morning digests due at `now` in each organisation's time zone; returns how many. */
export async function sendTaskDigests(deps: TaskReminderDeps, now = new Date()): Promise<number> {
  const { rows } = await deps.db.execute<{ npo_id: number; user_id: number; day: string }>(sql`
    SELECT DISTINCT t.npo_id, t.assignee_user_id AS user_id, ${localNow(now)}::date::text AS day
    FROM tasks t JOIN npos n ON n.id = t.npo_id
    WHERE t.status <> 'done' AND t.assignee_user_id IS NOT NULL AND t.due_on <= ${localNow(now)}::date
      AND extract(hour FROM ${localNow(now)}) >= ${DIGEST_HOUR}
      AND NOT EXISTS (SELECT 1 FROM task_digests g
        WHERE g.npo_id = t.npo_id AND g.user_id = t.assignee_user_id AND g.day = ${localNow(now)}::date)`);
  let sent = 0;
  for (const c of rows) {
    if (await deps.db.transaction((tx) => sendDigest(tx, deps, c))) sent += 1;
  }
  return sent;
}

const sweepQueue = defineQueue<{ slot: string }>('tasks.sweep', { retryLimit: 3 });

/** Registers the sweep's worker and returns its clock (every `seconds`; 0: never, as in tests). */
export function registerTaskReminders(
  jobs: Jobs,
  deps: TaskReminderDeps & { seconds: number; log: (error: unknown) => void },
): PeriodicClock {
  jobs.register(sweepQueue, async () => {
    await sendDueTaskReminders(deps.db);
    await sendTaskDigests(deps);
  });
  return periodicClock(jobs, sweepQueue, (slot) => ({ slot }), { seconds: deps.seconds, log: deps.log });
}
