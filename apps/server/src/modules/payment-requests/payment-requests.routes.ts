import {
  ZMarkPaidOffline,
  ZPaymentRequestDetail,
  ZPaymentRequestInput,
  ZPaymentRequestList,
  ZPaymentRequestListQuery,
  ZPaymentRequestPublicId,
  ZPaymentRequestSettings,
  ZPublicPaymentRequest,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { sendRequestEmail } from './payment-request-emails.ts';
import { renderRequestStatement } from './payment-request-pdf.ts';
import { getRequestSettings, saveRequestSettings } from './payment-request-settings.ts';
import { findByPublicId, findRequest } from './payment-requests.repository.ts';
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

const pdf = {
  openapi: { responses: { 200: { description: 'The request’s statement.', mediaType: 'application/pdf' } } },
};

export async function paymentRequestRoutes(
  app: FastifyInstance,
  { db, mailer, origin }: { db: Db; mailer: Mailer; origin: string },
): Promise<void> {
  const r = zodRouter(app, 'Payment requests');
  const mail = { db, mailer, origin };

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
      if (request.body.send_email) await sendRequestEmail(mail, actor.selectedNpoId, id, actor.user.id);
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

  // E-mails, the statement and reminder settings (docs/decisions/055-payment-request-e-mails.md).
  r.post(
    '/npo_admin/payment_requests/:id/send',
    { preHandler: requireAccess(WRITE), schema: { params: ZId }, config: detail },
    async (request) => {
      const actor = organisationSessionOf(request, WRITE);
      await sendRequestEmail(mail, actor.selectedNpoId, request.params.id, actor.user.id);
      return paymentRequestDetail(db, actor.selectedNpoId, request.params.id);
    },
  );
  r.get(
    '/npo_admin/payment_requests/:id/statement.pdf',
    { preHandler: requireAccess(READ), schema: { params: ZId }, config: pdf },
    async (request, reply) => {
      const found = await findRequest(db, organisationSessionOf(request, READ).selectedNpoId, request.params.id);
      if (!found) throw new AppError('NOT_FOUND', 'No such payment request.');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="payment-request-${found.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(await renderRequestStatement(db, found, origin));
    },
  );
  r.get(
    '/payment_requests/:publicId/statement.pdf',
    { schema: { params: ZPublic }, config: { ...PUBLIC_ROUTE, ...pdf } },
    async (request, reply) => {
      const found = await findByPublicId(db, request.params.publicId);
      if (!found) throw new AppError('NOT_FOUND', 'No such payment request.');
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="statement.pdf"')
        .header('cache-control', 'private, no-store')
        .send(await renderRequestStatement(db, found, origin));
    },
  );
  r.get(
    '/npo_admin/payment_request_settings',
    { preHandler: requireAccess(READ), schema: { response: { 200: ZPaymentRequestSettings } } },
    async (request) => getRequestSettings(db, organisationSessionOf(request, READ).selectedNpoId),
  );
  r.put(
    '/npo_admin/payment_request_settings',
    {
      preHandler: requireAccess(WRITE),
      schema: { body: ZPaymentRequestSettings, response: { 200: ZPaymentRequestSettings } },
    },
    async (request) => saveRequestSettings(db, organisationSessionOf(request, WRITE).selectedNpoId, request.body),
  );
}
