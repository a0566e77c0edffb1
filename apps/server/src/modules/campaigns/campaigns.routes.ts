import multipart from '@fastify/multipart';
import {
  ZCampaignInput,
  ZCampaignListQuery,
  ZCampaignListResponse,
  ZCampaignPageQuery,
  ZPublicCampaignResponse,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodType } from 'zod';
import { shortCacheTtl } from '../../platform/cache/short-cache.ts';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { imageUploadOpenApi, MAX_IMAGE_BYTES } from '../../platform/files/image-upload.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { checkPermission, organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { uploadCampaignImage } from './campaign-image.ts';
import { listCampaignDonations, listCampaigns } from './campaign-lists.service.ts';
import { createCampaignPageCache } from './campaign-page-cache.ts';
import { findOwnCampaign } from './campaigns.repository.ts';
import {
  ZCampaignByIdResponse,
  ZCampaignDonationsResponse,
  ZCampaignUrlCheckQuery,
  ZCampaignUrlCheckResponse,
  ZIdParams,
  ZImageUploadQuery,
  ZImageUploadResponse,
  ZPageQuery,
  ZStaffCampaignResponse,
  ZStatusChange,
} from './campaigns.schemas.ts';
import {
  changeCampaignStatus,
  checkCampaignUrl,
  createCampaign,
  getCampaignForViewer,
  getCampaignPage,
  NO_CAMPAIGN,
  updateCampaign,
} from './campaigns.service.ts';
import type { CurrencyFactors } from './currency-amounts.ts';
import { customJsRoutes } from './custom-js.routes.ts';

// Responses: the contract's campaign and donation schemas normalise input (preprocess/transform),
// which fastify-type-provider-zod cannot run backwards to serialise, so those routes return the
// contract's types (TPublicCampaign, ZStaffCampaign's type, TDonation) without a response schema;
// campaigns.test.ts and campaign-page.test.ts parse the answers with the contract's schemas. The
// API reference still names those schemas (`answers`: documentation only, no serialiser).
//
// Access: every signed-in role of the dashboard group reads (staff 1984 included); the roles of the
// admin group (2001 finance, 5150 admin, 6635 manager, 7789 super-admin) write. Both are checked
// against the session's selected organisation, and every query is scoped by it.
const READ = 'dashboard';
const WRITE = 'admin';

type Deps = {
  db: Db;
  config: Config;
  files: FileStore;
  // faults15: presets and limits per currency need the organisation's rates (payment-settings' currencyFactors).
  rates?: CurrencyFactors;
};

const answers = (status: number, schema: ZodType) => ({ openapi: { responses: { [status]: schema } } });

const orNull = <T>(read: Promise<T>) =>
  read.catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  });

/** Campaign API under /api/v1 (docs/product/campaigns.md#campaigns). */
export async function campaignRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = zodRouter(app, 'Campaigns');
  const { db, config, rates } = deps;
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });
  const pages = createCampaignPageCache({
    ttlMs: shortCacheTtl(config),
  });
  /** The serialised public answer, or 404 'No campaign data available'. */
  const sendPage = async (reply: FastifyReply, key: string, read: () => Promise<unknown>) => {
    const body = await pages.get(key, () => orNull(read()));
    if (body === null) throw new AppError('NOT_FOUND', NO_CAMPAIGN);
    return reply.type('application/json; charset=utf-8').send(body);
  };
  // Any successful write of a campaign here changes what the public read must answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' && reply.statusCode < 400) pages.clear();
    done(null, payload);
  });

  // Public: the donation form by campaign URL; active campaigns only.
  // The reference shows the contract's answer (see the note on responses above).
  const pageRead = { csrfCookie: false, ...PUBLIC_ROUTE, openapi: { responses: { 200: ZPublicCampaignResponse } } };
  r.get(
    '/npo_admin/campaign_page',
    { schema: { querystring: ZCampaignPageQuery }, config: pageRead },
    async (request, reply) =>
      sendPage(reply, `url:${request.query.campaign_url}`, () =>
        getCampaignPage(db, config, request.query.campaign_url, rates),
      ),
  );

  r.get(
    '/npo_admin/campaigns',
    {
      preHandler: requireAccess(READ),
      config: { apiScope: 'campaigns:read' },
      schema: { querystring: ZCampaignListQuery, response: { 200: ZCampaignListResponse } },
    },
    async (request) => listCampaigns(db, organisationSessionOf(request, READ).selectedNpoId, request.query),
  );

  // The editor checks a URL as it is typed; saving checks it again (a check is no reservation).
  r.get(
    '/npo_admin/campaign_url_check',
    {
      preHandler: requireAccess(WRITE),
      schema: { querystring: ZCampaignUrlCheckQuery, response: { 200: ZCampaignUrlCheckResponse } },
    },
    async (request) => {
      const { selectedNpoId } = organisationSessionOf(request, WRITE);
      const id = request.query.campaign_id;
      // Only one of the organisation's own campaigns may count its URL as its own.
      const own = id !== undefined && (await findOwnCampaign(db, selectedNpoId, id)) ? id : null;
      return checkCampaignUrl(db, request.query.campaign_url, own);
    },
  );

  r.post(
    '/npo_admin/campaigns',
    {
      preHandler: requireAccess(WRITE),
      schema: { body: ZCampaignInput },
      config: answers(201, ZStaffCampaignResponse),
    },
    async (request, reply) => {
      const actor = organisationSessionOf(request, WRITE);
      reply.status(201);
      return createCampaign(db, config, actor, request.body, request.ip ?? null, rates);
    },
  );

  // Public for active campaigns; the editable shape, drafts included, for the organisation's staff.
  const viewerRead = {
    csrfCookie: false,
    access: {
      kind: 'optional-session',
      note: "an active campaign for anyone; the organisation's staff also get its drafts, in the editable shape.",
    },
    ...answers(200, ZCampaignByIdResponse),
  } as const;
  r.get('/npo_admin/campaigns/:id', { schema: { params: ZIdParams }, config: viewerRead }, async (request, reply) => {
    if (request.session) return getCampaignForViewer(db, config, request.session, request.params.id, rates);
    const id = request.params.id;
    return sendPage(reply, `id:${id}`, () => getCampaignForViewer(db, config, null, id, rates));
  });

  r.put(
    '/npo_admin/campaigns/:id',
    {
      preHandler: requireAccess(WRITE),
      schema: { params: ZIdParams, body: ZCampaignInput },
      config: answers(200, ZStaffCampaignResponse),
    },
    async (request) =>
      updateCampaign(
        db,
        config,
        organisationSessionOf(request, WRITE),
        request.params.id,
        request.body,
        request.ip ?? null,
        rates,
      ),
  );

  r.post(
    '/npo_admin/campaigns/:id/status',
    {
      preHandler: requireAccess(WRITE),
      schema: { params: ZIdParams, body: ZStatusChange },
      config: answers(200, ZStaffCampaignResponse),
    },
    async (request) => {
      // Publishing (to active) needs campaigns.publish (docs/product/team.md#permissions).
      if (request.body.status === 'active') checkPermission(request, 'campaigns.publish');
      return changeCampaignStatus(
        db,
        config,
        organisationSessionOf(request, WRITE),
        request.params.id,
        request.body.status,
        request.ip ?? null,
        rates,
      );
    },
  );

  r.post(
    '/npo_admin/campaigns/:id/image',
    {
      preHandler: requireAccess(WRITE),
      config: imageUploadOpenApi,
      schema: {
        params: ZIdParams,
        querystring: ZImageUploadQuery,
        response: { 200: ZImageUploadResponse },
      },
    },
    async (request) =>
      uploadCampaignImage(
        db,
        deps.files,
        organisationSessionOf(request, WRITE),
        request.params.id,
        request.query.purpose,
        request,
      ),
  );

  r.get(
    '/npo_admin/campaigns/:id/donations',
    {
      preHandler: requireAccess(READ),
      schema: { params: ZIdParams, querystring: ZPageQuery },
      config: answers(200, ZCampaignDonationsResponse),
    },
    async (request) =>
      listCampaignDonations(db, organisationSessionOf(request, READ).selectedNpoId, request.params.id, request.query),
  );

  // Custom JS: its own route and roles (decision 036); inside this plugin so a save clears the page cache.
  customJsRoutes(app, deps);
}
