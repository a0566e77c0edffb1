// crm20: a household's members and a gift's soft credits, under /api/v1 (docs/product/crm.md). Same
// access as the rest of the CRM record: every role of the dashboard group; another organisation's
// gift, household or contact answers 404.
import { ZHousehold, ZHouseholdMemberInput, ZSoftCreditInput, ZSoftCreditList } from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { addHouseholdMember, householdOf, removeHouseholdMember } from './households.service.ts';
import { addSoftCredit, giftSoftCredits, removeSoftCredit } from './soft-credits.service.ts';

const ZId = z.object({ id: z.coerce.number().int().positive() });
const ZContactParams = ZId.extend({ contactId: z.coerce.number().int().positive() });
const NO_CONTENT = { openapi: { responses: { 204: { description: 'Done: nothing to return.' } } } };

const actorOf = (request: FastifyRequest) => {
  const session = organisationSessionOf(request, 'dashboard');
  return { userId: session.user.id, npoId: session.selectedNpoId, ip: request.ip ?? null };
};

export async function softCreditRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Contacts');
  const { db } = deps;
  const read = requireAccess('dashboard');

  r.post(
    '/npo_admin/households/:id/members',
    { preHandler: read, schema: { params: ZId, body: ZHouseholdMemberInput, response: { 200: ZHousehold } } },
    async (request) => {
      const actor = actorOf(request);
      await addHouseholdMember(db, actor, request.params.id, request.body.contact_id);
      return householdOf(db, actor.npoId, request.params.id);
    },
  );

  r.delete(
    '/npo_admin/households/:id/members/:contactId',
    { preHandler: read, schema: { params: ZContactParams, response: { 200: ZHousehold } } },
    async (request) => {
      const actor = actorOf(request);
      await removeHouseholdMember(db, actor, request.params.id, request.params.contactId);
      return householdOf(db, actor.npoId, request.params.id);
    },
  );

  r.get(
    '/npo_admin/donations/:id/soft_credits',
    { preHandler: read, schema: { params: ZId, response: { 200: ZSoftCreditList } } },
    async (request) => ({ soft_credits: await giftSoftCredits(db, actorOf(request).npoId, request.params.id) }),
  );

  r.post(
    '/npo_admin/donations/:id/soft_credits',
    { preHandler: read, schema: { params: ZId, body: ZSoftCreditInput, response: { 201: ZSoftCreditList } } },
    async (request, reply) => {
      const actor = actorOf(request);
      await addSoftCredit(db, actor, request.params.id, request.body);
      return reply.status(201).send({ soft_credits: await giftSoftCredits(db, actor.npoId, request.params.id) });
    },
  );

  r.delete(
    '/npo_admin/donations/:id/soft_credits/:contactId',
    { preHandler: read, config: NO_CONTENT, schema: { params: ZContactParams } },
    async (request, reply) => {
      await removeSoftCredit(db, actorOf(request), request.params.id, request.params.contactId);
      return reply.status(204).send();
    },
  );
}
