import {
  CROWDFUNDING_MESSAGES,
  ZCrowdfundingList,
  ZCrowdfundingPage,
  ZRewardClaimAdmin,
  ZRewardClaimConfirm,
  ZRewardClaimFulfil,
  ZRewardClaimHeld,
  ZRewardClaimRequest,
  ZRewardClaimSummary,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { receiptQueue } from '../receipts/index.ts';
import { listCrowdfunding, pledgesCsv, rewardBackersCsv, setFulfilled } from './crowdfunding-admin.service.ts';
import type { CrowdfundingPageCache } from './crowdfunding-page-cache.ts';
import { claimSummary, confirmClaim, holdReward } from './reward-claims.service.ts';

// Access (docs/product/crowdfunding.md#access): the public page and its reward claims need no sign-in; the
// dashboard group reads the staff list and export, the admin group marks rewards fulfilled, as with
// campaigns. Staff queries carry the selected organisation, so another organisation's ids are 404.
const READ = 'dashboard';
const WRITE = 'admin';

const ZId = z.object({ id: z.coerce.number().int().positive() });
const ZKey = z.object({ key: z.string().trim().min(1).max(120) });
const ZRewardParams = ZKey.extend({ rewardId: z.coerce.number().int().positive() });
const ZReference = z.object({ reference: z.string().trim().min(10).max(64) });
const answers = (schema: z.ZodType) => ({ ...PUBLIC_ROUTE, openapi: { responses: { 200: schema } } });

/** The public crowdfunding page's calls and the staff crowdfunding API, under /api/v1. */
export async function crowdfundingRoutes(
  app: FastifyInstance,
  deps: { db: Db; jobs?: Pick<Jobs, 'send'>; pages: CrowdfundingPageCache },
): Promise<void> {
  const r = zodRouter(app, 'Crowdfunding');
  const { db, pages } = deps;
  // A confirmed claim changes the reward's claimed count the page shows.
  pages.clearOnWrites(app);

  r.get(
    '/crowdfunding_page/:key',
    {
      schema: { params: ZKey },
      config: {
        // A backer's page load needs no CSRF token (its calls are origin-only; the fundraiser form asks for one).
        csrfCookie: false,
        access: { kind: 'optional-session', note: "a draft shows to its own organisation's staff (the preview)." },
        openapi: { responses: { 200: ZCrowdfundingPage } },
      },
    },
    async (request, reply) => {
      const body = await pages.read(db, request.params.key, request.session?.selectedNpoId ?? null);
      if (body === null) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.notFound);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
  r.post(
    '/crowdfunding_page/:key/rewards/:rewardId/claims',
    {
      schema: { params: ZRewardParams, body: ZRewardClaimRequest },
      config: { ...PUBLIC_ROUTE, openapi: { responses: { 201: ZRewardClaimHeld } } },
    },
    async (request, reply) => {
      const { key, rewardId } = request.params;
      return reply
        .status(201)
        .send(await holdReward(db, key, rewardId, request.body.amount_minor, request.body.shipping_address));
    },
  );
  r.post(
    '/crowdfunding_claims/:reference/confirm',
    { schema: { params: ZReference, body: ZRewardClaimConfirm }, config: answers(ZRewardClaimSummary) },
    async (request) =>
      confirmClaim(db, request.params.reference, request.body.donation_id, (npoId, donationId) =>
        // The receipt went out before the reward was claimed: again, now with its fair-market value.
        deps.jobs
          ? deps.jobs.send(receiptQueue, { npoId, donationId, resend: true }, { key: `receipt-goods-${donationId}` })
          : Promise.resolve(),
      ),
  );
  r.get(
    '/crowdfunding_claims/:reference',
    { schema: { params: ZReference }, config: answers(ZRewardClaimSummary) },
    async (request) => claimSummary(db, request.params.reference),
  );

  r.get(
    '/npo_admin/crowdfunding',
    { preHandler: requireAccess(READ), schema: { response: { 200: ZCrowdfundingList } } },
    async (request) => listCrowdfunding(db, organisationSessionOf(request, READ).selectedNpoId),
  );
  r.get(
    '/npo_admin/crowdfunding/:id/reward_backers.csv',
    {
      preHandler: requireAccess(READ),
      schema: { params: ZId },
      config: { openapi: { responses: { 200: { description: 'Reward backers as CSV.', mediaType: 'text/csv' } } } },
    },
    async (request, reply) => {
      const csv = await rewardBackersCsv(db, organisationSessionOf(request, READ).selectedNpoId, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reward-backers-${request.params.id}.csv"`)
        .send(csv);
    },
  );
  r.get(
    '/npo_admin/crowdfunding/:id/pledges.csv',
    {
      preHandler: requireAccess(READ),
      schema: { params: ZId },
      config: { openapi: { responses: { 200: { description: 'Pledges as CSV.', mediaType: 'text/csv' } } } },
    },
    async (request, reply) => {
      const csv = await pledgesCsv(db, organisationSessionOf(request, READ).selectedNpoId, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="pledges-${request.params.id}.csv"`)
        .send(csv);
    },
  );
  r.put(
    '/npo_admin/crowdfunding_claims/:id/fulfilled',
    {
      preHandler: requireAccess(WRITE),
      schema: { params: ZId, body: ZRewardClaimFulfil, response: { 200: ZRewardClaimAdmin } },
    },
    async (request) =>
      setFulfilled(db, organisationSessionOf(request, WRITE).selectedNpoId, request.params.id, request.body.fulfilled),
  );
}
