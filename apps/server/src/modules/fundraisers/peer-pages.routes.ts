import {
  ZLeaderboard,
  ZLeaderboardQuery,
  ZPeerCampaignParams,
  ZPeerDashboard,
  ZPeerGiftParams,
  ZPeerGifts,
  ZPeerPageAction,
  ZPeerPageInput,
  ZPeerPageParams,
  ZPeerPageResponse,
  ZPeerSettings,
  ZPeerStaffPageParams,
  ZPeerStaffRow,
  ZPeerStaffView,
  ZPeerTextInput,
  ZPeerThankAnswer,
  ZPeerThankInput,
  ZPeerUrlAnswer,
  ZPeerUrlQuery,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { createBoardCache, readLeaderboard } from './leaderboard.ts';
import {
  editPeerPage,
  myPeerPages,
  ownPeerPage,
  type PeerDeps,
  peerGifts,
  peerUrlAvailability,
  recordShare,
  thankDonor,
  toPeerPage,
} from './peer-pages.service.ts';
import { actOnPeerPage, editPeerText, peerPagesCsv, peerStaffView, savePeerSettings } from './peer-staff.service.ts';

// A fundraiser's own pages: every role that may have one (the shared group); ownership is checked per page.
const OWN = 'shared';
const STAFF_READ = 'dashboard';
const STAFF_WRITE = 'admin';
const NO_CONTENT = { openapi: { responses: { 204: { description: 'Done: nothing to return.' } } } };

/** Fundraiser pages (docs/decisions/044-peer-to-peer-pages.md): the fundraiser's, the staff's and the public leaderboard. */
export async function peerPageRoutes(app: FastifyInstance, deps: PeerDeps & { config: Config }): Promise<void> {
  const r = zodRouter(app, 'Fundraiser pages');
  const { db } = deps;
  const own = { preHandler: requireAccess(OWN) };
  r.get('/npo_admin/peer_dashboard', { ...own, schema: { response: { 200: ZPeerDashboard } } }, async (request) => ({
    pages: await myPeerPages(db, organisationSessionOf(request, OWN)),
  }));
  r.get(
    '/npo_admin/peer_pages/:id',
    { ...own, schema: { params: ZPeerPageParams, response: { 200: ZPeerPageResponse } } },
    async (request) => ({
      page: toPeerPage(await ownPeerPage(db, organisationSessionOf(request, OWN), request.params.id)),
    }),
  );
  r.put(
    '/npo_admin/peer_pages/:id',
    { ...own, schema: { params: ZPeerPageParams, body: ZPeerPageInput, response: { 200: ZPeerPageResponse } } },
    async (request) => ({
      page: await editPeerPage(db, organisationSessionOf(request, OWN), request.params.id, request.body),
    }),
  );
  r.get(
    '/npo_admin/peer_pages/:id/url_check',
    { ...own, schema: { params: ZPeerPageParams, querystring: ZPeerUrlQuery, response: { 200: ZPeerUrlAnswer } } },
    async (request) =>
      peerUrlAvailability(db, organisationSessionOf(request, OWN), request.params.id, request.query.campaign_url),
  );
  r.post(
    '/npo_admin/peer_pages/:id/shared',
    { ...own, config: NO_CONTENT, schema: { params: ZPeerPageParams } },
    async (request, reply) => {
      await recordShare(db, organisationSessionOf(request, OWN), request.params.id);
      return reply.status(204).send();
    },
  );
  r.get(
    '/npo_admin/peer_pages/:id/donations',
    { ...own, schema: { params: ZPeerPageParams, response: { 200: ZPeerGifts } } },
    async (request) => peerGifts(db, organisationSessionOf(request, OWN), request.params.id),
  );
  r.post(
    '/npo_admin/peer_pages/:id/donations/:donationId/thank',
    { ...own, schema: { params: ZPeerGiftParams, body: ZPeerThankInput, response: { 200: ZPeerThankAnswer } } },
    async (request) => ({
      gift: await thankDonor(
        deps,
        organisationSessionOf(request, OWN),
        request.params.id,
        request.params.donationId,
        request.body,
      ),
    }),
  );

  // Staff: the campaign's P2P view.
  const staff = '/npo_admin/peer_to_peer/:campaignId';
  r.get(
    staff,
    {
      preHandler: requireAccess(STAFF_READ),
      schema: { params: ZPeerCampaignParams, response: { 200: ZPeerStaffView } },
    },
    async (request) => peerStaffView(db, organisationSessionOf(request, STAFF_READ), request.params.campaignId),
  );
  r.get(
    `${staff}/export`,
    {
      preHandler: requireAccess(STAFF_READ),
      config: {
        openapi: { responses: { 200: { description: 'The fundraiser pages as CSV.', mediaType: 'text/csv' } } },
      },
      schema: { params: ZPeerCampaignParams },
    },
    async (request, reply) => {
      const csv = await peerPagesCsv(db, organisationSessionOf(request, STAFF_READ), request.params.campaignId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fundraisers-${request.params.campaignId}.csv"`)
        .send(csv);
    },
  );
  r.post(
    `${staff}/pages/:pageId/action`,
    {
      preHandler: requireAccess(STAFF_WRITE),
      schema: { params: ZPeerStaffPageParams, body: ZPeerPageAction, response: { 200: ZPeerStaffRow } },
    },
    async (request) =>
      actOnPeerPage(
        db,
        organisationSessionOf(request, STAFF_WRITE),
        request.params.campaignId,
        request.params.pageId,
        request.body.action,
      ),
  );
  r.put(
    `${staff}/pages/:pageId/text`,
    {
      preHandler: requireAccess(STAFF_WRITE),
      schema: { params: ZPeerStaffPageParams, body: ZPeerTextInput, response: { 200: ZPeerStaffRow } },
    },
    async (request) =>
      editPeerText(
        db,
        organisationSessionOf(request, STAFF_WRITE),
        request.params.campaignId,
        request.params.pageId,
        request.body,
      ),
  );
  r.put(
    `${staff}/settings`,
    {
      preHandler: requireAccess(STAFF_WRITE),
      schema: { params: ZPeerCampaignParams, body: ZPeerSettings, response: { 200: ZPeerSettings } },
    },
    async (request) =>
      savePeerSettings(db, organisationSessionOf(request, STAFF_WRITE), request.params.campaignId, request.body),
  );

  // Public: the campaign page's leaderboard, polled like the donor wall (decision 036).
  const cached = createBoardCache(deps.config.CAMPAIGN_PAGE_CACHE_MS ?? (deps.config.NODE_ENV === 'test' ? 0 : 5_000));
  r.get(
    '/npo_admin/campaign_page/leaderboard',
    {
      schema: { querystring: ZLeaderboardQuery },
      config: { csrfCookie: false, ...PUBLIC_ROUTE, openapi: { responses: { 200: ZLeaderboard } } },
    },
    async (request, reply) => {
      const { campaign_id, limit } = request.query;
      const body = await cached(`${campaign_id}:${limit}`, async () => {
        const board = await readLeaderboard(db, campaign_id, limit);
        return board === null ? null : JSON.stringify(board);
      });
      if (body === null) throw new AppError('NOT_FOUND', 'Campaign not found.');
      return reply.header('cache-control', 'public, max-age=10').type('application/json; charset=utf-8').send(body);
    },
  );
}
