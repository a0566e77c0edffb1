import { effectivePermissions } from '@kindling/contracts';
import { and, asc, eq, isNull, like } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { memberships, npos } from './organisations.tables.ts';

/** A user's membership together with the organisation it belongs to. */
export type MembershipView = {
  membershipId: number;
  userId: number;
  npoId: number;
  npoName: string;
  logoUrl: string | null;
  baseCurrency: string;
  roleCode: number;
  roleName: string;
  permissions: string[];
  revokedPermissions: string[];
};

/** The member's effective permission set (docs/product/team.md#permissions). */
export const permissionsOf = (m: Pick<MembershipView, 'roleCode' | 'permissions' | 'revokedPermissions'>) =>
  effectivePermissions(m.roleCode, m.permissions, m.revokedPermissions);

const membershipColumns = {
  membershipId: memberships.id,
  userId: memberships.userId,
  npoId: npos.id,
  npoName: npos.name,
  logoUrl: npos.logoUrl,
  baseCurrency: npos.baseCurrency,
  roleCode: memberships.roleCode,
  roleName: memberships.roleName,
  permissions: memberships.permissions,
  revokedPermissions: memberships.revokedPermissions,
};

// A suspended membership does not count: its member cannot select or use the organisation.
const active = isNull(memberships.suspendedAt);

export function listMembershipsOfUser(db: Tx, userId: number): Promise<MembershipView[]> {
  return db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(npos, eq(npos.id, memberships.npoId))
    .where(and(eq(memberships.userId, userId), active))
    .orderBy(asc(npos.name), asc(npos.id));
}

export async function findMembership(db: Tx, userId: number, npoId: number): Promise<MembershipView | null> {
  const [row] = await db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(npos, eq(npos.id, memberships.npoId))
    .where(and(eq(memberships.userId, userId), eq(memberships.npoId, npoId), active));
  return row ?? null;
}

export async function findNpo(db: Tx, npoId: number) {
  const [row] = await db.select().from(npos).where(eq(npos.id, npoId));
  return row ?? null;
}

export async function slugsStartingWith(db: Tx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: npos.slug })
    .from(npos)
    .where(like(npos.slug, `${base}%`));
  return rows.map((r) => r.slug);
}

export async function insertOrganisation(
  db: Tx,
  values: {
    name: string;
    slug: string;
    baseCurrency: string;
    stripeAccountId: string | null;
    timeZone: string;
    locale: string;
    country?: string;
    fiscalYearStartMonth?: number;
    receiptFooter?: string;
  },
): Promise<number> {
  const [row] = await db.insert(npos).values(values).returning({ id: npos.id });
  if (!row) throw new Error('organisation insert returned no row');
  return row.id;
}

/** Sets the time zone and locale; answers what they were (null: no such organisation). */
export async function updateNpoSettings(
  db: Tx,
  npoId: number,
  values: { timeZone: string; locale: string },
): Promise<{ timeZone: string; locale: string } | null> {
  const [before] = await db
    .select({ timeZone: npos.timeZone, locale: npos.locale })
    .from(npos)
    .where(eq(npos.id, npoId))
    .for('update');
  if (!before) return null;
  await db.update(npos).set(values).where(eq(npos.id, npoId));
  return before;
}

export async function insertMembership(
  db: Tx,
  values: { npoId: number; userId: number; roleCode: number; roleName: string },
): Promise<void> {
  await db.insert(memberships).values(values);
}
