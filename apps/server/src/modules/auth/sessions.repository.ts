import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { memberships } from '../organisations/index.ts';
import { sessions, users } from '../users/index.ts';
import { signInPolicies } from './sign-in.tables.ts';
import { DEFAULT_POLICY } from './sign-in-policy.ts';

/** Inserts a session; the user's expired ones are swept at the same time (there is no cleanup job). */
export async function insertSession(
  db: Tx,
  values: {
    id: string;
    userId: number;
    selectedNpoId: number | null;
    ip: string | null;
    userAgent: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, values.userId), lt(sessions.expiresAt, sql`now()`)));
  await db.insert(sessions).values(values);
}

/**
 * The unexpired session with its user's public fields, whether the user has a second factor, and
 * the selected organisation's sign-in policy (docs/product/security.md).
 */
export async function findLiveSession(db: Db, id: string) {
  const [row] = await db
    .select({
      id: sessions.id,
      selectedNpoId: sessions.selectedNpoId,
      lastSeenAt: sessions.lastSeenAt,
      user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
      otpEnabled: users.otpEnabled,
      requireTwoFactor: sql<boolean>`coalesce(${signInPolicies.requireTwoFactor}, false)`,
      sessionLifetimeHours: sql<number>`coalesce(${signInPolicies.sessionLifetimeHours}, ${DEFAULT_POLICY.sessionLifetimeHours})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(signInPolicies, eq(signInPolicies.npoId, sessions.selectedNpoId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)));
  return row ?? null;
}

/** Live sessions of the organisation's members that have it selected, most recently used first. */
export async function listSessionsOfOrganisation(db: Db, npoId: number) {
  return db
    .select({
      id: sessions.id,
      publicId: sessions.publicId,
      userId: sessions.userId,
      member: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      email: users.email,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(memberships, and(eq(memberships.userId, sessions.userId), eq(memberships.npoId, npoId)))
    .where(and(eq(sessions.selectedNpoId, npoId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.publicId))
    .limit(500);
}

/** Ends one session of the organisation by its public id; null when it is not one of its sessions. */
export async function deleteSessionOfOrganisation(db: Tx, npoId: number, publicId: number) {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.publicId, publicId), eq(sessions.selectedNpoId, npoId)))
    .returning({ userId: sessions.userId, ip: sessions.ip, userAgent: sessions.userAgent });
  return row ?? null;
}

export async function touchSession(db: Db, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()`, expiresAt }).where(eq(sessions.id, id));
}

export async function setSelectedNpo(db: Tx, id: string, npoId: number | null, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ selectedNpoId: npoId, expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Tx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Signs the user out everywhere, except the session `keepId` when given. */
export async function deleteSessionsOfUser(db: Tx, userId: number, keepId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId));
}

/** Ends the user's sessions that have `npoId` selected (a member removed or suspended there). */
export async function deleteSessionsOfUserIn(db: Tx, userId: number, npoId: number): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.selectedNpoId, npoId)))
    .returning({ id: sessions.id });
  return rows.length;
}
