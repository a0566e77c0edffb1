// An account for someone invited by e-mail (a donor who asked for one, a fundraiser): the user found
// or created by e-mail, the peer/donor role in the organisation unless they already have a role
// there (a staff member keeps theirs), and, for a user who cannot sign in yet, a one-time link to
// choose a password (a password-reset token valid for 7 days).
import type { Tx } from '../../platform/db/tx.ts';
import { randomToken, sha256Hex } from '../../platform/security/tokens.ts';
import { recordAudit } from '../audit/index.ts';
import { ensureDonorMembership } from './donor-invitations.repository.ts';
import { insertPasswordReset } from './password-resets.repository.ts';
import * as users from './users.repository.ts';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type InvitedAccount = {
  user: users.UserRow;
  /** True when the user can already sign in (password, Google or Stripe): no link is made. */
  hasAccount: boolean;
  /** `<origin>/reset-password?token=…` for a user who must choose a password first. */
  passwordLink: string | null;
};

export async function ensureInvitedAccount(
  tx: Tx,
  input: {
    npoId: number;
    email: string;
    firstName: string;
    lastName: string;
    origin: string;
    /** Why (kept in the audit entries), e.g. { donation_id } or { campaign_id }. */
    reason: Record<string, unknown>;
  },
): Promise<InvitedAccount> {
  let user = await users.findUserByEmail(tx, input.email);
  const hasAccount = Boolean(user?.passwordHash || user?.googleSub || user?.stripeUserId);
  if (!user) {
    // Two gifts of a new donor invited at once (two instances' workers): one insert wins, the other
    // waits for it and takes the winner's user, so neither job fails.
    const created = await users.insertUserUnlessEmailTaken(tx, {
      email: input.email.trim(),
      firstName: input.firstName,
      lastName: input.lastName,
    });
    if (created) {
      await recordAudit(tx, {
        npoId: input.npoId,
        actorUserId: null,
        action: 'user.donor_account_created',
        targetType: 'user',
        targetId: created.id,
        data: input.reason,
      });
    }
    user = created ?? (await users.findUserByEmail(tx, input.email));
    if (!user) throw new Error(`no user for ${input.email} after a conflicting insert`);
  }
  if (await ensureDonorMembership(tx, input.npoId, user.id)) {
    await recordAudit(tx, {
      npoId: input.npoId,
      actorUserId: null,
      action: 'membership.donor_added',
      targetType: 'user',
      targetId: user.id,
      data: input.reason,
    });
  }
  if (hasAccount) return { user, hasAccount, passwordLink: null };
  const token = randomToken(32);
  await insertPasswordReset(tx, {
    id: sha256Hex(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
  });
  return { user, hasAccount, passwordLink: `${input.origin}/reset-password?token=${token}` };
}
