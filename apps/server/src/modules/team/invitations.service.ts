// Team invitations (docs/product/team.md#invitations): a single-use link, valid 7 days, that
// creates the account or adds the membership to an existing one. Resending makes a new link (the
// old one stops working); a used, expired or revoked link says so and changes nothing.
import { INVITATION_TTL_DAYS, ROLE_NAMES, type TInvitationPreview, type TTeamInvitation } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession, RequestSession } from '../../platform/http/session-context.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import { randomToken, sha256Hex } from '../../platform/security/tokens.ts';
import { recordAudit } from '../audit/index.ts';
import { findUserByEmail, insertUser } from '../auth/index.ts';
import * as repo from './team.repository.ts';

export type InvitationDeps = { db: Db; mailer: Mailer; origin: string };
type Actor = { session: OrganisationSession; ip: string | null };

const TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
const roleNameOf = (code: number) => ROLE_NAMES[code as keyof typeof ROLE_NAMES] ?? String(code);

export function toTeamInvitation(row: repo.InvitationRow, now = Date.now()): TTeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role_code: row.roleCode,
    role_name: roleNameOf(row.roleCode),
    invited_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    status: row.expiresAt.getTime() > now ? 'invited' : 'expired',
  };
}

const inviterOf = (user: { firstName: string; lastName: string; email: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

async function sendInvitationMail(
  deps: InvitationDeps,
  tx: Tx,
  actor: Actor,
  email: string,
  roleCode: number,
  token: string,
) {
  const organisation = await repo.organisationName(tx, actor.session.selectedNpoId);
  await mailInvitation(deps, tx, { organisation, inviter: inviterOf(actor.session.user), email, roleCode, token });
}

async function mailInvitation(
  deps: InvitationDeps,
  tx: Tx,
  m: { organisation: string; inviter: string; email: string; roleCode: number; token: string },
) {
  const { organisation, inviter, email, roleCode, token } = m;
  await deps.mailer.send(
    {
      to: email,
      subject: `${inviter} invited you to ${organisation} on Kindling`,
      text: [
        'Hello,',
        '',
        `${inviter} invited you to join the team of ${organisation} on Kindling as ${roleNameOf(roleCode)}.`,
        '',
        'Accept the invitation here:',
        `${deps.origin}/team-invitation/${token}`,
        '',
        `The link works once and expires in ${INVITATION_TTL_DAYS} days.`,
        'If you did not expect this, ignore this e-mail: nothing happens until the link is used.',
        '',
        `— ${organisation}`,
      ].join('\n'),
    },
    tx,
  );
}

const newLink = () => {
  const token = randomToken(32);
  return { token, digest: sha256Hex(token), expiresAt: new Date(Date.now() + TTL_MS) };
};

export async function inviteMember(
  deps: InvitationDeps,
  actor: Actor,
  input: { email: string; role_code: number },
): Promise<TTeamInvitation> {
  const npoId = actor.session.selectedNpoId;
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing && (await repo.findMember(deps.db, npoId, existing.id))) {
    const message = 'This person is already a member of the team.';
    throw new AppError('CONFLICT', message, { email: message });
  }
  if (await repo.findLiveInvitationByEmail(deps.db, npoId, input.email)) {
    const message = 'An invitation to this address is pending: resend it instead.';
    throw new AppError('CONFLICT', message, { email: message });
  }
  const link = newLink();
  // The row and the e-mail go together: a mail that cannot be handed over leaves no invitation.
  const row = await deps.db.transaction(async (tx) => {
    const invitation = await repo.insertInvitation(tx, {
      npoId,
      email: input.email,
      roleCode: input.role_code,
      tokenDigest: link.digest,
      invitedByUserId: actor.session.user.id,
      expiresAt: link.expiresAt,
    });
    await recordAudit(tx, {
      npoId,
      actorUserId: actor.session.user.id,
      action: 'team.invitation_sent',
      targetType: 'team_invitation',
      targetId: invitation.id,
      data: { email: input.email, role_code: input.role_code },
      ip: actor.ip,
    });
    await sendInvitationMail(deps, tx, actor, input.email, input.role_code, link.token);
    return invitation;
  });
  return toTeamInvitation(row);
}

async function openInvitationOf(db: Tx, actor: Actor, id: number) {
  const row = await repo.findOpenInvitation(db, actor.session.selectedNpoId, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such pending invitation in this organisation.');
  return row;
}

/** A new link valid 7 more days; the previous link stops working. */
export async function resendInvitation(deps: InvitationDeps, actor: Actor, id: number): Promise<TTeamInvitation> {
  return deps.db.transaction(async (tx) => {
    const row = await openInvitationOf(tx, actor, id);
    const link = newLink();
    await repo.renewInvitation(tx, id, link.digest, link.expiresAt);
    await recordAudit(tx, {
      npoId: actor.session.selectedNpoId,
      actorUserId: actor.session.user.id,
      action: 'team.invitation_resent',
      targetType: 'team_invitation',
      targetId: id,
      data: { email: row.email },
      ip: actor.ip,
    });
    await sendInvitationMail(deps, tx, actor, row.email, row.roleCode, link.token);
    return toTeamInvitation({ ...row, expiresAt: link.expiresAt });
  });
}

export async function revokeInvitation(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await openInvitationOf(tx, actor, id);
    await repo.revokeInvitation(tx, id);
    await recordAudit(tx, {
      npoId: actor.session.selectedNpoId,
      actorUserId: actor.session.user.id,
      action: 'team.invitation_revoked',
      targetType: 'team_invitation',
      targetId: id,
      data: { email: row.email },
      ip: actor.ip,
    });
  });
}

type Found = NonNullable<Awaited<ReturnType<typeof repo.findInvitationByDigest>>>;

/** The invitation behind a link if it can still be used; otherwise an answer that says why. */
function usable(found: Awaited<ReturnType<typeof repo.findInvitationByDigest>>): Found {
  if (!found) throw new AppError('NOT_FOUND', 'This invitation link is not valid. Check that you copied all of it.');
  const { invitation } = found;
  if (invitation.acceptedAt) throw new AppError('CONFLICT', 'This invitation has already been used. Sign in instead.');
  if (invitation.revokedAt)
    throw new AppError('CONFLICT', 'This invitation was withdrawn. Ask the organisation for a new one.');
  if (invitation.expiresAt.getTime() <= Date.now()) {
    throw new AppError('CONFLICT', 'This invitation has expired. Ask the organisation to send it again.');
  }
  return found;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function signedInAs(session: RequestSession | null, email: string): TInvitationPreview['signed_in'] {
  if (!session) return 'none';
  return sameEmail(session.user.email, email) ? 'invitee' : 'other';
}

export async function previewInvitation(
  db: Db,
  token: string,
  session: RequestSession | null,
): Promise<TInvitationPreview> {
  const { invitation, organisation } = usable(await repo.findInvitationByDigest(db, sha256Hex(token)));
  const user = await findUserByEmail(db, invitation.email);
  return {
    organisation,
    email: invitation.email,
    role_name: roleNameOf(invitation.roleCode),
    has_account: Boolean(user),
    signed_in: signedInAs(session, invitation.email),
  };
}

/**
 * Accepts: a signed-in invitee joins with their account; someone without an account creates it
 * with a name and password (and then signs in). Signed in as another account, or not signed in
 * with an existing account: refused, nothing changes.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  session: RequestSession | null,
  input: { first_name?: string | undefined; last_name?: string | undefined; password?: string | undefined },
  ip: string | null,
): Promise<{ organisation: string; signed_in: boolean }> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const { invitation, organisation } = usable(await repo.findInvitationByDigest(tx, sha256Hex(token), true));
    const signedIn = signedInAs(session, invitation.email);
    if (signedIn === 'other') {
      throw new AppError(
        'CONFLICT',
        `You are signed in as ${session?.user.email}, but this invitation is for ${invitation.email}. Sign out and open the link again.`,
      );
    }
    let user = await findUserByEmail(tx, invitation.email);
    if (user && signedIn !== 'invitee') {
      throw new AppError('UNAUTHENTICATED', `Sign in as ${invitation.email} to accept this invitation.`);
    }
    if (!user) {
      const fields: Record<string, string> = {};
      if (!input.first_name) fields.first_name = 'First name is required';
      if (!input.last_name) fields.last_name = 'Last name is required';
      if (!passwordHash) fields.password = 'Choose a password';
      if (Object.keys(fields).length > 0)
        throw new AppError('VALIDATION_FAILED', 'Check the highlighted fields.', fields);
      user = await insertUser(tx, {
        email: invitation.email,
        firstName: input.first_name ?? '',
        lastName: input.last_name ?? '',
        passwordHash,
      });
    }
    await repo.upsertMembership(tx, {
      npoId: invitation.npoId,
      userId: user.id,
      roleCode: invitation.roleCode,
      roleName: roleNameOf(invitation.roleCode),
    });
    await repo.markAccepted(tx, invitation.id, user.id);
    await recordAudit(tx, {
      npoId: invitation.npoId,
      actorUserId: user.id,
      action: 'team.invitation_accepted',
      targetType: 'user',
      targetId: user.id,
      data: { invitation_id: invitation.id, role_code: invitation.roleCode },
      ip,
    });
    return { organisation, signed_in: signedIn === 'invitee' };
  });
}

// con24c: the platform console creates an organisation and invites its owner (an admin) through the
// same single-use link (docs/decisions/063-console-growth.md).
export async function inviteOwner(
  deps: InvitationDeps,
  tx: Tx,
  input: {
    npoId: number;
    organisation: string;
    email: string;
    operator: { id: number; firstName: string; lastName: string; email: string };
  },
): Promise<TTeamInvitation> {
  const link = newLink();
  const row = await repo.insertInvitation(tx, {
    npoId: input.npoId,
    email: input.email,
    roleCode: 5150,
    tokenDigest: link.digest,
    invitedByUserId: input.operator.id,
    expiresAt: link.expiresAt,
  });
  await mailInvitation(deps, tx, {
    organisation: input.organisation,
    inviter: inviterOf(input.operator),
    email: input.email,
    roleCode: 5150,
    token: link.token,
  });
  return toTeamInvitation(row);
}

/** The organisation's newest pending admin invitation (the owner the console invited), expired or not. */
export async function pendingOwnerInvitation(db: Tx, npoId: number): Promise<TTeamInvitation | null> {
  const open = (await repo.listOpenInvitations(db, npoId)).filter((row) => row.roleCode === 5150);
  const row = open.at(-1);
  return row ? toTeamInvitation(row) : null;
}

// fin19: the console resends the owner's invitation (docs/product/console.md): a new link valid 7
// more days, the previous one stops working; null when no owner invitation is pending.
export async function resendOwnerInvitation(
  deps: InvitationDeps,
  tx: Tx,
  input: { npoId: number; operator: { firstName: string; lastName: string; email: string } },
): Promise<TTeamInvitation | null> {
  const open = (await repo.listOpenInvitations(tx, input.npoId)).filter((row) => row.roleCode === 5150);
  const row = open.at(-1);
  if (!row) return null;
  const link = newLink();
  await repo.renewInvitation(tx, row.id, link.digest, link.expiresAt);
  const organisation = await repo.organisationName(tx, input.npoId);
  await mailInvitation(deps, tx, {
    organisation,
    inviter: inviterOf(input.operator),
    email: row.email,
    roleCode: row.roleCode,
    token: link.token,
  });
  return toTeamInvitation({ ...row, expiresAt: link.expiresAt });
}
