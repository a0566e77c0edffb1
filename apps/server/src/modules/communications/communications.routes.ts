import {
  NOTE_MODERATOR_CODES,
  ZCommunicationInput,
  ZCommunicationList,
  ZCommunicationListQuery,
  ZGuide,
  ZGuidePage,
  ZGuidePageInput,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { type Actor, listCommunications, logCommunication, removeCommunication } from './communications.service.ts';
import { addGuidePage, readGuide, removeGuidePage, saveGuidePage } from './guide.service.ts';

// Access (docs/product/crm-communications.md#access): every dashboard role (staff included) reads
// the record and the guide and logs contacts; each author deletes their own entries, an
// organisation's admins any; the admin group edits the guide.
const READ = 'dashboard';
const ADMIN = 'admin';

const ZId = z.object({ id: z.coerce.number().int().positive() });
const ZSlug = z.object({ slug: z.string().min(1).max(100) });
const ZCreated = z.object({ id: z.number().int() });

const actorOf = (request: FastifyRequest, group: typeof READ | typeof ADMIN = READ): Actor => {
  const session = organisationSessionOf(request, group);
  return {
    npoId: session.selectedNpoId,
    userId: session.user.id,
    ip: request.ip ?? null,
    moderator: (NOTE_MODERATOR_CODES as readonly number[]).includes(session.roleCode),
  };
};

/** The communications record and guide under /api/v1 (docs/product/crm-communications.md). */
export async function communicationRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Communications');
  const { db } = deps;
  const read = requireAccess(READ);
  const admin = requireAccess(ADMIN);

  r.get(
    '/npo_admin/communications',
    { preHandler: read, schema: { querystring: ZCommunicationListQuery, response: { 200: ZCommunicationList } } },
    async (request) => listCommunications(db, actorOf(request), request.query),
  );
  r.post(
    '/npo_admin/communications',
    { preHandler: read, schema: { body: ZCommunicationInput, response: { 201: ZCreated } } },
    async (request, reply) => reply.code(201).send(await logCommunication(db, actorOf(request), request.body)),
  );
  r.delete(
    '/npo_admin/communications/:id',
    {
      preHandler: read,
      schema: { params: ZId },
      config: { openapi: { responses: { 204: { description: 'Done: nothing to return.' } } } },
    },
    async (request, reply) => {
      await removeCommunication(db, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    '/npo_admin/communications_guide',
    { preHandler: read, schema: { response: { 200: ZGuide } } },
    async (request) => readGuide(db, actorOf(request).npoId),
  );
  r.post(
    '/npo_admin/communications_guide',
    { preHandler: admin, schema: { body: ZGuidePageInput, response: { 201: ZGuidePage } } },
    async (request, reply) => reply.code(201).send(await addGuidePage(db, actorOf(request, ADMIN), request.body)),
  );
  r.put(
    '/npo_admin/communications_guide/:slug',
    { preHandler: admin, schema: { params: ZSlug, body: ZGuidePageInput, response: { 200: ZGuide } } },
    async (request) => saveGuidePage(db, actorOf(request, ADMIN), request.params.slug, request.body),
  );
  r.delete(
    '/npo_admin/communications_guide/:slug',
    { preHandler: admin, schema: { params: ZSlug, response: { 200: ZGuide } } },
    async (request) => removeGuidePage(db, actorOf(request, ADMIN), request.params.slug),
  );
}
