// E-tickets and check-in (docs/decisions/052-e-tickets-and-check-in.md): the buyer's signed link
// to their PDF tickets, and the door's check-in calls. Check-in is for the dashboard group (door
// staff read and admit, as they read orders); another organisation's event is a 404.
import {
  ZCheckInQuery,
  ZCheckInRequest,
  ZCheckInResult,
  ZCheckInStatus,
  ZEventOrderAdmin,
  ZMemberCheckIn,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { checkIn, checkInStatus } from './check-in.service.ts';
import type { EventRouteDeps } from './events.routes.ts';
import { ticketsByLink } from './ticket-email.ts';
import { orderAdmin } from './ticket-order-view.ts';
import { refundTicket } from './ticket-refunds.service.ts';

const ZId = z.object({ id: z.coerce.number().int().positive() });
const ZTicket = z.object({ id: z.coerce.number().int().positive(), ticketId: z.coerce.number().int().positive() });
const ZToken = z.object({ token: z.string().trim().min(10).max(200) });

export async function checkInRoutes(app: FastifyInstance, deps: EventRouteDeps): Promise<void> {
  const r = zodRouter(app, 'Events');
  const { db } = deps;

  r.get(
    '/npo_admin/events/:id/check_ins',
    {
      preHandler: requireAccess('dashboard'),
      schema: { params: ZId, querystring: ZCheckInQuery, response: { 200: ZCheckInStatus } },
    },
    async (request) => {
      const session = organisationSessionOf(request, 'dashboard');
      return checkInStatus(db, session.selectedNpoId, request.params.id, request.query.q);
    },
  );
  r.post(
    '/npo_admin/events/:id/check_ins',
    {
      preHandler: requireAccess('dashboard'),
      schema: { params: ZId, body: ZCheckInRequest },
      config: { openapi: { responses: { 200: ZCheckInResult.or(ZMemberCheckIn) } } },
    },
    async (request) => {
      const session = organisationSessionOf(request, 'dashboard');
      const actor = { userId: session.user.id, npoId: session.selectedNpoId };
      return checkIn(db, actor, request.params.id, request.body);
    },
  );
  r.get(
    '/event_tickets/:token/tickets.pdf',
    {
      schema: { params: ZToken },
      config: {
        ...PUBLIC_ROUTE,
        openapi: { responses: { 200: { description: 'PDF tickets', mediaType: 'application/pdf' } } },
      },
    },
    async (request, reply) => {
      const { pdf, slug } = await ticketsByLink(db, deps.config.sessionSecret, request.params.token);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="tickets-${slug}.pdf"`)
        .send(pdf);
    },
  );
  // Refunding one ticket moves money: the admin group, as for editing events.
  r.post(
    '/npo_admin/event_orders/:id/tickets/:ticketId/refund',
    {
      preHandler: requireAccess('admin'),
      schema: { params: ZTicket },
      config: { openapi: { responses: { 200: ZEventOrderAdmin } } },
    },
    async (request) => {
      const session = organisationSessionOf(request, 'admin');
      const actor = { userId: session.user.id, npoId: session.selectedNpoId };
      const refundDeps = {
        db,
        providers: deps.providers,
        ...(deps.ticketRefunded ? { refunded: deps.ticketRefunded } : {}),
      };
      await refundTicket(refundDeps, actor, request.params.id, request.params.ticketId);
      return orderAdmin(db, actor.npoId, request.params.id);
    },
  );
}
