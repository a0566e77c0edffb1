// The demo organisation's team (docs/product/team.md): the demo accounts are its members (seeded
// with their memberships) and one colleague is invited and has not answered yet.
import { ROLE } from '@kindling/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { teamInvitations } from '../modules/team/team.tables.ts';
import type { Db } from '../platform/db/client.ts';
import { randomToken, sha256Hex } from '../platform/security/tokens.ts';

export const DEMO_INVITEE = 'new.volunteer@kindling.test';

/** One pending invitation; its link is not known to anyone (Resend on /admin/team e-mails a new one). */
export async function seedTeam(db: Db, npoIds: Map<string, number>, adminUserId: number | null): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const [open] = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.npoId, npoId),
        eq(teamInvitations.email, DEMO_INVITEE),
        isNull(teamInvitations.acceptedAt),
      ),
    );
  if (open) return;
  await db.insert(teamInvitations).values({
    npoId,
    email: DEMO_INVITEE,
    roleCode: ROLE.STAFF,
    tokenDigest: sha256Hex(randomToken(32)),
    invitedByUserId: adminUserId,
    expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
  });
}
