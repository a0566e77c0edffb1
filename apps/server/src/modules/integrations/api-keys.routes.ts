import { ZApiKey, ZApiKeyCreated, ZApiKeyInput, ZApiKeyList } from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { type Actor, createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';

// Access (docs/product/integrations.md#api-keys): the admin group manages the organisation's keys;
// another organisation's key ids are 404. No key can manage keys: these routes declare no scope.
const ADMIN = 'admin';
const ZId = z.object({ id: z.coerce.number().int().positive() });

const actorOf = (request: FastifyRequest): Actor => {
  const session = organisationSessionOf(request, ADMIN);
  return { userId: session.user.id, npoId: session.selectedNpoId, ip: request.ip ?? null };
};

/** API keys under /api/v1 (decision 069). */
export async function apiKeyRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Integrations');
  const { db } = deps;
  const admin = requireAccess(ADMIN);

  r.get('/npo_admin/api_keys', { preHandler: admin, schema: { response: { 200: ZApiKeyList } } }, async (request) => ({
    keys: await listApiKeys(db, actorOf(request).npoId),
  }));

  r.post(
    '/npo_admin/api_keys',
    { preHandler: admin, schema: { body: ZApiKeyInput, response: { 201: ZApiKeyCreated } } },
    async (request, reply) => {
      reply.status(201);
      return createApiKey(db, actorOf(request), request.body);
    },
  );

  r.delete(
    '/npo_admin/api_keys/:id',
    { preHandler: admin, schema: { params: ZId, response: { 200: ZApiKey } } },
    async (request) => revokeApiKey(db, actorOf(request), request.params.id),
  );
}
