// Staff actions on one ticket order (docs/decisions/060-whole-order-refunds.md): refund the whole
// order (the admin group: it moves money, as for a single ticket) and send its tickets again (the
// dashboard group, who answer buyers at the door and on the phone). Another organisation's order is a 404.
import { ZEventOrderAdmin, ZTicketsResent } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import type { EventRouteDeps } from './events.routes.ts';
import { assertResendable, refundOrder } from './order-refunds.service.ts';
import { orderAdmin } from './ticket-order-view.ts';

const ZId = z.object({ id: z.coerce.number().int().positive() });

export async function orderActionRoutes(app: FastifyInstance, deps: EventRouteDeps): Promise<void> {
  const r = zodRouter(app, 'Events');
  const { db } = deps;

  r.post(
    '/npo_admin/event_orders/:id/refund',
    {
      preHandler: requireAccess('admin'),
      schema: { params: ZId },
      config: { openapi: { responses: { 200: ZEventOrderAdmin } } },
    },
    async (request) => {
      const session = organisationSessionOf(request, 'admin');
      const actor = { userId: session.user.id, npoId: session.selectedNpoId };
      await refundOrder({ db, providers: deps.providers, refunded: deps.orderRefunded }, actor, request.params.id);
      return orderAdmin(db, actor.npoId, request.params.id);
    },
  );
  r.post(
    '/npo_admin/event_orders/:id/resend',
    {
      preHandler: requireAccess('dashboard'),
      schema: { params: ZId },
      config: { openapi: { responses: { 200: ZTicketsResent } } },
    },
    async (request) => {
      const npoId = organisationSessionOf(request, 'dashboard').selectedNpoId;
      const to = await assertResendable(db, npoId, request.params.id);
      await deps.ticketsResend?.(request.params.id);
      return { sent_to: to };
    },
  );
}
