// SQL for the team page: the organisation's staff members (memberships with their users, suspended
// ones included) and its invitations. Fundraisers and donors (1123) are not the team.
import { ROLE } from '@kindling/contracts';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { teamInvitations } from './team.tables.ts';

export type MemberRow = {
  membership_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  role_code: number;
  role_name: string;
  permissions: string[];
  revoked_permissions: string[];
  /** Raw SQL rows: timestamps arrive as PostgreSQL's text. */
  suspended_at: string | null;
  otp_enabled: boolean;
  last_sign_in_at: string | null;
};

const memberSelect = sql`
  SELECT m.id AS membership_id, u.id AS user_id, u.first_name, u.last_name, u.email, m.role_code, m.role_name,
         m.permissions, m.revoked_permissions, m.suspended_at, u.otp_enabled, u.last_sign_in_at
  FROM memberships m JOIN users u ON u.id = m.user_id`;

export async function listMembers(db: Tx, npoId: number): Promise<MemberRow[]> {
  const { rows } = await db.execute<MemberRow>(sql`${memberSelect}
    WHERE m.npo_id = ${npoId} AND m.role_code <> ${ROLE.PEER}
    ORDER BY lower(u.last_name), lower(u.first_name), lower(u.email), u.id`);
  return rows;
}

/** A staff member of the organisation, suspended or not; locked for the change when `lock`. */
export async function findMember(db: Tx, npoId: number, userId: number, lock = false): Promise<MemberRow | null> {
  const { rows } = await db.execute<MemberRow>(sql`${memberSelect}
    WHERE m.npo_id = ${npoId} AND m.user_id = ${userId} AND m.role_code <> ${ROLE.PEER}
    ${lock ? sql`FOR NO KEY UPDATE OF m` : sql``}`);
  return rows[0] ?? null;
}

/**
 * Locks the organisation's active admins (5150) and returns their user ids: two concurrent changes
 * cannot each leave the other as the last one.
 */
export async function lockActiveAdmins(db: Tx, npoId: number): Promise<number[]> {
  const { rows } = await db.execute<{ user_id: number }>(sql`
    SELECT user_id FROM memberships
    WHERE npo_id = ${npoId} AND role_code = ${ROLE.ADMIN} AND suspended_at IS NULL
    ORDER BY id FOR NO KEY UPDATE`);
  return rows.map((r) => r.user_id);
}

export async function updateMember(
  db: Tx,
  membershipId: number,
  values: { roleCode?: number; roleName?: string; permissions?: string[]; revoked?: string[]; suspended?: boolean },
): Promise<void> {
  const sets = [
    values.roleCode !== undefined ? sql`role_code = ${values.roleCode}` : null,
    values.roleName !== undefined ? sql`role_name = ${values.roleName}` : null,
    values.permissions !== undefined ? sql`permissions = ${JSON.stringify(values.permissions)}::jsonb` : null,
    values.revoked !== undefined ? sql`revoked_permissions = ${JSON.stringify(values.revoked)}::jsonb` : null,
    values.suspended !== undefined ? sql`suspended_at = ${values.suspended ? sql`now()` : sql`NULL`}` : null,
  ].filter((s) => s !== null);
  await db.execute(sql`UPDATE memberships SET ${sql.join(sets, sql`, `)} WHERE id = ${membershipId}`);
}

export async function deleteMembership(db: Tx, membershipId: number): Promise<void> {
  await db.execute(sql`DELETE FROM memberships WHERE id = ${membershipId}`);
}

/** Adds the membership, or gives an existing one (a donor's, a suspended one) the invited role. */
export async function upsertMembership(
  db: Tx,
  values: { npoId: number; userId: number; roleCode: number; roleName: string },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO memberships (npo_id, user_id, role_code, role_name)
    VALUES (${values.npoId}, ${values.userId}, ${values.roleCode}, ${values.roleName})
    ON CONFLICT (npo_id, user_id) DO UPDATE
      SET role_code = EXCLUDED.role_code, role_name = EXCLUDED.role_name, suspended_at = NULL,
          permissions = '[]'::jsonb, revoked_permissions = '[]'::jsonb`);
}

export async function organisationName(db: Tx, npoId: number): Promise<string> {
  const { rows } = await db.execute<{ name: string }>(sql`SELECT name FROM npos WHERE id = ${npoId}`);
  return rows[0]?.name ?? '';
}

export type InvitationRow = typeof teamInvitations.$inferSelect;

/** Invitations neither accepted nor revoked (expired ones included, so they can be resent). */
export function listOpenInvitations(db: Tx, npoId: number): Promise<InvitationRow[]> {
  return db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.npoId, npoId), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
}

export async function findOpenInvitation(db: Tx, npoId: number, id: number): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.npoId, npoId),
        eq(teamInvitations.id, id),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    );
  return row ?? null;
}

export async function findLiveInvitationByEmail(db: Tx, npoId: number, email: string) {
  const [row] = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.npoId, npoId),
        sql`lower(${teamInvitations.email}) = lower(${email})`,
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        gt(teamInvitations.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/** The invitation behind a link, whatever its state, locked when `lock` (accepting it). */
export async function findInvitationByDigest(db: Tx, digest: string, lock = false) {
  const query = db
    .select({
      invitation: teamInvitations,
      organisation: sql<string>`(SELECT name FROM npos WHERE id = ${teamInvitations.npoId})`,
    })
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenDigest, digest));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertInvitation(
  db: Tx,
  values: {
    npoId: number;
    email: string;
    roleCode: number;
    tokenDigest: string;
    invitedByUserId: number;
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  const [row] = await db.insert(teamInvitations).values(values).returning();
  if (!row) throw new Error('invitation insert returned no row');
  return row;
}

export async function renewInvitation(db: Tx, id: number, tokenDigest: string, expiresAt: Date) {
  await db.update(teamInvitations).set({ tokenDigest, expiresAt }).where(eq(teamInvitations.id, id));
}

export async function revokeInvitation(db: Tx, id: number) {
  await db.update(teamInvitations).set({ revokedAt: sql`now()` }).where(eq(teamInvitations.id, id));
}

export async function markAccepted(db: Tx, id: number, userId: number) {
  await db
    .update(teamInvitations)
    .set({ acceptedAt: sql`now()`, acceptedUserId: userId })
    .where(eq(teamInvitations.id, id));
}
