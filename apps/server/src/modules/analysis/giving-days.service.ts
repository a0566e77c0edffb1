import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/**
 * Closes every organisation's days up to its yesterday (decision 013; the day before today in its
 * time zone, decision 027, since today's gifts are summed live): each organisation in its own
 * transaction. Closing waits for the organisation's in-flight donation writes (close_giving_days),
 * and new writes queue behind it, so it gives up after `lockTimeoutMs` and is tried again on the
 * next run instead of holding donors' payments up. Answers the organisations closed and skipped.
 */
export async function closeGivingDays(
  db: Db,
  now: Date,
  options: { lockTimeoutMs?: number } = {},
): Promise<{ closed: number[]; busy: number[] }> {
  const { rows } = await db.execute<{ id: number; through: string }>(sql`
    SELECT n.id, to_char(y.through, 'YYYY-MM-DD') AS through
    FROM npos n LEFT JOIN giving_days_closed c ON c.npo_id = n.id
    CROSS JOIN LATERAL (SELECT (${now.toISOString()}::timestamptz AT TIME ZONE n.time_zone)::date - 1 AS through) y
    WHERE c.through IS NULL OR c.through < y.through
    ORDER BY n.id`);
  const result = { closed: [] as number[], busy: [] as number[] };
  for (const { id, through } of rows) {
    const npoId = Number(id);
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('lock_timeout', ${`${options.lockTimeoutMs ?? 500}ms`}, true)`);
        await tx.execute(sql`SELECT close_giving_days(${npoId}, ${through}::date)`);
      });
      result.closed.push(npoId);
    } catch (error) {
      // 55P03 lock_not_available: writers of this organisation were busy; the next run closes it.
      // (Drizzle wraps the driver's error as its cause.)
      const cause = (error as { cause?: { code?: string } }).cause;
      if (((error as { code?: string }).code ?? cause?.code) !== '55P03') throw error;
      result.busy.push(npoId);
    }
  }
  return result;
}
