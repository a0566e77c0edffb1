import { ROLE } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import type { RequestSession, SessionResolver } from '../../platform/http/session-context.ts';
import { randomToken, sha256Hex } from '../../platform/security/tokens.ts';
import { findMembership, type MembershipView, permissionsOf } from '../organisations/index.ts';
import * as repo from './sessions.repository.ts';
import { lifetimeMs, policyOf, type SignInPolicy } from './sign-in-policy.ts';
import type { UserRow } from './users.repository.ts';

/** last_seen_at (and the sliding expiry) is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

const expiresFromNow = (policy: SignInPolicy) => new Date(Date.now() + lifetimeMs(policy));
export const maxAgeSecondsOf = (policy: SignInPolicy) => policy.sessionLifetimeHours * 60 * 60;
export const sessionIdOf = (token: string): string => sha256Hex(token);

/**
 * Whether the member must set up a second factor before reaching the organisation: the requirement
 * is for its team, not for the donors and fundraisers who hold a 1123 membership
 * (docs/product/security.md#two-step-verification).
 */
export const needsSecondFactor = (policy: SignInPolicy, otpEnabled: boolean, roleCode: number | null): boolean =>
  roleCode !== null && roleCode !== ROLE.PEER && policy.requireTwoFactor && !otpEnabled;

export function toRequestSession(
  id: string,
  user: UserRow,
  selected: MembershipView | null,
  policy: SignInPolicy,
): RequestSession {
  return {
    id,
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
    selectedNpoId: selected?.npoId ?? null,
    roleCode: selected?.roleCode ?? null,
    roleName: selected?.roleName ?? null,
    permissions: selected ? permissionsOf(selected) : [],
    mfaSetupRequired: needsSecondFactor(policy, user.otpEnabled, selected?.roleCode ?? null),
  };
}

/**
 * Finds the session behind a cookie value; a session whose membership ended has no organisation.
 * Its expiry slides by the selected organisation's session lifetime.
 */
export function createSessionResolver(db: Db): SessionResolver {
  return async (token) => {
    const id = sessionIdOf(token);
    const row = await repo.findLiveSession(db, id);
    if (!row) {
      await repo.deleteSession(db, id); // an expired row, if there is one
      return null;
    }
    const membership = row.selectedNpoId ? await findMembership(db, row.user.id, row.selectedNpoId) : null;
    const policy: SignInPolicy = {
      requireTwoFactor: row.requireTwoFactor,
      sessionLifetimeHours: row.sessionLifetimeHours,
    };
    const touched = Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS;
    if (touched) await repo.touchSession(db, id, expiresFromNow(policy));
    return {
      session: {
        id,
        user: row.user,
        selectedNpoId: membership?.npoId ?? null,
        roleCode: membership?.roleCode ?? null,
        roleName: membership?.roleName ?? null,
        permissions: membership ? permissionsOf(membership) : [],
        mfaSetupRequired: needsSecondFactor(policy, row.otpEnabled, membership?.roleCode ?? null),
      },
      touched,
      maxAgeSeconds: maxAgeSecondsOf(policy),
    };
  };
}

export type NewSession = { token: string; id: string; policy: SignInPolicy };

/**
 * A new random session (the cookie holds the token, the row its SHA-256), lasting the selected
 * organisation's session lifetime.
 */
export async function startSession(
  db: Tx,
  input: { userId: number; selectedNpoId: number | null; ip: string | null; userAgent: string | null },
): Promise<NewSession> {
  const token = randomToken(32);
  const id = sessionIdOf(token);
  const policy = await policyOf(db, input.selectedNpoId);
  await repo.insertSession(db, { id, ...input, expiresAt: expiresFromNow(policy) });
  return { token, id, policy };
}

/** Selecting an organisation also puts the session on that organisation's lifetime. */
export async function selectNpoForSession(db: Tx, id: string, npoId: number | null): Promise<SignInPolicy> {
  const policy = await policyOf(db, npoId);
  await repo.setSelectedNpo(db, id, npoId, expiresFromNow(policy));
  return policy;
}

export const endSession = (db: Tx, id: string) => repo.deleteSession(db, id);
export const endSessionByToken = (db: Tx, token: string) => repo.deleteSession(db, sessionIdOf(token));
export const endSessionsOfUser = (db: Tx, userId: number, keepId?: string) =>
  repo.deleteSessionsOfUser(db, userId, keepId);
export const endSessionsOfUserIn = (db: Tx, userId: number, npoId: number) =>
  repo.deleteSessionsOfUserIn(db, userId, npoId);
