import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { memberships } from '../organisations/index.ts';
import { users } from '../users/index.ts';
import type { ClientContext } from './sign-in.service.ts';
import { signInAttempts } from './sign-in.tables.ts';

/** Why an attempt failed (the security page's labels are in the contract's SIGN_IN_REASON_LABELS). */
export type SignInFailure = 'unknown_account' | 'wrong_password' | 'wrong_second_factor' | 'too_many_attempts';

const KEEP = sql`interval '90 days'`;

/**
 * Records one attempt outside any transaction, so a refused sign-in (whose error rolls its own work
 * back) is still kept; rows older than 90 days go at the same time (there is no cleanup job).
 */
export async function recordAttempt(
  db: Tx,
  attempt: {
    userId: number | null;
    email: string;
    failure: SignInFailure | null;
    client: Omit<ClientContext, 'previousSessionToken'>;
  },
): Promise<void> {
  await db.delete(signInAttempts).where(sql`${signInAttempts.createdAt} < now() - ${KEEP}`);
  await db.insert(signInAttempts).values({
    userId: attempt.userId,
    email: attempt.email.trim().toLowerCase().slice(0, 254),
    succeeded: attempt.failure === null,
    reason: attempt.failure,
    ip: attempt.client.ip,
    userAgent: attempt.client.userAgent,
  });
}

export type SignInAttemptRow = {
  id: number;
  userId: number | null;
  member: string;
  email: string;
  succeeded: boolean;
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
};

/**
 * The sign-in history an organisation sees: attempts on its members' accounts since they joined it
 * (an attempt on an unknown e-mail belongs to no organisation), newest first.
 */
export async function listAttemptsOfOrganisation(
  db: Db,
  npoId: number,
  query: { page: number; perPage: number; outcome: 'all' | 'failed' | 'succeeded' },
): Promise<{ rows: SignInAttemptRow[]; total: number }> {
  const where = and(
    eq(memberships.npoId, npoId),
    gte(signInAttempts.createdAt, memberships.createdAt),
    query.outcome === 'all' ? undefined : eq(signInAttempts.succeeded, query.outcome === 'succeeded'),
  );
  const base = db
    .select({
      id: signInAttempts.id,
      userId: signInAttempts.userId,
      member: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      email: signInAttempts.email,
      succeeded: signInAttempts.succeeded,
      reason: signInAttempts.reason,
      ip: signInAttempts.ip,
      userAgent: signInAttempts.userAgent,
      createdAt: signInAttempts.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(signInAttempts)
    .innerJoin(memberships, eq(memberships.userId, signInAttempts.userId))
    .innerJoin(users, eq(users.id, signInAttempts.userId))
    .where(where)
    .orderBy(desc(signInAttempts.createdAt), desc(signInAttempts.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const rows = await base;
  const total = rows[0]?.total ?? (query.page > 1 ? await countAttempts(db, where) : 0);
  return { rows: rows.map(({ total: _, ...r }) => r), total };
}

async function countAttempts(db: Db, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(signInAttempts)
    .innerJoin(memberships, eq(memberships.userId, signInAttempts.userId))
    .where(where);
  return row?.n ?? 0;
}
