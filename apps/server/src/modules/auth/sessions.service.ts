import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import type { RequestSession, SessionResolver } from '../../platform/http/session-context.ts';
import { randomToken, sha256Hex } from '../../platform/security/tokens.ts';
import { findMembership, type MembershipView, permissionsOf } from '../organisations/index.ts';
import * as repo from './sessions.repository.ts';
import type { UserRow } from './users.repository.ts';

export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** last_seen_at (and the sliding expiry) is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

const expiresFromNow = () => new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
export const sessionIdOf = (token: string): string => sha256Hex(token);

export function toRequestSession(id: string, user: UserRow, selected: MembershipView | null): RequestSession {
  return {
    id,
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
    selectedNpoId: selected?.npoId ?? null,
    roleCode: selected?.roleCode ?? null,
    roleName: selected?.roleName ?? null,
    permissions: selected ? permissionsOf(selected) : [],
  };
}

/** Finds the session behind a cookie value; a session whose membership ended has no organisation. */
export function createSessionResolver(db: Db): SessionResolver {
  return async (token) => {
    const id = sessionIdOf(token);
    const row = await repo.findLiveSession(db, id);
    if (!row) {
      await repo.deleteSession(db, id); // an expired row, if there is one
      return null;
    }
    const membership = row.selectedNpoId ? await findMembership(db, row.user.id, row.selectedNpoId) : null;
    const touched = Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS;
    if (touched) await repo.touchSession(db, id, expiresFromNow());
    return {
      session: {
        id,
        user: row.user,
        selectedNpoId: membership?.npoId ?? null,
        roleCode: membership?.roleCode ?? null,
        roleName: membership?.roleName ?? null,
        permissions: membership ? permissionsOf(membership) : [],
      },
      touched,
      maxAgeSeconds: SESSION_TTL_SECONDS,
    };
  };
}

export type NewSession = { token: string; id: string };

/** A new random session (the cookie holds the token, the row its SHA-256). */
export async function startSession(
  db: Tx,
  input: { userId: number; selectedNpoId: number | null; ip: string | null; userAgent: string | null },
): Promise<NewSession> {
  const token = randomToken(32);
  const id = sessionIdOf(token);
  await repo.insertSession(db, { id, ...input, expiresAt: expiresFromNow() });
  return { token, id };
}

export const endSession = (db: Tx, id: string) => repo.deleteSession(db, id);
export const endSessionByToken = (db: Tx, token: string) => repo.deleteSession(db, sessionIdOf(token));
export const endSessionsOfUser = (db: Tx, userId: number, keepId?: string) =>
  repo.deleteSessionsOfUser(db, userId, keepId);
export const selectNpoForSession = (db: Tx, id: string, npoId: number | null) => repo.setSelectedNpo(db, id, npoId);
export const endSessionsOfUserIn = (db: Tx, userId: number, npoId: number) =>
  repo.deleteSessionsOfUserIn(db, userId, npoId);
