import {
  ZMarkPaidOffline,
  ZPaymentRequestDetail,
  ZPaymentRequestInput,
  ZPaymentRequestList,
  ZPaymentRequestListQuery,
  ZPaymentRequestPublicId,
  ZPublicPaymentRequest,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import {
  cancelPaymentRequest,
  createPaymentRequest,
  listPaymentRequests,
  markPaidOffline,
  paymentRequestDetail,
  publicPaymentRequest,
} from './payment-requests.service.ts';

// Access (docs/decisions/050-payment-requests.md): every dashboard role reads requests; the admin group,
// which records offline gifts and refunds, creates, cancels and settles them. Another organisation's
// ids answer 404. The payer's read needs no sign-in and shows only what the payer is meant to see.
const READ = 'dashboard';
const WRITE = 'admin';

const ZId = z.object({ id: z.coerce.number().int().positive() });
const ZPublic = z.object({ publicId: ZPaymentRequestPublicId });
const detail = { openapi: { responses: { 200: ZPaymentRequestDetail } } };

export async function paymentRequestRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Payment requests');

  r.get(
    '/npo_admin/payment_requests',
    {
      preHandler: requireAccess(READ),
      schema: { querystring: ZPaymentRequestListQuery, response: { 200: ZPaymentRequestList } },
    },
    async (request) => listPaymentRequests(db, organisationSessionOf(request, READ).selectedNpoId, request.query),
  );
  r.post(
    '/npo_admin/payment_requests',
    {
      preHandler: requireAccess(WRITE),
      schema: { body: ZPaymentRequestInput },
      config: { openapi: { responses: { 201: ZPaymentRequestDetail } } },
    },
    async (request, reply) => {
      const actor = organisationSessionOf(request, WRITE);
      const id = await createPaymentRequest(db, actor, request.body, request.ip ?? null);
      return reply.status(201).send(await paymentRequestDetail(db, actor.selectedNpoId, id));
    },
  );
  r.get(
    '/npo_admin/payment_requests/:id',
    { preHandler: requireAccess(READ), schema: { params: ZId }, config: detail },
    async (request) => paymentRequestDetail(db, organisationSessionOf(request, READ).selectedNpoId, request.params.id),
  );
  r.post(
    '/npo_admin/payment_requests/:id/cancel',
    { preHandler: requireAccess(WRITE), schema: { params: ZId }, config: detail },
    async (request) => {
      const actor = organisationSessionOf(request, WRITE);
      await cancelPaymentRequest(db, actor, request.params.id, request.ip ?? null);
      return paymentRequestDetail(db, actor.selectedNpoId, request.params.id);
    },
  );
  r.post(
    '/npo_admin/payment_requests/:id/paid_offline',
    { preHandler: requireAccess(WRITE), schema: { params: ZId, body: ZMarkPaidOffline }, config: detail },
    async (request) => {
      const actor = organisationSessionOf(request, WRITE);
      await markPaidOffline(db, actor, request.params.id, request.body, request.ip ?? null);
      return paymentRequestDetail(db, actor.selectedNpoId, request.params.id);
    },
  );

  r.get(
    '/payment_requests/:publicId',
    {
      schema: { params: ZPublic },
      config: { ...PUBLIC_ROUTE, openapi: { responses: { 200: ZPublicPaymentRequest } } },
    },
    async (request) => publicPaymentRequest(db, request.params.publicId),
  );
}
