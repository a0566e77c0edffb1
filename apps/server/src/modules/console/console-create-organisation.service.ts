import {
  CONSOLE_INVITATION_MESSAGES,
  CONSOLE_MESSAGES,
  type TConsoleCreatedOrganisation,
  type TConsoleCreateOrganisationRequest,
  type TConsoleOwnerInvitation,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { mailAfterCommit } from '../../platform/mail/after-commit.ts';
import { createOrganisation } from '../organisations/index.ts';
import { type InvitationDeps, inviteOwner, resendOwnerInvitation } from '../team/index.ts';
import { audit, type Operator } from './console.service.ts';
import { organisationDefaults } from './console-settings.ts';

/**
 * The console creates an organisation with no member and invites its owner as admin through the team
 * invitation link; the organisation, the invitation, its e-mail and the audit entry go together
 * (docs/decisions/063-console-growth.md); the e-mail leaves after the commit. Works whether or not
 * self-service sign-up is open. It starts with the platform's organisation defaults (decision 083).
 */
export async function createOrganisationFromConsole(
  deps: InvitationDeps,
  session: OrganisationSession,
  op: Operator,
  input: TConsoleCreateOrganisationRequest,
): Promise<TConsoleCreatedOrganisation> {
  let expiresAt = '';
  // The invitation e-mail leaves once the organisation is committed (decision 083).
  const mail = mailAfterCommit(deps.mailer);
  const created = await createOrganisation(deps.db, {
    userId: op.userId,
    name: input.name,
    baseCurrency: input.base_currency,
    stripeAccountId: null,
    country: input.country,
    withoutMember: true,
    ip: op.ip,
    // No creator's browser here: the platform's zone, language, fiscal year and receipt footer.
    defaults: await organisationDefaults(deps.db),
    inside: async (tx, npoId) => {
      const invitation = await inviteOwner({ ...deps, mailer: mail.mailer }, tx, {
        npoId,
        organisation: input.name,
        email: input.owner_email,
        operator: session.user,
      });
      expiresAt = invitation.expires_at;
      await audit(tx, op, {
        npoId,
        action: 'organisation_created',
        targetType: 'organisation',
        targetId: npoId,
        data: {
          reason: input.reason,
          name: input.name,
          country: input.country,
          base_currency: input.base_currency,
          owner_email: input.owner_email,
        },
      });
    },
  });
  await mail.release();
  return { id: created.id, name: created.name, owner_email: input.owner_email, invitation_expires_at: expiresAt };
}

/**
 * Resends the pending owner invitation of an organisation (docs/product/console.md): a new link
 * valid 7 more days with the audit entry in one transaction, e-mailed after it commits; 409 when none is pending.
 */
export async function resendOwnerInvitationFromConsole(
  deps: InvitationDeps,
  session: OrganisationSession,
  op: Operator,
  input: { npoId: number; reason: string },
): Promise<TConsoleOwnerInvitation> {
  const mail = mailAfterCommit(deps.mailer);
  const resent = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`SELECT 1 FROM npos WHERE id = ${input.npoId} FOR UPDATE`);
    if (rows.length === 0) throw new AppError('NOT_FOUND', CONSOLE_MESSAGES.organisationNotFound);
    const invitation = await resendOwnerInvitation({ ...deps, mailer: mail.mailer }, tx, {
      npoId: input.npoId,
      operator: session.user,
    });
    if (!invitation) throw new AppError('CONFLICT', CONSOLE_INVITATION_MESSAGES.none);
    await audit(tx, op, {
      npoId: input.npoId,
      action: 'owner_invitation_resent',
      targetType: 'organisation',
      targetId: input.npoId,
      data: { reason: input.reason, owner_email: invitation.email },
    });
    return { email: invitation.email, expires_at: invitation.expires_at, live: true };
  });
  await mail.release();
  return resent;
}
