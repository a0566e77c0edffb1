import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { authChallenges, backupCodes } from '../users/index.ts';

export type ChallengeContext = { stripe_account?: string };

export async function insertChallenge(
  db: Tx,
  values: { id: string; userId: number; context: ChallengeContext; expiresAt: Date },
): Promise<void> {
  // Finished and expired challenges of the user are of no further use.
  await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.userId, values.userId), lt(authChallenges.expiresAt, sql`now()`)));
  await db.insert(authChallenges).values(values);
}

/**
 * Counts one attempt on a live challenge and returns it; null when it is unknown, expired,
 * consumed or has no attempts left. Counting first, in one statement, keeps parallel guesses
 * within the limit.
 */
export async function claimChallengeAttempt(db: Db, id: string, maxAttempts: number) {
  const [row] = await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(
      and(
        eq(authChallenges.id, id),
        isNull(authChallenges.consumedAt),
        gt(authChallenges.expiresAt, sql`now()`),
        lt(authChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ id: authChallenges.id, userId: authChallenges.userId, context: authChallenges.context });
  return row ? { ...row, context: row.context as ChallengeContext } : null;
}

export async function consumeChallenge(db: Tx, id: string): Promise<boolean> {
  const rows = await db
    .update(authChallenges)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(authChallenges.id, id), isNull(authChallenges.consumedAt)))
    .returning({ id: authChallenges.id });
  return rows.length === 1;
}

/** Replaces every backup code of the user with new digests. */
export async function replaceBackupCodes(db: Tx, userId: number, digests: string[]): Promise<void> {
  await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
  if (digests.length) await db.insert(backupCodes).values(digests.map((codeDigest) => ({ userId, codeDigest })));
}

/** Marks an unused code of this user used; false when there is none (wrong, used, another user's). */
export async function useBackupCode(db: Tx, userId: number, codeDigest: string): Promise<boolean> {
  const rows = await db
    .update(backupCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(backupCodes.userId, userId), eq(backupCodes.codeDigest, codeDigest), isNull(backupCodes.usedAt)))
    .returning({ id: backupCodes.id });
  return rows.length === 1;
}

export async function countUnusedBackupCodes(db: Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
  return row?.n ?? 0;
}
