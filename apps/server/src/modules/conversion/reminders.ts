// "Remind me later" (docs/decisions/037-conversion-features.md): a donor who leaves the form asks
// for one e-mail after a chosen delay. A periodic sweep sends what is due; each reminder is sent
// inside the transaction that stamps sent_at and holds its row lock, so it goes out once, and an
// unsubscribed one never.
import { REMINDER_DELAY_HOURS, type TReminderDelay } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { type PeriodicClock, periodicClock } from '../../platform/jobs/periodic.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { randomToken } from '../../platform/security/tokens.ts';

export type ReminderDeps = { db: Db; mailer: Mailer; origin: string };

export const UNSUBSCRIBE_PATH = '/api/v1/npo_admin/reminders/unsubscribe';

/** Saves the reminder (a pending one for the same e-mail and campaign moves to the new time); null for no campaign. */
export async function requestReminder(
  db: Db,
  input: { campaignId: number; email: string; firstName: string; delay: TReminderDelay },
  now = new Date(),
): Promise<{ dueAt: Date } | null> {
  const dueAt = new Date(now.getTime() + REMINDER_DELAY_HOURS[input.delay] * 3_600_000);
  const { rows } = await db.execute(sql`
    INSERT INTO donation_reminders (npo_id, campaign_id, email, first_name, token, due_at)
    SELECT c.npo_id, c.id, ${input.email}, ${input.firstName}, ${randomToken(24)}, ${dueAt.toISOString()}::timestamptz
    FROM campaigns c WHERE c.id = ${input.campaignId} AND c.status = 'active'
    ON CONFLICT (campaign_id, email) WHERE sent_at IS NULL AND unsubscribed_at IS NULL
    DO UPDATE SET due_at = EXCLUDED.due_at, first_name = EXCLUDED.first_name
    RETURNING 1 AS saved`);
  return rows.length > 0 ? { dueAt } : null;
}

/** Unsubscribes the reminder of this link; false for an unknown token. Repeating it is harmless. */
export async function unsubscribeReminder(db: Db, token: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    UPDATE donation_reminders SET unsubscribed_at = coalesce(unsubscribed_at, now())
    WHERE token = ${token} RETURNING 1 AS done`);
  return rows.length > 0;
}

type DueRow = {
  id: number;
  email: string;
  first_name: string;
  token: string;
  campaign_name: string;
  campaign_url: string;
  npo_name: string;
};

function reminderMail(origin: string, r: DueRow) {
  const link = `${origin}/${r.campaign_url}`;
  const unsubscribe = `${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(r.token)}`;
  const greeting = r.first_name ? `Hello ${r.first_name},` : 'Hello,';
  return {
    to: r.email,
    subject: `Your reminder: ${r.campaign_name}`,
    text: [
      greeting,
      '',
      `You asked us to remind you about ${r.campaign_name} by ${r.npo_name}. You can give here:`,
      link,
      '',
      'This is the only reminder we send. To cancel it, or if you did not ask for it:',
      unsubscribe,
    ].join('\n'),
  };
}

/** Sends every reminder due at `now`, a batch per transaction; returns how many went out. */
export async function sendDueReminders(deps: ReminderDeps, now = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const { rows } = await tx.execute<DueRow>(sql`
        SELECT r.id, r.email, r.first_name, r.token, c.name AS campaign_name, c.campaign_url, n.name AS npo_name
        FROM donation_reminders r
        JOIN campaigns c ON c.id = r.campaign_id JOIN npos n ON n.id = r.npo_id
        WHERE r.due_at <= ${now.toISOString()}::timestamptz AND r.sent_at IS NULL AND r.unsubscribed_at IS NULL
        ORDER BY r.due_at LIMIT 20
        FOR UPDATE OF r SKIP LOCKED`);
      for (const row of rows) {
        await deps.mailer.send(reminderMail(deps.origin, row), tx);
        await tx.execute(sql`UPDATE donation_reminders SET sent_at = now() WHERE id = ${row.id}`);
      }
      return rows.length;
    });
    sent += batch;
    if (batch < 20) return sent;
  }
}

const sweepQueue = defineQueue<{ slot: string }>('reminders.sweep', { retryLimit: 3 });

/** Registers the sweep's worker and returns its clock (every `seconds`; 0: never, as in tests). */
export function registerReminders(
  jobs: Jobs,
  deps: ReminderDeps & { seconds: number; log: (error: unknown) => void },
): PeriodicClock {
  jobs.register(sweepQueue, async () => {
    await sendDueReminders(deps);
  });
  return periodicClock(jobs, sweepQueue, (slot) => ({ slot }), { seconds: deps.seconds, log: deps.log });
}
