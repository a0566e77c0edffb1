import type { TConsoleCreatedOrganisation, TConsoleCreateOrganisationRequest } from '@kindling/contracts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { createOrganisation } from '../organisations/index.ts';
import { type InvitationDeps, inviteOwner } from '../team/index.ts';
import { audit, type Operator } from './console.service.ts';

/**
 * The console creates an organisation with no member and invites its owner as admin through the team
 * invitation link; the organisation, the invitation, its e-mail and the audit entry go together
 * (docs/decisions/063-console-growth.md). Works whether or not self-service
 * sign-up is open.
 */
export async function createOrganisationFromConsole(
  deps: InvitationDeps,
  session: OrganisationSession,
  op: Operator,
  input: TConsoleCreateOrganisationRequest,
): Promise<TConsoleCreatedOrganisation> {
  let expiresAt = '';
  const created = await createOrganisation(deps.db, {
    userId: op.userId,
    name: input.name,
    baseCurrency: input.base_currency,
    stripeAccountId: null,
    country: input.country,
    withoutMember: true,
    ip: op.ip,
    inside: async (tx, npoId) => {
      const invitation = await inviteOwner(deps, tx, {
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
  return { id: created.id, name: created.name, owner_email: input.owner_email, invitation_expires_at: expiresAt };
}
