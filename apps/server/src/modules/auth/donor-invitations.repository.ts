// SQL only, for the donor account invitation: the gift that asked for an account (locked while
// its invitation is unsent) and the donor's membership in that organisation.
import { ROLE, ROLE_NAMES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { memberships } from '../organisations/index.ts';

export type InvitationSource = {
  npoId: number;
  organisation: string;
  email: string;
  firstName: string;
  lastName: string;
};

/**
 * The succeeded gift with create_donor_account whose invitation is unsent, locked until the
 * transaction ends (a second job for the gift waits, then finds it sent); null when there is none.
 */
export async function lockUninvitedGift(tx: Tx, npoId: number, donationId: number) {
  const { rows } = await tx.execute<{ organisation: string; email: string; first_name: string; last_name: string }>(sql`
    SELECT n.name AS organisation, dn.email, dn.first_name, dn.last_name
    FROM donations d
    JOIN donors dn ON dn.id = d.donor_id AND dn.npo_id = d.npo_id
    JOIN npos n ON n.id = d.npo_id
    WHERE d.id = ${donationId} AND d.npo_id = ${npoId} AND d.status = 'succeeded'
      AND d.create_donor_account AND d.donor_invited_at IS NULL
    FOR NO KEY UPDATE OF d`);
  const r = rows[0];
  return r
    ? ({
        npoId,
        organisation: r.organisation,
        email: r.email,
        firstName: r.first_name,
        lastName: r.last_name,
      } satisfies InvitationSource)
    : null;
}

export async function markInvited(tx: Tx, npoId: number, donationId: number): Promise<void> {
  await tx.execute(sql`UPDATE donations SET donor_invited_at = now() WHERE id = ${donationId} AND npo_id = ${npoId}`);
}

/** Gives the donor role unless the user already has a role there: a staff member keeps theirs. */
export async function ensureDonorMembership(tx: Tx, npoId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .insert(memberships)
    .values({ npoId, userId, roleCode: ROLE.PEER, roleName: ROLE_NAMES[ROLE.PEER] })
    .onConflictDoNothing()
    .returning({ id: memberships.id });
  return rows.length === 1;
}
