// The assistant's saved recent queries (docs/product/insights.md#assistant): per user and
// organisation, newest first, the newest SAVED_QUERIES_CAP kept.
import { SAVED_QUERIES_CAP, type TAiUserQuery } from '@kindling/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { aiUserQueries } from './assistant.tables.ts';

type Owner = { npoId: number; userId: number };

const shape = (r: typeof aiUserQueries.$inferSelect): TAiUserQuery => ({
  id: r.id,
  query: r.query,
  queried_at: r.queriedAt.toISOString(),
});

export async function listQueries(db: Db, owner: Owner): Promise<TAiUserQuery[]> {
  const rows = await db
    .select()
    .from(aiUserQueries)
    .where(and(eq(aiUserQueries.npoId, owner.npoId), eq(aiUserQueries.userId, owner.userId)))
    .orderBy(desc(aiUserQueries.queriedAt), desc(aiUserQueries.id))
    .limit(SAVED_QUERIES_CAP);
  return rows.map(shape);
}

/**
 * Saves a query; asking the same question again moves it to the top instead of repeating it. Older
 * queries beyond the cap are removed in the same transaction.
 */
export async function saveQuery(db: Db, owner: Owner, query: string): Promise<TAiUserQuery> {
  return db.transaction(async (tx) => {
    const mine = and(eq(aiUserQueries.npoId, owner.npoId), eq(aiUserQueries.userId, owner.userId));
    await tx.delete(aiUserQueries).where(and(mine, eq(aiUserQueries.query, query)));
    const [row] = await tx
      .insert(aiUserQueries)
      .values({ ...owner, query })
      .returning();
    await tx.execute(sql`
      DELETE FROM ai_user_queries WHERE npo_id = ${owner.npoId} AND user_id = ${owner.userId} AND id NOT IN (
        SELECT id FROM ai_user_queries WHERE npo_id = ${owner.npoId} AND user_id = ${owner.userId}
        ORDER BY queried_at DESC, id DESC LIMIT ${SAVED_QUERIES_CAP})`);
    if (!row) throw new Error('the saved query was not returned');
    return shape(row);
  });
}

export async function clearQueries(db: Db, owner: Owner): Promise<number> {
  const deleted = await db
    .delete(aiUserQueries)
    .where(and(eq(aiUserQueries.npoId, owner.npoId), eq(aiUserQueries.userId, owner.userId)))
    .returning({ id: aiUserQueries.id });
  return deleted.length;
}
