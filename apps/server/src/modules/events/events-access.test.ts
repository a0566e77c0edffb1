// Who may call each events and tickets route (docs/product/events.md#access): every staff route of the
// module, anonymous (401), each demo role (its access group's roles pass, the others get 403), and
// another organisation's ids (404). A role that passes is sent to an id that does not exist, so the
// matrix reads access without refunding, checking in or editing anything of the demo.
import { ACCESS, ROLE, type TAccessGroup } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { EVENTS_API, gala } from './events.test-support.ts';

const ctx = useTestApp();

type Ids = { event: number; order: number; ticket: number };
type Route = {
  method: 'GET' | 'POST' | 'PUT';
  path: (ids: Ids) => string;
  group: TAccessGroup;
  body?: object;
  /** What a caller of the access group gets when the route has no id (200 unless said). */
  granted?: number;
};

const MISSING: Ids = { event: 999_999, order: 999_999, ticket: 999_999 };
const ROUTES: Route[] = [
  { method: 'GET', path: () => '/events', group: 'dashboard' },
  { method: 'GET', path: (i) => `/events/${i.event}`, group: 'dashboard' },
  { method: 'PUT', path: (i) => `/events/${i.event}`, group: 'admin', body: gala('matrix-gala') },
  { method: 'GET', path: (i) => `/events/${i.event}/attendees.csv`, group: 'dashboard' },
  { method: 'GET', path: (i) => `/events/${i.event}/check_ins`, group: 'dashboard' },
  { method: 'POST', path: (i) => `/events/${i.event}/check_ins`, group: 'dashboard', body: { code: 'not-a-code' } },
  { method: 'GET', path: () => '/event_orders', group: 'dashboard' },
  // e18: /dashboard/tickets' list of ticket orders and its export.
  { method: 'GET', path: () => '/ticket_orders', group: 'dashboard' },
  { method: 'GET', path: () => '/ticket_orders.csv', group: 'dashboard' },
  { method: 'GET', path: (i) => `/event_orders/${i.order}`, group: 'dashboard' },
  { method: 'POST', path: (i) => `/event_orders/${i.order}/resend`, group: 'dashboard', body: {} },
  { method: 'POST', path: (i) => `/event_orders/${i.order}/refund`, group: 'admin', body: {} },
  {
    method: 'POST',
    path: (i) => `/event_orders/${i.order}/tickets/${i.ticket}/refund`,
    group: 'admin',
    body: {},
  },
  // e18: the editor's image upload; sent without a multipart file, a caller who may upload gets 406
  // (as the crowdfunding gallery's upload), after access is checked.
  { method: 'POST', path: () => '/event_images', group: 'admin', granted: 406 },
];
const ACCOUNTS = {
  'admin@kindling.test': ROLE.ADMIN,
  'manager@kindling.test': ROLE.MANAGER,
  'finance@kindling.test': ROLE.FINANCE,
  'staff@kindling.test': ROLE.STAFF,
  'fundraiser@kindling.test': ROLE.PEER,
} as const;

const call = (client: TestClient, route: Route, ids: Ids) =>
  client.request(route.method, `${EVENTS_API}${route.path(ids)}`, route.body === undefined ? {} : { body: route.body });
const label = (route: Route) => `${route.method} ${route.path({ event: 0, order: 0, ticket: 0 })}`;

describe('events and tickets: the access matrix', () => {
  let demo: Ids;
  beforeAll(async () => {
    const { rows } = await ctx.db.execute<{ event: number; order: number; ticket: number }>(sql`
      SELECT e.id AS event, o.id AS order, k.id AS ticket FROM events e
      JOIN event_orders o ON o.event_id = e.id JOIN event_tickets k ON k.order_id = o.id
      WHERE e.slug = 'harvest-gala' AND o.status = 'paid' ORDER BY o.id, k.id LIMIT 1`);
    demo = { event: Number(rows[0]?.event), order: Number(rows[0]?.order), ticket: Number(rows[0]?.ticket) };
  });

  it('answers 401 to anonymous callers on every staff route', async () => {
    const anonymous = new TestClient(ctx.app);
    const answers = await Promise.all(ROUTES.map(async (r) => [label(r), (await call(anonymous, r, demo)).statusCode]));
    expect(answers).toEqual(ROUTES.map((r) => [label(r), 401]));
  });

  it.each(Object.entries(ACCOUNTS))('lets %s through exactly the routes of its access group', async (email, code) => {
    const client = await signedIn(ctx, email);
    const answers: [string, number][] = [];
    for (const route of ROUTES) answers.push([label(route), (await call(client, route, MISSING)).statusCode]);
    // A route with an id answers 404 for the missing one once access is granted; a list answers 200.
    const expected = ROUTES.map((r): [string, number] => {
      if (!(ACCESS[r.group] as readonly number[]).includes(code)) return [label(r), 403];
      return [label(r), r.path(MISSING).includes('999999') ? 404 : (r.granted ?? 200)];
    });
    expect(answers).toEqual(expected);
  });

  it("answers 404 to another organisation's administrator for the demo's event, order and ticket", async () => {
    const { client } = await outsiderOrganisation(ctx, 'events-matrix@example.org', 'Matrix Outsiders');
    const withIds = ROUTES.filter((r) => r.path(MISSING).includes('999999'));
    const answers = await Promise.all(withIds.map(async (r) => [label(r), (await call(client, r, demo)).statusCode]));
    expect(answers).toEqual(withIds.map((r) => [label(r), 404]));
    const lists = await client.get(`${EVENTS_API}/event_orders?event_id=${demo.event}`);
    expect([200, 404]).toContain(lists.statusCode);
    expect(lists.body).not.toContain('Harvest Gala');
    const { rows } = await ctx.db.execute<{ status: string }>(
      sql`SELECT status FROM event_orders WHERE id = ${demo.order}`,
    );
    expect(rows[0]?.status).toBe('paid');
  });

  it('keeps the public page, its calendar file and a ticket link open to anyone, a bad link a 404', async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get('/api/v1/event_page/harvest-gala')).statusCode).toBe(200);
    expect((await anonymous.get('/api/v1/event_page/harvest-gala/calendar.ics')).statusCode).toBe(200);
    expect((await anonymous.get('/api/v1/event_tickets/tk1.1.1.forged-signature/tickets.pdf')).statusCode).toBe(404);
    expect((await anonymous.get('/api/v1/event_orders/no-such-reference-at-all')).statusCode).toBe(404);
  });
});
