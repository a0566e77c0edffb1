// The demo's year-end statements (docs/product/reports.md#year-end-statements): a past run that e-mailed
// the statements of the earliest giving year with gifts, before this one, to every donor of that year
// with an e-mail address, so /dashboard/reports/statements shows its log and last year is left to send.
// Added once per organisation: a database that has a run keeps it.
import { sql } from 'drizzle-orm';
import { givingYearIn, givingYearRangeIn, selectOrganisationGivingYear } from '../modules/donors/index.ts';
import type { Db } from '../platform/db/client.ts';

export async function seedStatementRuns(db: Db, npoIds: Map<string, number>, adminId: number | null): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const { rows: had } = await db.execute(sql`SELECT 1 FROM statement_runs WHERE npo_id = ${npoId} LIMIT 1`);
  if (had.length > 0) return;
  const { startMonth, zone } = await selectOrganisationGivingYear(db, npoId);
  const { rows: first } = await db.execute<{ at: string | null }>(sql`
    SELECT min(created_at) AS at FROM donations WHERE npo_id = ${npoId} AND status IN ('succeeded', 'refunded')`);
  if (!first[0]?.at) return;
  const year = givingYearIn(new Date(first[0].at), startMonth, zone);
  if (year >= givingYearIn(new Date(), startMonth, zone)) return;
  const { start, end } = givingYearRangeIn(year, startMonth, zone);
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO statement_runs (npo_id, year, start_month, status, started_by, created_at, finished_at)
      VALUES (${npoId}, ${year}, ${startMonth}, 'done', ${adminId}, ${end.toISOString()}::timestamptz + interval '20 days',
        ${end.toISOString()}::timestamptz + interval '20 days 6 minutes')
      RETURNING id`);
    const runId = Number(rows[0]?.id);
    await tx.execute(sql`
      INSERT INTO statement_sends (npo_id, donor_id, year, start_month, run_id, email, gift_count, total_base_minor, sent_at)
      SELECT ${npoId}, d.donor_id, ${year}, ${startMonth}, ${runId}, min(dn.email), count(*),
        sum(d.base_amount_minor), ${end.toISOString()}::timestamptz + interval '20 days 3 minutes'
      FROM donations d JOIN donors dn ON dn.id = d.donor_id
      WHERE d.npo_id = ${npoId} AND d.status IN ('succeeded', 'refunded') AND nullif(btrim(dn.email), '') IS NOT NULL
        AND d.created_at >= ${start.toISOString()} AND d.created_at < ${end.toISOString()}
      GROUP BY d.donor_id`);
    await tx.execute(sql`
      UPDATE statement_runs r SET sent = s.n, to_send = s.n,
        without_email = (SELECT count(DISTINCT d.donor_id) FROM donations d JOIN donors dn ON dn.id = d.donor_id
          WHERE d.npo_id = ${npoId} AND d.status IN ('succeeded', 'refunded') AND nullif(btrim(dn.email), '') IS NULL
            AND d.created_at >= ${start.toISOString()} AND d.created_at < ${end.toISOString()})
      FROM (SELECT count(*) AS n FROM statement_sends WHERE run_id = ${runId}) s
      WHERE r.id = ${runId}`);
  });
}
