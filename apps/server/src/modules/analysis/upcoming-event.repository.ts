// events18: the home page's event figures, read from the events table like the other statistics
// read their tables (organisation-stats.repository.ts): the events module imports no feature either way.
import type { TOrganisationStats } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/** Events not cancelled, and the next published one that has not ended. */
export async function selectEventFigures(
  db: Db,
  npoId: number,
): Promise<Pick<TOrganisationStats, 'events_count' | 'upcoming_event'>> {
  const { rows } = await db.execute<{
    events_count: number;
    id: number | null;
    name: string | null;
    starts_at: Date | null;
  }>(sql`
    SELECT (SELECT count(*) FROM events WHERE npo_id = ${npoId} AND status <> 'cancelled')::int AS events_count,
      next.id, next.name, next.starts_at
    FROM (SELECT 1) one LEFT JOIN LATERAL (
      SELECT id, name, starts_at FROM events
      WHERE npo_id = ${npoId} AND status = 'published' AND ends_at > now() ORDER BY starts_at, id LIMIT 1
    ) next ON true`);
  const row = rows[0];
  return {
    events_count: Number(row?.events_count ?? 0),
    upcoming_event:
      row?.id == null
        ? null
        : { id: Number(row.id), name: String(row.name), starts_at: new Date(row.starts_at as Date).toISOString() },
  };
}
