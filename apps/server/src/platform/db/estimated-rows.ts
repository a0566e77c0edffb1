import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * How many rows PostgreSQL expects `query` to return (its planner's estimate, nothing is run): for
 * choosing between two shapes of a query by how many rows one of its parts leaves.
 */
export async function estimatedRows(db: Db, query: SQL): Promise<number> {
  const { rows } = await db.execute<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    sql`EXPLAIN (FORMAT JSON) ${query}`,
  );
  return rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? Number.POSITIVE_INFINITY;
}
