// The attendee list of one event as CSV (docs/product/events.md#e-tickets-and-check-in): one row per
// ticket held (paid, valid or refunded), with a column for each of the event's questions.
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { formatFor } from '../../platform/format/format.ts';
import { storedAnswers } from './event-questions.ts';
import { findEvent } from './events.service.ts';

export async function attendeesCsv(db: Tx, npoId: number, eventId: number): Promise<{ slug: string; csv: string }> {
  const event = await findEvent(db, npoId, eventId);
  const { rows } = await db.execute<{
    attendee_name: string;
    attendee_email: string;
    type: string;
    status: string;
    checked_in_at: Date | null;
    order_id: number;
    buyer: string;
    answers: unknown;
    locale: string;
  }>(sql`
    SELECT k.attendee_name, k.attendee_email, t.name AS type, k.status, k.checked_in_at, o.id AS order_id,
      o.buyer_first_name || ' ' || o.buyer_last_name AS buyer, k.answers, n.locale
    FROM event_tickets k JOIN event_orders o ON o.id = k.order_id JOIN event_ticket_types t ON t.id = k.ticket_type_id
    JOIN npos n ON n.id = o.npo_id
    WHERE k.event_id = ${eventId} AND o.npo_id = ${npoId} AND k.status IN ('valid', 'refunded')
    ORDER BY k.attendee_name, k.id`);
  const format = formatFor({ locale: rows[0]?.locale ?? 'en-US', timeZone: event.timeZone });
  const questions = event.questions;
  const csv = stringify(
    rows.map((r) => {
      const answers = storedAnswers(r.answers);
      return [
        r.attendee_name,
        r.attendee_email,
        r.type,
        r.status,
        r.checked_in_at ? format.dateTime(new Date(r.checked_in_at)) : '',
        Number(r.order_id),
        r.buyer,
        ...questions.map((q) => answers.find((a) => a.question_id === q.id)?.answer ?? ''),
      ];
    }),
    {
      bom: true,
      header: true,
      columns: [
        'Attendee',
        'E-mail',
        'Ticket type',
        'Status',
        'Checked in',
        'Order',
        'Buyer',
        ...questions.map((q) => q.content),
      ],
    },
  );
  return { slug: event.slug, csv };
}
