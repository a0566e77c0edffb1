import {
  ZLeaderboardQuery,
  ZPeerCampaignParams,
  ZPeerCaptainTeam,
  ZPeerJoinTeam,
  ZPeerPageParams,
  ZPeerStaffTeamParams,
  ZPeerStaffTeams,
  ZPeerTeam,
  ZPeerTeamInput,
  ZPeerTeamMemberParams,
  ZPeerTeamPage,
  ZPeerTeamPanel,
  ZPeerTeamParams,
  ZPeerTeamUrlParams,
  ZTeamBoard,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { captainTeam, removeTeamMember } from './peer-team-captain.service.ts';
import { createTeam, editTeam, joinTeam, publicTeamPage, teamBoard, teamPanel } from './peer-teams.service.ts';
import { approveStaffTeam, staffTeams, staffTeamsCsv } from './peer-teams-staff.service.ts';

// Like the pages: a fundraiser's routes take the shared group and check ownership per page or team.
const OWN = 'shared';
const STAFF_READ = 'dashboard';
const STAFF_WRITE = 'admin';

/** Fundraising teams (docs/decisions/051-peer-teams-and-milestones.md). */
export async function peerTeamRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Fundraising teams');
  const { db } = deps;
  const own = { preHandler: requireAccess(OWN) };
  const panel = '/npo_admin/peer_pages/:id/team';
  r.get(panel, { ...own, schema: { params: ZPeerPageParams, response: { 200: ZPeerTeamPanel } } }, async (request) =>
    teamPanel(db, organisationSessionOf(request, OWN), request.params.id),
  );
  r.post(
    panel,
    { ...own, schema: { params: ZPeerPageParams, body: ZPeerTeamInput, response: { 201: ZPeerTeamPanel } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createTeam(db, organisationSessionOf(request, OWN), request.params.id, request.body)),
  );
  r.put(
    panel,
    { ...own, schema: { params: ZPeerPageParams, body: ZPeerJoinTeam, response: { 200: ZPeerTeamPanel } } },
    async (request) => joinTeam(db, organisationSessionOf(request, OWN), request.params.id, request.body.team_id),
  );
  r.delete(panel, { ...own, schema: { params: ZPeerPageParams, response: { 200: ZPeerTeamPanel } } }, async (request) =>
    joinTeam(db, organisationSessionOf(request, OWN), request.params.id, null),
  );
  r.put(
    '/npo_admin/peer_teams/:teamId',
    { ...own, schema: { params: ZPeerTeamParams, body: ZPeerTeamInput, response: { 200: ZPeerTeam } } },
    async (request) => editTeam(db, organisationSessionOf(request, OWN), request.params.teamId, request.body),
  );

  // The captain's view (/fundraising-team/{id}): their team, its invitations, removing a member.
  r.get(
    '/npo_admin/peer_teams/:teamId',
    { ...own, schema: { params: ZPeerTeamParams, response: { 200: ZPeerCaptainTeam } } },
    async (request) => captainTeam(db, organisationSessionOf(request, OWN), request.params.teamId),
  );
  r.delete(
    '/npo_admin/peer_teams/:teamId/members/:pageId',
    { ...own, schema: { params: ZPeerTeamMemberParams, response: { 200: ZPeerCaptainTeam } } },
    async (request) =>
      removeTeamMember(db, organisationSessionOf(request, OWN), request.params.teamId, request.params.pageId),
  );

  // Staff: the campaign's teams.
  const staff = '/npo_admin/peer_to_peer/:campaignId/teams';
  r.get(
    staff,
    {
      preHandler: requireAccess(STAFF_READ),
      schema: { params: ZPeerCampaignParams, response: { 200: ZPeerStaffTeams } },
    },
    async (request) => staffTeams(db, organisationSessionOf(request, STAFF_READ), request.params.campaignId),
  );
  r.get(
    `${staff}/export`,
    {
      preHandler: requireAccess(STAFF_READ),
      config: { openapi: { responses: { 200: { description: 'The teams as CSV.', mediaType: 'text/csv' } } } },
      schema: { params: ZPeerCampaignParams },
    },
    async (request, reply) => {
      const csv = await staffTeamsCsv(db, organisationSessionOf(request, STAFF_READ), request.params.campaignId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="teams-${request.params.campaignId}.csv"`)
        .send(csv);
    },
  );

  r.post(
    `${staff}/:teamId/approve`,
    {
      preHandler: requireAccess(STAFF_WRITE),
      schema: { params: ZPeerStaffTeamParams, response: { 200: ZPeerStaffTeams } },
    },
    async (request) =>
      approveStaffTeam(
        db,
        organisationSessionOf(request, STAFF_WRITE),
        request.params.campaignId,
        request.params.teamId,
      ),
  );

  // Public: a team's page and the campaign's teams leaderboard.
  r.get(
    '/npo_admin/team_page/:url',
    {
      schema: { params: ZPeerTeamUrlParams, response: { 200: ZPeerTeamPage } },
      config: { csrfCookie: false, ...PUBLIC_ROUTE },
    },
    async (request, reply) => {
      const team = await publicTeamPage(db, request.params.url);
      if (!team) throw new AppError('NOT_FOUND', 'Team not found.');
      // The team page asks again every 30 s while visible (decision 079); browsers may reuse an answer briefly.
      return reply.header('cache-control', 'public, max-age=10').send(team);
    },
  );
  r.get(
    '/npo_admin/campaign_page/team_leaderboard',
    {
      schema: { querystring: ZLeaderboardQuery, response: { 200: ZTeamBoard } },
      config: { csrfCookie: false, ...PUBLIC_ROUTE },
    },
    async (request, reply) => {
      const board = await teamBoard(db, request.query.campaign_id, request.query.limit);
      if (!board) throw new AppError('NOT_FOUND', 'Campaign not found.');
      return reply.header('cache-control', 'public, max-age=10').send(board);
    },
  );
}
