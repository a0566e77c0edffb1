import {
  ORGANISATION_SETTINGS_CODES,
  ZAcceptInvitationRequest,
  ZAcceptInvitationResponse,
  ZChangeRoleRequest,
  ZInvitationPreview,
  ZInviteMemberRequest,
  ZSuspendRequest,
  ZTeamInvitation,
  ZTeamMember,
  ZTeamResponse,
  ZUpdateUserPermissionsRequest,
  ZUserPermissionsResponse,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess, requirePermission } from '../../platform/http/session-context.ts';
import {
  acceptInvitation,
  type InvitationDeps,
  inviteMember,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
  toTeamInvitation,
} from './invitations.service.ts';
import { changeRole, getPermissions, listTeam, removeMember, setSuspended, updatePermissions } from './team.service.ts';

// Team settings are for 7789, 6635 and 5150, never 2001 (docs/product/sign-in.md#roles); changes
// also need the team.manage permission (docs/product/team.md#permissions).
const GROUP = ORGANISATION_SETTINGS_CODES;
const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const ZTokenParams = z.object({ token: z.string().min(10).max(200) });

const actor = (request: FastifyRequest) => ({
  session: organisationSessionOf(request, GROUP),
  ip: request.ip ?? null,
});

/** /api/v1/npo_admin/team…, /npo_admin/user_permissions/{id}, and the public invitation link. */
export async function teamRoutes(app: FastifyInstance, deps: InvitationDeps): Promise<void> {
  const r = zodRouter(app, 'Team');
  const read = requireAccess(GROUP);
  const manage = [read, requirePermission('team.manage')];

  r.get('/npo_admin/team', { preHandler: read, schema: { response: { 200: ZTeamResponse } } }, async (request) => {
    const team = await listTeam(deps.db, organisationSessionOf(request, GROUP).selectedNpoId);
    return { members: team.members, invitations: team.invitations.map((i) => toTeamInvitation(i)) };
  });

  r.post(
    '/npo_admin/team/invitations',
    { preHandler: manage, schema: { body: ZInviteMemberRequest, response: { 201: ZTeamInvitation } } },
    async (request, reply) => reply.status(201).send(await inviteMember(deps, actor(request), request.body)),
  );
  r.post(
    '/npo_admin/team/invitations/:id/resend',
    { preHandler: manage, schema: { params: ZIdParams, response: { 200: ZTeamInvitation } } },
    async (request) => resendInvitation(deps, actor(request), request.params.id),
  );
  r.delete(
    '/npo_admin/team/invitations/:id',
    {
      preHandler: manage,
      config: {
        openapi: { responses: { 204: { description: 'The invitation is revoked; its link no longer works.' } } },
      },
      schema: { params: ZIdParams },
    },
    async (request, reply) => {
      await revokeInvitation(deps.db, actor(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.put(
    '/npo_admin/team/:id/role',
    { preHandler: manage, schema: { params: ZIdParams, body: ZChangeRoleRequest, response: { 200: ZTeamMember } } },
    async (request) => changeRole(deps.db, actor(request), request.params.id, request.body.role_code),
  );
  r.put(
    '/npo_admin/team/:id/suspension',
    { preHandler: manage, schema: { params: ZIdParams, body: ZSuspendRequest, response: { 200: ZTeamMember } } },
    async (request) => setSuspended(deps.db, actor(request), request.params.id, request.body.suspended),
  );
  r.delete(
    '/npo_admin/team/:id',
    {
      preHandler: manage,
      config: { openapi: { responses: { 204: { description: 'The member is removed and their sessions ended.' } } } },
      schema: { params: ZIdParams },
    },
    async (request, reply) => {
      await removeMember(deps.db, actor(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/npo_admin/user_permissions/:id',
    { preHandler: read, schema: { params: ZIdParams, response: { 200: ZUserPermissionsResponse } } },
    async (request) => getPermissions(deps.db, organisationSessionOf(request, GROUP), request.params.id),
  );
  r.put(
    '/npo_admin/user_permissions/:id',
    {
      preHandler: manage,
      schema: { params: ZIdParams, body: ZUpdateUserPermissionsRequest, response: { 200: ZUserPermissionsResponse } },
    },
    async (request) => updatePermissions(deps.db, actor(request), request.params.id, request.body.permissions),
  );

  // Public: the invitee may have no account yet (docs/product/team.md#invitations).
  r.get(
    '/team_invitations/:token',
    {
      config: {
        access: {
          kind: 'optional-session',
          note: 'A signed-in caller learns whether the invitation is for their account.',
        },
      },
      schema: { params: ZTokenParams, response: { 200: ZInvitationPreview } },
    },
    async (request) => previewInvitation(deps.db, request.params.token, request.session),
  );
  r.post(
    '/team_invitations/:token/accept',
    {
      config: {
        access: {
          kind: 'optional-session',
          note: 'A signed-in caller joins with their account; otherwise the body creates one.',
        },
      },
      schema: { params: ZTokenParams, body: ZAcceptInvitationRequest, response: { 200: ZAcceptInvitationResponse } },
    },
    async (request) =>
      acceptInvitation(deps.db, request.params.token, request.session, request.body, request.ip ?? null),
  );
}
