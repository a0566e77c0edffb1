import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { users } from '../users/index.ts';
export type UserRow = typeof users.$inferSelect;

const first = <T>(rows: T[]): T | null => rows[0] ?? null;

export const findUserById = async (db: Tx, id: number) => first(await db.select().from(users).where(eq(users.id, id)));

export const findUserByEmail = async (db: Tx, email: string) =>
  first(await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`));

export const findUserByGoogleSub = async (db: Tx, sub: string) =>
  first(await db.select().from(users).where(eq(users.googleSub, sub)));

export const findUserByStripeUserId = async (db: Tx, stripeUserId: string) =>
  first(await db.select().from(users).where(eq(users.stripeUserId, stripeUserId)));

export async function insertUser(
  db: Tx,
  values: Pick<
    typeof users.$inferInsert,
    'email' | 'firstName' | 'lastName' | 'passwordHash' | 'avatarUrl' | 'googleSub' | 'stripeUserId'
  > &
    Partial<Pick<typeof users.$inferInsert, 'emailVerifiedAt'>>,
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

/**
 * Inserts the user unless another has the e-mail: waits for a concurrent insert of it to commit or
 * roll back instead of failing, so a transaction can read the winner's row and go on. Null when taken.
 */
export async function insertUserUnlessEmailTaken(
  db: Tx,
  values: Pick<typeof users.$inferInsert, 'email' | 'firstName' | 'lastName'>,
): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Links a provider identity only while the user has none, so an existing link is never replaced. */
export async function linkGoogleSub(db: Tx, userId: number, sub: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ googleSub: sub })
    .where(and(eq(users.id, userId), isNull(users.googleSub)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function incrementFailedAttempts(db: Tx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ failedAttempts: sql`${users.failedAttempts} + 1` })
    .where(eq(users.id, userId));
}

export async function resetFailedAttempts(db: Tx, userId: number): Promise<void> {
  await db.update(users).set({ failedAttempts: 0 }).where(eq(users.id, userId));
}

export async function recordSignIn(db: Tx, userId: number): Promise<void> {
  await db.update(users).set({ lastSignInAt: sql`now()`, failedAttempts: 0 }).where(eq(users.id, userId));
}

export async function setPasswordHash(db: Tx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, failedAttempts: 0 }).where(eq(users.id, userId));
}

/**
 * Records a TOTP time step as used, only when it is later than the last one: false means the code
 * was already used (RFC 6238 section 5.2), even when two requests race.
 */
export async function consumeOtpStep(db: Tx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ otpConsumedStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.otpConsumedStep), lt(users.otpConsumedStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function updateOtpSettings(
  db: Tx,
  userId: number,
  values: Partial<
    Pick<UserRow, 'otpSecret' | 'otpPendingSecret' | 'otpEnabled' | 'otpConsumedStep' | 'backupCodesIssuedAt'>
  >,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}
