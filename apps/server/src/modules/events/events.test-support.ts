// Test support for the events module: an event's input, buyers, attendees and paying an order
// through the sandbox card step and the order's confirm call, as the public page does.
import type { TEventInput, ZTicketOrderCreated, ZTicketOrderSummary } from '@kindling/contracts';
import { expect } from 'vitest';
import type { TestClient } from '../../../test/test-client.ts';
import { dayIn } from '../../platform/format/calendar.ts';

export const EVENTS_API = '/api/v1/npo_admin';
export const ZONE = 'America/New_York';

/** A wall time `days` from today in the event's zone. */
export const wall = (days: number, time = '18:30') =>
  `${dayIn(new Date(Date.now() + days * 86_400_000), ZONE)}T${time}`;

export const gala = (slug: string, extra: Partial<TEventInput> = {}): TEventInput => ({
  name: 'Test Gala',
  slug,
  description: '<p>Dinner <script>alert(1)</script><strong>and dancing</strong></p>',
  starts: wall(20),
  ends: wall(20, '23:00'),
  time_zone: ZONE,
  venue_name: 'Riverside Hall',
  venue_address: '1 River Rd',
  online_url: 'https://meet.example.org/gala',
  status: 'published',
  currency: 'USD',
  gift_ask: true,
  capacity: 200,
  ticket_types: [
    { name: 'Dinner', price_minor: 15000, fair_market_value_minor: 6000, quantity: 100, per_order_limit: 4 },
    { name: 'Table of 8', price_minor: 100000, fair_market_value_minor: 48000, quantity: 5, attendees_per_ticket: 8 },
  ],
  discount_codes: [
    { code: 'EARLY', kind: 'percent', amount: 10, usage_limit: 2 },
    { code: 'OLD', kind: 'fixed', amount: 500, expires: wall(-2) },
  ],
  ...extra,
});

export const buyer = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org' };
export const attendees = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `Guest ${i + 1}`, email: `g${i}@example.org` }));

/** Pays a created order with the sandbox's test card, then confirms it as the page does. */
export async function payOrder(client: TestClient, created: ReturnType<typeof ZTicketOrderCreated.parse>) {
  const intent = created.intent as { id: string; client_secret: string };
  const paid = await client.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
    client_secret: intent.client_secret,
    card_number: '4242424242424242',
    exp: '12/34',
    cvc: '123',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const confirmed = await client.post(`/api/v1/event_orders/${created.order.reference}/confirm`, {
    payment_intent: intent.id,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json() as { status: string; order: ReturnType<typeof ZTicketOrderSummary.parse> };
}
