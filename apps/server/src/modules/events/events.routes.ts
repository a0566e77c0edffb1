import {
  EVENT_MESSAGES,
  ZEventAdmin,
  ZEventInput,
  ZEventList,
  ZEventOrderAdmin,
  ZEventOrderList,
  ZPublicEvent,
  ZTicketOrderConfirm,
  ZTicketOrderCreated,
  ZTicketOrderRequest,
  ZTicketOrderSummary,
  ZTicketPaypalCapture,
  ZTicketPaypalOrder,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { createFailureLimiter } from '../../platform/security/rate-limiter.ts';
import type { PaymentProviders } from '../payments/index.ts';
import { attendeeExportRoutes } from './attendee-export.routes.ts';
import { checkInRoutes } from './check-in.routes.ts';
import { type Actor, createEvent, getEventAdmin, listEvents, updateEvent } from './events.service.ts';
import { orderActionRoutes } from './order-actions.routes.ts';
import { eventCalendar, publicEvent } from './public-event.service.ts';
import { ticketOrderListRoutes } from './ticket-order-list.routes.ts';
import { listOrders, orderAdmin, orderSummary } from './ticket-order-view.ts';
import { capturePaypalOrder, startPaypalOrder } from './ticket-orders.paypal.ts';
import { confirmOrder, placeOrder } from './ticket-orders.service.ts';

// Access (docs/product/events.md#access): the dashboard group reads events and orders, the admin
// group creates and edits events, as with campaigns. Staff queries are scoped by the selected
// organisation (another organisation's ids are 404). The public page's calls need no sign-in.
const READ = 'dashboard';
const WRITE = 'admin';

const ZId = z.object({ id: z.coerce.number().int().positive() });
const ZKey = z.object({ key: z.string().trim().min(1).max(80) });
const ZReference = z.object({ reference: z.string().trim().min(10).max(64) });
const ZOrderQuery = z.object({ event_id: z.coerce.number().int().positive().optional() });
const answers = (schema: z.ZodType) => ({ ...PUBLIC_ROUTE, openapi: { responses: { 200: schema } } });

const actorOf = (request: FastifyRequest, group: 'dashboard' | 'admin' = READ): Actor => {
  const session = organisationSessionOf(request, group);
  return { userId: session.user.id, npoId: session.selectedNpoId, ip: request.ip ?? null };
};

export type EventRouteDeps = {
  db: Db;
  config: Config;
  providers: PaymentProviders;
  /** tix18: enqueues the e-tickets e-mail of a paid order. */
  ticketsPaid?: (orderId: number) => Promise<void>;
  /** tix18: enqueues the attendee's e-mail about a refunded ticket. */
  ticketRefunded?: (ticketId: number) => Promise<void>;
  /** tix18b: enqueues the e-tickets e-mail of a paid order once more (staff's "resend"). */
  ticketsResend?: (orderId: number) => Promise<void>;
  /** tix18c: enqueues the buyer's e-mail about a whole-order refund. */
  orderRefunded?: (orderId: number) => Promise<void>;
};

/** Staff events API and the public event page's calls, under /api/v1. */
export async function eventRoutes(app: FastifyInstance, deps: EventRouteDeps): Promise<void> {
  const r = zodRouter(app, 'Events');
  const { db } = deps;
  const originOf = (request: FastifyRequest) =>
    deps.config.PUBLIC_URL ? new URL(deps.config.PUBLIC_URL).origin : `${request.protocol}://${request.host}`;
  const orderDeps = {
    db,
    providers: deps.providers,
    log: (e: unknown) => app.log.error({ err: e }, 'ticket order'),
    ...(deps.ticketsPaid ? { paid: deps.ticketsPaid } : {}),
    stripePublishableKey: deps.config.STRIPE_PUBLISHABLE_KEY ?? null,
    // m19: failed membership checks per address, with the sign-in's limit and window (decision 090).
    memberChecks: createFailureLimiter(db, {
      name: 'event-member-checks',
      limit: deps.config.SIGN_IN_FAILURE_LIMIT,
      windowSeconds: deps.config.RATE_LIMIT_WINDOW_MINUTES * 60,
      message: EVENT_MESSAGES.memberChecks,
    }),
  };

  r.get(
    '/npo_admin/events',
    { preHandler: requireAccess(READ), schema: { response: { 200: ZEventList } } },
    async (request) => listEvents(db, actorOf(request).npoId),
  );
  r.post(
    '/npo_admin/events',
    {
      preHandler: requireAccess(WRITE),
      schema: { body: ZEventInput },
      config: { openapi: { responses: { 201: ZEventAdmin } } },
    },
    async (request, reply) => {
      const actor = actorOf(request, WRITE);
      const id = await createEvent(db, actor, request.body);
      return reply.status(201).send(await getEventAdmin(db, actor.npoId, id));
    },
  );
  r.get(
    '/npo_admin/events/:id',
    {
      preHandler: requireAccess(READ),
      schema: { params: ZId },
      config: { openapi: { responses: { 200: ZEventAdmin } } },
    },
    async (request) => getEventAdmin(db, actorOf(request).npoId, request.params.id),
  );
  r.put(
    '/npo_admin/events/:id',
    {
      preHandler: requireAccess(WRITE),
      schema: { params: ZId, body: ZEventInput },
      config: { openapi: { responses: { 200: ZEventAdmin } } },
    },
    async (request) => {
      const actor = actorOf(request, WRITE);
      await updateEvent(db, actor, request.params.id, request.body);
      return getEventAdmin(db, actor.npoId, request.params.id);
    },
  );
  r.get(
    '/npo_admin/event_orders',
    { preHandler: requireAccess(READ), schema: { querystring: ZOrderQuery, response: { 200: ZEventOrderList } } },
    async (request) => listOrders(db, actorOf(request).npoId, request.query.event_id ?? null),
  );
  r.get(
    '/npo_admin/event_orders/:id',
    {
      preHandler: requireAccess(READ),
      schema: { params: ZId },
      config: { openapi: { responses: { 200: ZEventOrderAdmin } } },
    },
    async (request) => orderAdmin(db, actorOf(request).npoId, request.params.id),
  );

  // The public page. A draft is readable by its own organisation's staff only: the editor's preview.
  r.get(
    '/event_page/:key',
    {
      schema: { params: ZKey },
      config: {
        access: { kind: 'optional-session', note: "a draft shows to its own organisation's staff (the preview)." },
        openapi: { responses: { 200: ZPublicEvent } },
      },
    },
    async (request) => publicEvent(db, request.params.key, request.session?.selectedNpoId ?? null),
  );
  r.get(
    '/event_page/:key/calendar.ics',
    {
      schema: { params: ZKey },
      config: {
        ...PUBLIC_ROUTE,
        openapi: { responses: { 200: { description: 'iCalendar file', mediaType: 'text/calendar' } } },
      },
    },
    async (request, reply) => {
      const origin = originOf(request);
      const { ics, slug } = await eventCalendar(db, request.params.key, `${origin}/event-page/${request.params.key}`);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${slug}.ics"`)
        .send(ics);
    },
  );
  r.post(
    '/event_page/:key/orders',
    { schema: { params: ZKey, body: ZTicketOrderRequest }, config: answers(ZTicketOrderCreated) },
    async (request) => placeOrder(orderDeps, request.params.key, request.body, request.ip),
  );
  r.post(
    '/event_orders/:reference/confirm',
    { schema: { params: ZReference, body: ZTicketOrderConfirm }, config: answers(ZTicketOrderSummary) },
    async (request) => confirmOrder(orderDeps, request.params.reference, request.body.payment_intent),
  );
  // e18: PayPal for tickets (decision 081): the PayPal order, then its capture on the buyer's return.
  r.post(
    '/event_orders/:reference/paypal_order',
    { schema: { params: ZReference }, config: answers(ZTicketPaypalOrder) },
    async (request) => startPaypalOrder(orderDeps, request.params.reference, originOf(request)),
  );
  r.post(
    '/event_orders/:reference/paypal_capture',
    { schema: { params: ZReference, body: ZTicketPaypalCapture }, config: answers(ZTicketOrderSummary) },
    async (request) => capturePaypalOrder(orderDeps, request.params.reference, request.body.order_id),
  );
  r.get(
    '/event_orders/:reference',
    { schema: { params: ZReference }, config: answers(ZTicketOrderSummary) },
    async (request) => orderSummary(db, request.params.reference),
  );
  // tix18: the buyer's e-tickets link and check-in at the door.
  await checkInRoutes(app, deps);
  // tix18b: whole-order refunds and resending the tickets.
  await orderActionRoutes(app, deps);
  // tix18c: the attendee export with the answers to the event's questions.
  await attendeeExportRoutes(app, deps);
  // e18: the ticket orders list of /dashboard/tickets and its export.
  await ticketOrderListRoutes(app, deps);
}
