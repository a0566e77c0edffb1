import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { passwordResets, users } from '../users/index.ts';

export async function insertPasswordReset(db: Tx, values: { id: string; userId: number; expiresAt: Date }) {
  await db.insert(passwordResets).values(values);
}

/** An unused, unexpired reset with its user's e-mail. */
export async function findLiveReset(db: Tx, id: string) {
  const [row] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)));
  return row ?? null;
}

/** Marks a live reset used and returns its user; null when unknown, used or expired (single use, race-safe). */
export async function claimReset(db: Tx, id: string): Promise<number | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}

/** Uses up every open reset link of the user: the one just used and any older ones. */
export async function useResetsOfUser(db: Tx, userId: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
