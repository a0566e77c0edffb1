// Seats are taken and given back on counter rows (docs/decisions/045-events-and-ticket-orders.md): a
// conditional UPDATE raises a counter only while room is left, and the row lock makes parallel
// buyers wait their turn, so the last seat goes to exactly one of them.
import { EVENT_MESSAGES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';

/** What one order line took: purchases of a type, and the seats they fill (a table of 8: 1 and 8). */
export type OrderLine = { ticket_type_id: number; name: string; quantity: number; price_minor: number; seats: number };

const conflict = (message: string, field = 'lines') => new AppError('CONFLICT', message, { [field]: message });

/**
 * Takes the lines' tickets, the event's seats and one use of the code, or throws with what is
 * left; the caller's transaction then rolls every counter back. Types are locked in id order,
 * then the event, then the code, so two buyers never wait on each other in a circle.
 */
export async function takeSeats(tx: Tx, eventId: number, lines: OrderLine[], codeId: number | null): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.ticket_type_id - b.ticket_type_id)) {
    const { rows } = await tx.execute<{ id: number }>(sql`
      UPDATE event_ticket_types SET taken = taken + ${line.quantity}
      WHERE id = ${line.ticket_type_id} AND (quantity IS NULL OR taken + ${line.quantity} <= quantity)
      RETURNING id`);
    if (rows.length === 0) {
      const { rows: left } = await tx.execute<{ left: number }>(
        sql`SELECT greatest(quantity - taken, 0)::int AS left FROM event_ticket_types WHERE id = ${line.ticket_type_id}`,
      );
      throw conflict(EVENT_MESSAGES.onlyLeft(line.name, Number(left[0]?.left ?? 0)));
    }
  }
  const seats = lines.reduce((n, l) => n + l.seats, 0);
  const { rows } = await tx.execute<{ id: number }>(sql`
    UPDATE events SET taken = taken + ${seats}
    WHERE id = ${eventId} AND (capacity IS NULL OR taken + ${seats} <= capacity) RETURNING id`);
  if (rows.length === 0) {
    const { rows: left } = await tx.execute<{ left: number }>(
      sql`SELECT greatest(capacity - taken, 0)::int AS left FROM events WHERE id = ${eventId}`,
    );
    throw conflict(EVENT_MESSAGES.capacity(Number(left[0]?.left ?? 0)));
  }
  if (codeId !== null) {
    const { rows: used } = await tx.execute<{ id: number }>(sql`
      UPDATE event_discount_codes SET used = used + 1
      WHERE id = ${codeId} AND (usage_limit IS NULL OR used < usage_limit) RETURNING id`);
    if (used.length === 0) throw conflict(EVENT_MESSAGES.codeExhausted, 'discount_code');
  }
}

/** Gives back what an order took (an order that expired unpaid or was cancelled). */
export async function returnSeats(tx: Tx, eventId: number, lines: OrderLine[], codeId: number | null): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.ticket_type_id - b.ticket_type_id)) {
    await tx.execute(
      sql`UPDATE event_ticket_types SET taken = greatest(taken - ${line.quantity}, 0) WHERE id = ${line.ticket_type_id}`,
    );
  }
  const seats = lines.reduce((n, l) => n + l.seats, 0);
  await tx.execute(sql`UPDATE events SET taken = greatest(taken - ${seats}, 0) WHERE id = ${eventId}`);
  if (codeId !== null) {
    await tx.execute(sql`UPDATE event_discount_codes SET used = greatest(used - 1, 0) WHERE id = ${codeId}`);
  }
}

/**
 * Pending orders of the event whose hold ran out: marked expired, their seats given back. Run
 * before seats are taken, so a held seat never outlives its hold for the next buyer. Orders
 * another transaction is settling are skipped, not waited for.
 */
export async function releaseExpiredHolds(tx: Tx, eventId: number): Promise<void> {
  const { rows } = await tx.execute<{ id: number; lines: OrderLine[]; discount_code_id: number | null }>(sql`
    UPDATE event_orders SET status = 'expired'
    WHERE id IN (SELECT id FROM event_orders WHERE event_id = ${eventId} AND status = 'pending' AND hold_until < now()
      FOR UPDATE SKIP LOCKED)
    RETURNING id, lines, discount_code_id`);
  for (const order of rows) {
    await tx.execute(sql`UPDATE event_tickets SET status = 'released' WHERE order_id = ${order.id}`);
    await returnSeats(
      tx,
      eventId,
      order.lines,
      order.discount_code_id === null ? null : Number(order.discount_code_id),
    );
  }
}
