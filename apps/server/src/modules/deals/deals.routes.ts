import {
  ZDealBoard,
  ZDealGiftInput,
  ZDealInput,
  ZDealList,
  ZDealListQuery,
  ZDealMove,
  ZDealOptions,
  ZDealRecord,
  ZDealStagesInput,
  ZPipelineFigures,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { type Actor, saveStages, selectStaff, stagesOf } from './deal-stages.ts';
import {
  changeDeal,
  createDeal,
  getBoard,
  getDeal,
  getPipeline,
  linkDealGift,
  listDeals,
  moveDealTo,
  organisationCurrency,
  removeDeal,
  unlinkDealGift,
} from './deals.service.ts';

// Access (docs/product/crm.md#access): every role of the dashboard group reads and works the
// pipeline; the admin group changes its stages. Another organisation's ids are 404.
const READ = 'dashboard';
const ADMIN = 'admin';

const ZId = z.object({ id: z.coerce.number().int().positive() });
const ZGiftParams = ZId.extend({ donationId: z.coerce.number().int().positive() });
const NO_CONTENT = { openapi: { responses: { 204: { description: 'Done: nothing to return.' } } } };

export const actorOf = (request: FastifyRequest, group: 'dashboard' | 'admin' = READ): Actor => {
  const session = organisationSessionOf(request, group);
  return { userId: session.user.id, npoId: session.selectedNpoId, ip: request.ip ?? null };
};

/** Staff deals API under /api/v1 (docs/product/crm.md#deals). */
export async function dealRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Deals');
  const { db } = deps;
  const read = requireAccess(READ);

  r.get(
    '/npo_admin/deal_options',
    { preHandler: read, schema: { response: { 200: ZDealOptions } } },
    async (request) => {
      const { npoId } = actorOf(request);
      const [stages, team, currency] = await Promise.all([
        stagesOf(db, npoId),
        selectStaff(db, npoId),
        organisationCurrency(db, npoId),
      ]);
      return { stages, team, currency };
    },
  );

  r.put(
    '/npo_admin/deal_stages',
    { preHandler: requireAccess(ADMIN), schema: { body: ZDealStagesInput, response: { 200: ZDealOptions } } },
    async (request) => {
      const actor = actorOf(request, ADMIN);
      await saveStages(db, actor, request.body.stages);
      const [stages, team, currency] = await Promise.all([
        stagesOf(db, actor.npoId),
        selectStaff(db, actor.npoId),
        organisationCurrency(db, actor.npoId),
      ]);
      return { stages, team, currency };
    },
  );

  r.get('/npo_admin/deals/board', { preHandler: read, schema: { response: { 200: ZDealBoard } } }, async (request) =>
    getBoard(db, actorOf(request).npoId),
  );

  r.get(
    '/npo_admin/deals/pipeline',
    { preHandler: read, schema: { response: { 200: ZPipelineFigures } } },
    async (request) => getPipeline(db, actorOf(request).npoId),
  );

  r.get(
    '/npo_admin/deals',
    { preHandler: read, schema: { querystring: ZDealListQuery, response: { 200: ZDealList } } },
    async (request) => {
      const q = request.query;
      return listDeals(db, actorOf(request).npoId, { stage: q.stage, owner: q.owner, contactId: q.contact_id });
    },
  );

  r.post(
    '/npo_admin/deals',
    { preHandler: read, schema: { body: ZDealInput, response: { 201: ZDealRecord } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await createDeal(db, actor, request.body);
      return reply.status(201).send(await getDeal(db, actor.npoId, id));
    },
  );

  r.get(
    '/npo_admin/deals/:id',
    { preHandler: read, schema: { params: ZId, response: { 200: ZDealRecord } } },
    async (request) => getDeal(db, actorOf(request).npoId, request.params.id),
  );

  r.put(
    '/npo_admin/deals/:id',
    { preHandler: read, schema: { params: ZId, body: ZDealInput, response: { 200: ZDealRecord } } },
    async (request) => {
      const actor = actorOf(request);
      await changeDeal(db, actor, request.params.id, request.body);
      return getDeal(db, actor.npoId, request.params.id);
    },
  );

  r.post(
    '/npo_admin/deals/:id/move',
    { preHandler: read, schema: { params: ZId, body: ZDealMove, response: { 200: ZDealRecord } } },
    async (request) => {
      const actor = actorOf(request);
      await moveDealTo(db, actor, request.params.id, request.body);
      return getDeal(db, actor.npoId, request.params.id);
    },
  );

  r.delete(
    '/npo_admin/deals/:id',
    { preHandler: read, config: NO_CONTENT, schema: { params: ZId } },
    async (request, reply) => {
      await removeDeal(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/npo_admin/deals/:id/gifts',
    { preHandler: read, schema: { params: ZId, body: ZDealGiftInput, response: { 200: ZDealRecord } } },
    async (request) => {
      const actor = actorOf(request);
      await linkDealGift(db, actor, request.params.id, request.body.donation_id);
      return getDeal(db, actor.npoId, request.params.id);
    },
  );

  r.delete(
    '/npo_admin/deals/:id/gifts/:donationId',
    { preHandler: read, schema: { params: ZGiftParams, response: { 200: ZDealRecord } } },
    async (request) => {
      const actor = actorOf(request);
      await unlinkDealGift(db, actor, request.params.id, request.params.donationId);
      return getDeal(db, actor.npoId, request.params.id);
    },
  );
}
