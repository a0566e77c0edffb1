// Reminders of unpaid payment requests (docs/decisions/055-payment-request-e-mails.md): `days_before` the
// due day (only for a request created before that day, so a late request gets no reminder on top of
// its own e-mail) and `days_after` it, in the organisation's own day, per its settings (on, 3 and 7
// by default). Each reminder is sent once: the sweep claims it by inserting its unique row in the
// transaction that sends it, so a sweep run twice, or on two instances at once, sends it once.
import type { TPaymentRequestEmailKind } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { type PeriodicClock, periodicClock } from '../../platform/jobs/periodic.ts';
import { deliverRequestEmail, type RequestMailDeps, TAKES_PAYMENT } from './payment-request-emails.ts';
import { DEFAULT_REMINDERS } from './payment-request-settings.ts';
import { lockById } from './payment-requests.repository.ts';

/** An after-reminder more than this many days late (the server was off) is not sent any more. */
const LATE_DAYS = 30;
const BATCH = 200;

type Due = {
  id: number;
  npo_id: number;
  kind: Extract<TPaymentRequestEmailKind, 'reminder_before' | 'reminder_after'>;
};

async function dueReminders(deps: RequestMailDeps, now: Date): Promise<Due[]> {
  const { rows } = await deps.db.execute<Due>(sql`
    WITH c AS (
      SELECT r.id, r.npo_id, r.due_on, (${now.toISOString()}::timestamptz AT TIME ZONE n.time_zone)::date AS today,
        (r.created_at AT TIME ZONE n.time_zone)::date AS created_on,
        coalesce(s.days_before, ${DEFAULT_REMINDERS.days_before}::int) AS days_before,
        coalesce(s.days_after, ${DEFAULT_REMINDERS.days_after}::int) AS days_after
      FROM payment_requests r JOIN npos n ON n.id = r.npo_id
      LEFT JOIN payment_request_settings s ON s.npo_id = r.npo_id
      WHERE coalesce(s.reminders_enabled, true) AND r.due_on IS NOT NULL AND r.cancelled_at IS NULL
        AND r.paid_at IS NULL AND (r.expires_at IS NULL OR r.expires_at > ${now.toISOString()}::timestamptz))
    SELECT c.id::int, c.npo_id::int, k.kind FROM c
    CROSS JOIN LATERAL (VALUES
      ('reminder_before', c.today BETWEEN c.due_on - c.days_before AND c.due_on AND c.created_on < c.due_on - c.days_before),
      ('reminder_after', c.today > c.due_on AND c.today BETWEEN c.due_on + c.days_after AND c.due_on + c.days_after + ${LATE_DAYS}::int)
    ) AS k(kind, due)
    WHERE k.due AND NOT EXISTS (SELECT 1 FROM payment_request_emails e WHERE e.request_id = c.id AND e.kind = k.kind)
    ORDER BY c.id LIMIT ${BATCH}::int`);
  return rows;
}

/** Sends every reminder due at `now`; returns how many were sent by this call. */
export async function sweepPaymentRequestReminders(deps: RequestMailDeps, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await dueReminders(deps, now);
    let progressed = false;
    for (const reminder of due) {
      const delivered = await deps.db.transaction(async (tx) => {
        const r = await lockById(tx, reminder.npo_id, reminder.id);
        if (!r || !TAKES_PAYMENT.has(r.status)) return false;
        return deliverRequestEmail(tx, deps, r, reminder.kind, null);
      });
      if (delivered) sent += 1;
      progressed ||= delivered;
    }
    if (due.length < BATCH || !progressed) return sent;
  }
}

const reminderQueue = defineQueue<{ slot: string }>('payment-requests.reminders', { retryLimit: 3 });

/** Registers the reminder sweep's worker and returns its clock (every `seconds`; 0: never, as in tests). */
export function registerPaymentRequestReminders(
  jobs: Jobs,
  deps: RequestMailDeps & { seconds: number; log: (error: unknown) => void },
): PeriodicClock {
  jobs.register(reminderQueue, async () => {
    await sweepPaymentRequestReminders(deps);
  });
  return periodicClock(jobs, reminderQueue, (slot) => ({ slot }), { seconds: deps.seconds, log: deps.log });
}
