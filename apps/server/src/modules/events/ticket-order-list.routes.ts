// /dashboard/tickets' calls: the organisation's ticket orders, a page at a time, and the same list as
// CSV (the dashboard group, as the transactions list). Orders are scoped by the selected organisation.
import { ZTicketOrderListQuery, ZTicketOrderListResponse } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import type { EventRouteDeps } from './events.routes.ts';
import { listTicketOrders, ticketOrdersCsv } from './ticket-order-list.ts';

const ZExportQuery = ZTicketOrderListQuery.omit({ page: true, per_page: true });

export async function ticketOrderListRoutes(app: FastifyInstance, deps: EventRouteDeps): Promise<void> {
  const r = zodRouter(app, 'Events');
  r.get(
    '/npo_admin/ticket_orders',
    {
      preHandler: requireAccess('dashboard'),
      schema: { querystring: ZTicketOrderListQuery, response: { 200: ZTicketOrderListResponse } },
    },
    async (request) =>
      listTicketOrders(deps.db, organisationSessionOf(request, 'dashboard').selectedNpoId, request.query),
  );
  r.get(
    '/npo_admin/ticket_orders.csv',
    {
      preHandler: requireAccess('dashboard'),
      schema: { querystring: ZExportQuery },
      config: { openapi: { responses: { 200: { description: 'The ticket orders as CSV.', mediaType: 'text/csv' } } } },
    },
    async (request, reply) => {
      const csv = await ticketOrdersCsv(
        deps.db,
        organisationSessionOf(request, 'dashboard').selectedNpoId,
        request.query,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="ticket-orders.csv"')
        .send(csv);
    },
  );
}
