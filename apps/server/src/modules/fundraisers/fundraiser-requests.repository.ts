// SQL only: a visitor's request to fundraise, kept until its e-mailed link is followed or expires.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../donations/index.ts';
import { fundraiserRequests } from './fundraisers.tables.ts';

export type FundraiserRequestRow = typeof fundraiserRequests.$inferSelect;

export async function insertFundraiserRequest(tx: Tx, values: typeof fundraiserRequests.$inferInsert): Promise<void> {
  await tx.insert(fundraiserRequests).values(values);
}

/** Marks a live request used and returns it; null when unknown, used or expired (single use, race-safe). */
export async function claimFundraiserRequest(tx: Tx, id: string): Promise<FundraiserRequestRow | null> {
  const [row] = await tx
    .update(fundraiserRequests)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(fundraiserRequests.id, id),
        isNull(fundraiserRequests.usedAt),
        gt(fundraiserRequests.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findFundraiserRequest(tx: Tx, id: string): Promise<FundraiserRequestRow | null> {
  const [row] = await tx.select().from(fundraiserRequests).where(eq(fundraiserRequests.id, id));
  return row ?? null;
}
