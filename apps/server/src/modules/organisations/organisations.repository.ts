import { effectivePermissions } from '@kindling/contracts';
import { and, asc, eq, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { donations } from '../donations/donations.tables.ts';
import { memberships, npos } from './organisations.tables.ts';

export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

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

export function listMembershipsOfUser(db: Executor, userId: number): Promise<MembershipView[]> {
  return db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(npos, eq(npos.id, memberships.npoId))
    .where(and(eq(memberships.userId, userId), active))
    .orderBy(asc(npos.name), asc(npos.id));
}

export async function findMembership(db: Executor, userId: number, npoId: number): Promise<MembershipView | null> {
  const [row] = await db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(npos, eq(npos.id, memberships.npoId))
    .where(and(eq(memberships.userId, userId), eq(memberships.npoId, npoId), active));
  return row ?? null;
}

export async function findNpo(db: Executor, npoId: number) {
  const [row] = await db.select().from(npos).where(eq(npos.id, npoId));
  return row ?? null;
}

export async function slugsStartingWith(db: Executor, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: npos.slug })
    .from(npos)
    .where(like(npos.slug, `${base}%`));
  return rows.map((r) => r.slug);
}

export async function insertOrganisation(
  db: Executor,
  values: { name: string; slug: string; baseCurrency: string; stripeAccountId: string | null },
): Promise<number> {
  const [row] = await db.insert(npos).values(values).returning({ id: npos.id });
  if (!row) throw new Error('organisation insert returned no row');
  return row.id;
}

export async function insertMembership(
  db: Executor,
  values: { npoId: number; userId: number; roleCode: number; roleName: string },
): Promise<void> {
  await db.insert(memberships).values(values);
}

export function listCampaignRefs(db: Executor, npoId: number) {
  return db
    .select({ id: campaigns.id, name: campaigns.name, campaign_url: campaigns.campaignUrl, status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.npoId, npoId))
    .orderBy(asc(campaigns.name), asc(campaigns.id));
}

/** Currencies the organisation's donations and campaigns use. */
export async function listUsedCurrencies(db: Executor, npoId: number): Promise<string[]> {
  const { rows } = await db.execute<{ currency: string }>(sql`
    SELECT ${donations.currency} AS currency FROM ${donations} WHERE ${donations.npoId} = ${npoId}
    UNION
    SELECT ${campaigns.currency} FROM ${campaigns} WHERE ${campaigns.npoId} = ${npoId}`);
  return rows.map((r) => r.currency);
}
