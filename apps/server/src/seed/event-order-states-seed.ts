// The demo gala's orders that are not simply paid (docs/product/events.md#demo), so the status filter
// of /dashboard/tickets has something behind each choice: an order refunded whole (its seats back on
// sale), one with one of its two tickets refunded (partly refunded), and one left unpaid until its
// 15-minute hold ran out (expired, seats released). Written in the shape the refund services and the
// hold release leave behind, so the order page, the transactions list and the counts read them as real.
import { deductibleOf } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/tx.ts';
import { randomToken } from '../platform/security/tokens.ts';

type Gala = { npoId: number; eventId: number; typeId: number; price: number; fmv: number; name: string };
type State = 'refunded' | 'partly_refunded' | 'expired';

const ORDERS: Array<{ state: State; first: string; last: string; quantity: number; daysAgo: number }> = [
  { state: 'refunded', first: 'Harriet', last: 'Lowe', quantity: 2, daysAgo: 12 },
  { state: 'partly_refunded', first: 'Omar', last: 'Haddad', quantity: 2, daysAgo: 9 },
  { state: 'expired', first: 'Priya', last: 'Raman', quantity: 1, daysAgo: 2 },
];

async function insertOrder(tx: Tx, gala: Gala, o: (typeof ORDERS)[number], now: number): Promise<number> {
  const createdAt = new Date(now - o.daysAgo * 86_400_000);
  const subtotal = gala.price * o.quantity;
  const fmv = gala.fmv * o.quantity;
  const paid = o.state !== 'expired';
  const refunded = o.state === 'refunded' ? subtotal : o.state === 'partly_refunded' ? gala.price : 0;
  const lines = [{ ticket_type_id: gala.typeId, name: gala.name, quantity: o.quantity, price_minor: gala.price }];
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO event_orders (npo_id, event_id, reference, status, buyer_first_name, buyer_last_name, buyer_email,
      currency, subtotal_minor, total_minor, fair_market_minor, deductible_minor, refunded_minor, lines, provider,
      hold_until, paid_at, created_at)
    VALUES (${gala.npoId}, ${gala.eventId}, ${randomToken(18)}, ${o.state === 'partly_refunded' ? 'paid' : o.state},
      ${o.first}, ${o.last}, ${`${o.first}.${o.last}@example.org`.toLowerCase()}, 'USD', ${subtotal}, ${subtotal},
      ${fmv}, ${deductibleOf(subtotal, fmv, 0)}, ${refunded}, ${JSON.stringify(lines)}::jsonb, 'sandbox',
      ${new Date(createdAt.getTime() + 15 * 60_000)}, ${paid ? createdAt : null}, ${createdAt})
    RETURNING id`);
  return Number(rows[0]?.id);
}

/** Inserts the three orders; answers how many tickets of the type they still hold (the partly refunded one's). */
export async function seedOrderStates(tx: Tx, gala: Gala): Promise<number> {
  const now = Date.now();
  let held = 0;
  for (const o of ORDERS) {
    const orderId = await insertOrder(tx, gala, o, now);
    const refundedAt = new Date(now - (o.daysAgo - 1) * 86_400_000);
    for (let q = 0; q < o.quantity; q += 1) {
      const name = q === 0 ? `${o.first} ${o.last}` : `Guest of ${o.first} ${o.last}`;
      const status = o.state === 'expired' ? 'released' : o.state === 'refunded' || q === 1 ? 'refunded' : 'valid';
      const { rows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO event_tickets (order_id, event_id, ticket_type_id, attendee_name, attendee_email, code, status)
        VALUES (${orderId}, ${gala.eventId}, ${gala.typeId}, ${name}, ${`${o.first}.${o.last}@example.org`.toLowerCase()},
          ${randomToken(18)}, ${status})
        RETURNING id`);
      if (status === 'valid') held += 1;
      if (o.state === 'partly_refunded' && status === 'refunded') {
        await tx.execute(sql`
          INSERT INTO event_ticket_refunds (ticket_id, order_id, amount_minor, status, provider_refund_id, created_at)
          VALUES (${rows[0]?.id}, ${orderId}, ${gala.price}, 'done', ${`sandbox_re_${randomToken(9)}`}, ${refundedAt})`);
      }
    }
    if (o.state === 'refunded') {
      await tx.execute(sql`
        INSERT INTO event_order_refunds (order_id, amount_minor, status, provider_refund_id, created_at)
        VALUES (${orderId}, ${gala.price * o.quantity}, 'done', ${`sandbox_re_${randomToken(9)}`}, ${refundedAt})`);
    }
  }
  return held;
}
