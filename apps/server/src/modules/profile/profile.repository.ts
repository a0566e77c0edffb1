import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { users } from '../users/index.ts';
import { emailChanges } from './profile.tables.ts';

export type ProfileUser = typeof users.$inferSelect;
export type EmailChangeRow = typeof emailChanges.$inferSelect;

export async function findUser(db: Tx, id: number): Promise<ProfileUser | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Another account holding this address (compared as the unique index does, in lower case). */
export async function findOtherUserWithEmail(db: Tx, email: string, exceptUserId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, sql`${users.id} <> ${exceptUserId}`));
  return row ?? null;
}

export async function updateUser(
  db: Tx,
  id: number,
  values: Partial<Pick<ProfileUser, 'firstName' | 'lastName' | 'photoKey' | 'email' | 'emailVerifiedAt'>>,
): Promise<ProfileUser> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new Error('user update returned no row');
  return row;
}

/** The address a person is waiting to confirm: their newest open, unexpired request. */
export async function findPendingEmail(db: Tx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.usedAt),
        isNull(emailChanges.replacedAt),
        gt(emailChanges.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/** Earlier open requests stop working when a new one is made: only the latest link counts. */
export async function replaceOpenRequests(db: Tx, userId: number): Promise<void> {
  await db
    .update(emailChanges)
    .set({ replacedAt: sql`now()` })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), isNull(emailChanges.replacedAt)));
}

export async function insertEmailChange(
  db: Tx,
  values: { id: string; userId: number; newEmail: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailChanges).values(values);
}

/** The request behind a link, locked for the transaction so two openings cannot both use it. */
export async function lockEmailChange(db: Tx, id: string): Promise<EmailChangeRow | null> {
  const [row] = await db.select().from(emailChanges).where(eq(emailChanges.id, id)).for('update');
  return row ?? null;
}

export async function markEmailChangeUsed(db: Tx, id: string): Promise<void> {
  await db.update(emailChanges).set({ usedAt: sql`now()` }).where(eq(emailChanges.id, id));
}
