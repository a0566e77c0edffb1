// The demo's saved and scheduled reports (docs/product/reports.md#saved-reports): in Riverside Food
// Bank, finance@kindling.test keeps a shared “Monthly income by campaign” e-mailed after each month
// end to finance and admin (with its latest run), and a private “Top donors this year”. Added once
// per organisation: a database that has saved reports keeps them.
import { sql } from 'drizzle-orm';
import { latestDueDay } from '../modules/reports/index.ts';
import type { Db } from '../platform/db/client.ts';
import { dayIn } from '../platform/format/calendar.ts';

export async function seedSavedReports(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const { rows: had } = await db.execute(sql`SELECT 1 FROM saved_reports WHERE npo_id = ${npoId} LIMIT 1`);
  if (had.length > 0) return;
  const { rows: people } = await db.execute<{ email: string; id: number; zone: string }>(sql`
    SELECT u.email, u.id::int, n.time_zone AS zone FROM users u JOIN memberships m ON m.user_id = u.id
    JOIN npos n ON n.id = m.npo_id
    WHERE m.npo_id = ${npoId} AND u.email IN ('finance@kindling.test', 'admin@kindling.test')`);
  const finance = people.find((p) => p.email === 'finance@kindling.test');
  const admin = people.find((p) => p.email === 'admin@kindling.test');
  if (!finance || !admin) return;
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO saved_reports (npo_id, owner_id, name, report, view, filters, columns, shared) VALUES
        (${npoId}, ${finance.id}, 'Monthly income by campaign', 'income', NULL,
          ${JSON.stringify({ period: 'last-12-months', group_by: 'campaign' })}::jsonb,
          ${JSON.stringify(['gifts', 'gross', 'refunds', 'net'])}::jsonb, true),
        (${npoId}, ${finance.id}, 'Top donors this year', 'donors', 'top',
          ${JSON.stringify({ period: 'this-year' })}::jsonb, '[]'::jsonb, false)
      RETURNING id`);
    const income = Number(rows[0]?.id);
    const { rows: schedule } = await tx.execute<{ id: number }>(sql`
      INSERT INTO report_schedules (npo_id, saved_report_id, cadence, format, recipient_ids, created_by)
      VALUES (${npoId}, ${income}, 'after_month_end', 'xlsx', ARRAY[${finance.id}, ${admin.id}]::bigint[], ${finance.id})
      RETURNING id`);
    // Its latest due day is already sent, so the demo shows a run and e-mails nothing at start.
    const today = dayIn(new Date(), finance.zone);
    const period = latestDueDay({ cadence: 'after_month_end', weekday: null, dayOfMonth: null }, today, '2000-01-01');
    if (!period) return;
    await tx.execute(sql`
      INSERT INTO report_schedule_runs (npo_id, schedule_id, period, status, sent_to, sent_at)
      VALUES (${npoId}, ${Number(schedule[0]?.id)}, ${period}, 'sent',
        ARRAY['finance@kindling.test', 'admin@kindling.test']::text[], ${`${period}T07:00:00Z`}::timestamptz)`);
  });
}
