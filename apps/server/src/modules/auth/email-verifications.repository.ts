import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { emailVerifications, users } from '../users/index.ts';

export async function insertEmailVerification(db: Tx, values: { id: string; userId: number; expiresAt: Date }) {
  await db.insert(emailVerifications).values(values);
}

/**
 * Uses a live link and marks its user verified, with every other open link of theirs; null when the
 * link is unknown, used or expired (single use, race-safe: the update decides).
 */
export async function claimEmailVerification(db: Tx, id: string): Promise<number | null> {
  const [row] = await db
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailVerifications.id, id),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailVerifications.userId });
  if (!row) return null;
  await db
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailVerifications.userId, row.userId), isNull(emailVerifications.usedAt)));
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, row.userId));
  return row.userId;
}

/** Self-service sign-up starts unverified: every other way in counts as verified (decision 078). */
export async function markEmailUnverified(db: Tx, userId: number): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, userId));
}
