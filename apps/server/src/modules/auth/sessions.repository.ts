import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { sessions, users } from '../users/index.ts';

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

/** The unexpired session with its user's public fields. */
export async function findLiveSession(db: Db, id: string) {
  const [row] = await db
    .select({
      id: sessions.id,
      selectedNpoId: sessions.selectedNpoId,
      lastSeenAt: sessions.lastSeenAt,
      user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)));
  return row ?? null;
}

export async function touchSession(db: Db, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()`, expiresAt }).where(eq(sessions.id, id));
}

export async function setSelectedNpo(db: Tx, id: string, npoId: number | null): Promise<void> {
  await db.update(sessions).set({ selectedNpoId: npoId }).where(eq(sessions.id, id));
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
