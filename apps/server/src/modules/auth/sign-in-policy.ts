import { ROLE, SESSION_LIFETIME_DEFAULT_HOURS } from '@kindling/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { memberships } from '../organisations/index.ts';
import { sessions, users } from '../users/index.ts';
import { signInPolicies } from './sign-in.tables.ts';

export type SignInPolicy = { requireTwoFactor: boolean; sessionLifetimeHours: number };

export const DEFAULT_POLICY: SignInPolicy = {
  requireTwoFactor: false,
  sessionLifetimeHours: SESSION_LIFETIME_DEFAULT_HOURS,
};

/** The organisation's policy, or the defaults when it never set one (or none is selected). */
export async function policyOf(db: Tx | Db, npoId: number | null): Promise<SignInPolicy> {
  if (npoId === null) return DEFAULT_POLICY;
  const [row] = await db
    .select({
      requireTwoFactor: signInPolicies.requireTwoFactor,
      sessionLifetimeHours: signInPolicies.sessionLifetimeHours,
    })
    .from(signInPolicies)
    .where(eq(signInPolicies.npoId, npoId));
  return row ?? DEFAULT_POLICY;
}

/**
 * Saves the policy. A shorter lifetime applies at once: the organisation's live sessions expire no
 * later than their last use plus the new lifetime (a longer one applies at their next use).
 */
export async function savePolicy(tx: Tx, npoId: number, policy: SignInPolicy): Promise<void> {
  await tx
    .insert(signInPolicies)
    .values({ npoId, ...policy })
    .onConflictDoUpdate({ target: signInPolicies.npoId, set: { ...policy, updatedAt: sql`now()` } });
  await tx
    .update(sessions)
    .set({
      expiresAt: sql`least(${sessions.expiresAt}, ${sessions.lastSeenAt} + make_interval(hours => ${policy.sessionLifetimeHours}))`,
    })
    .where(eq(sessions.selectedNpoId, npoId));
}

export const lifetimeMs = (policy: SignInPolicy) => policy.sessionLifetimeHours * 60 * 60 * 1000;

/** Active team members (not fundraisers, not suspended) without a second factor. */
export async function countMembersWithoutSecondFactor(db: Db, npoId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.npoId, npoId),
        ne(memberships.roleCode, ROLE.PEER),
        isNull(memberships.suspendedAt),
        eq(users.otpEnabled, false),
      ),
    );
  return row?.n ?? 0;
}
