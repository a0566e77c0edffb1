import {
  ZWebhookDeliveryList,
  ZWebhookEndpoint,
  ZWebhookEndpointInput,
  ZWebhookEndpointList,
  ZWebhookSecret,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import type { Actor } from './api-keys.service.ts';
import type { WebhookEngine } from './webhook-delivery.ts';
import {
  createEndpoint,
  deleteEndpoint,
  deliveryOf,
  listDeliveries,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
  type WebhookDeps,
} from './webhooks.service.ts';

// Access (docs/product/integrations.md#webhooks): the admin group manages the organisation's
// endpoints; another organisation's ids are 404. No API key reaches these routes (no apiScope).
const ADMIN = 'admin';
const ZId = z.object({ id: z.coerce.number().int().positive() });
/** A delivery sent again: a new attempt is queued (its result lands in the log). */
const ZRedeliveryQueued = z.object({ queued: z.literal(true) });
const ZDeliveryId = z.object({
  id: z.coerce.number().int().positive(),
  deliveryId: z.coerce.number().int().positive(),
});

const actorOf = (request: FastifyRequest): Actor => {
  const session = organisationSessionOf(request, ADMIN);
  return { userId: session.user.id, npoId: session.selectedNpoId, ip: request.ip ?? null };
};

/** Webhook endpoints and their delivery log under /api/v1 (decision 074). */
export async function webhookRoutes(
  app: FastifyInstance,
  deps: WebhookDeps & { engine: WebhookEngine },
): Promise<void> {
  const r = zodRouter(app, 'Integrations');
  const admin = requireAccess(ADMIN);
  const base = '/npo_admin/webhook_endpoints';

  r.get(base, { preHandler: admin, schema: { response: { 200: ZWebhookEndpointList } } }, async (request) => ({
    endpoints: await listEndpoints(deps.db, actorOf(request).npoId),
  }));

  r.post(
    base,
    { preHandler: admin, schema: { body: ZWebhookEndpointInput, response: { 201: ZWebhookSecret } } },
    async (request, reply) => {
      reply.status(201);
      return createEndpoint(deps, actorOf(request), request.body);
    },
  );

  r.put(
    `${base}/:id`,
    { preHandler: admin, schema: { params: ZId, body: ZWebhookEndpointInput, response: { 200: ZWebhookEndpoint } } },
    async (request) => updateEndpoint(deps, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    `${base}/:id`,
    {
      preHandler: admin,
      config: { openapi: { responses: { 204: { description: 'Done: nothing to return.' } } } },
      schema: { params: ZId },
    },
    async (request, reply) => {
      await deleteEndpoint(deps, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    `${base}/:id/rotate_secret`,
    { preHandler: admin, schema: { params: ZId, response: { 200: ZWebhookSecret } } },
    async (request) => rotateSecret(deps, actorOf(request), request.params.id),
  );

  r.get(
    `${base}/:id/deliveries`,
    { preHandler: admin, schema: { params: ZId, response: { 200: ZWebhookDeliveryList } } },
    async (request) => ({ deliveries: await listDeliveries(deps.db, actorOf(request).npoId, request.params.id) }),
  );

  r.post(
    `${base}/:id/deliveries/:deliveryId/redeliver`,
    { preHandler: admin, schema: { params: ZDeliveryId, response: { 202: ZRedeliveryQueued } } },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      const delivery = await deliveryOf(deps.db, actorOf(request).npoId, id, deliveryId);
      await deps.engine.redeliver(delivery.id);
      return reply.status(202).send({ queued: true });
    },
  );
}
