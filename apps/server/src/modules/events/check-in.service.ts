// Check-in at the door (docs/decisions/052-e-tickets-and-check-in.md). One conditional UPDATE
// admits a ticket: two doors scanning the same code at once both reach the row, the second waits
// for the first's lock, PostgreSQL re-checks `checked_in_at IS NULL` on the committed row and the
// second updates nothing, so it is told when (and by whom) the ticket was already admitted.
import {
  CHECK_IN_MESSAGES,
  EVENT_MESSAGES,
  MEMBER_CARD_PREFIX,
  memberNumber,
  type TCheckInRequest,
  type TCheckInResult,
  type TCheckInStatus,
  type TCheckInTicket,
  type TMemberCheckIn,
} from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { formatFor } from '../../platform/format/format.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { memberAtDoor } from '../memberships/index.ts';

type Actor = { userId: number; npoId: number };
type EventRow = { id: number; name: string; starts_at: Date; time_zone: string; locale: string };
type TicketRow = {
  id: number;
  event_id: number;
  attendee_name: string;
  attendee_email: string;
  type: string;
  status: string;
  checked_in_at: Date | null;
  checked_in_by: string | null;
  membership_id: number | null;
};

const TICKET_COLUMNS = sql`k.id, k.event_id, k.attendee_name, k.attendee_email, t.name AS type, k.status, k.checked_in_at,
  k.membership_id,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS checked_in_by`;
const TICKET_JOINS = sql`JOIN event_ticket_types t ON t.id = k.ticket_type_id LEFT JOIN users u ON u.id = k.checked_in_by`;

const ticketOut = (r: TicketRow): TCheckInTicket => ({
  id: Number(r.id),
  attendee_name: r.attendee_name,
  attendee_email: r.attendee_email,
  type: r.type,
  status: r.status,
  checked_in_at: r.checked_in_at ? new Date(r.checked_in_at).toISOString() : null,
  checked_in_by: r.checked_in_by,
  // m19: a member ticket shows its member number at the door (docs/decisions/090-member-tickets.md).
  member_number: r.membership_id === null ? null : memberNumber(Number(r.membership_id)),
});

async function eventOf(db: Db, npoId: number, eventId: number): Promise<EventRow> {
  const { rows } = await db.execute<EventRow>(sql`
    SELECT e.id, e.name, e.starts_at, e.time_zone, n.locale FROM events e JOIN npos n ON n.id = e.npo_id
    WHERE e.id = ${eventId} AND e.npo_id = ${npoId}`);
  if (!rows[0]) throw new AppError('NOT_FOUND', EVENT_MESSAGES.notFound);
  return rows[0];
}

/** Paid tickets of the event, and how many of them are in. */
async function countsOf(db: Db, eventId: number) {
  const { rows } = await db.execute<{ checked_in: number; expected: number }>(sql`
    SELECT count(*) FILTER (WHERE checked_in_at IS NOT NULL)::int AS checked_in, count(*)::int AS expected
    FROM event_tickets WHERE event_id = ${eventId} AND status = 'valid'`);
  return { checked_in: Number(rows[0]?.checked_in ?? 0), expected: Number(rows[0]?.expected ?? 0) };
}

export async function checkInStatus(db: Db, npoId: number, eventId: number, q?: string): Promise<TCheckInStatus> {
  const e = await eventOf(db, npoId, eventId);
  const term = q?.trim() ?? '';
  let matches: TCheckInTicket[] = [];
  if (term.length >= 2) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await db.execute<TicketRow>(sql`
      SELECT ${TICKET_COLUMNS} FROM event_tickets k ${TICKET_JOINS}
      WHERE k.event_id = ${e.id} AND k.status IN ('valid', 'refunded')
        AND (k.attendee_name ILIKE ${like} OR k.attendee_email ILIKE ${like})
      ORDER BY k.attendee_name, k.id LIMIT 20`);
    matches = rows.map(ticketOut);
  }
  return {
    event: { id: Number(e.id), name: e.name, starts_at: new Date(e.starts_at).toISOString(), time_zone: e.time_zone },
    counts: await countsOf(db, e.id),
    matches,
  };
}

/** Why a ticket that was not admitted was refused, in the words the door staff read. */
async function refusal(db: Db, actor: Actor, e: EventRow, which: SQL): Promise<AppError> {
  const { rows } = await db.execute<TicketRow & { event_name: string }>(sql`
    SELECT ${TICKET_COLUMNS}, e.name AS event_name FROM event_tickets k ${TICKET_JOINS}
    JOIN events e ON e.id = k.event_id WHERE ${which} AND e.npo_id = ${actor.npoId}`);
  const t = rows[0];
  if (!t) return new AppError('NOT_FOUND', CHECK_IN_MESSAGES.unknown, { code: CHECK_IN_MESSAGES.unknown });
  const refuse = (message: string) => new AppError('UNPROCESSABLE', message, { code: message });
  if (Number(t.event_id) !== Number(e.id)) return refuse(CHECK_IN_MESSAGES.otherEvent(t.event_name));
  if (t.status === 'refunded') return refuse(CHECK_IN_MESSAGES.refunded);
  if (t.status !== 'valid' || !t.checked_in_at) return refuse(CHECK_IN_MESSAGES.unpaid);
  const time = formatFor({ locale: e.locale, timeZone: e.time_zone }).time(new Date(t.checked_in_at));
  const message = CHECK_IN_MESSAGES.already(time, t.checked_in_by);
  return new AppError('CONFLICT', message, { code: message });
}

export async function checkIn(
  db: Db,
  actor: Actor,
  eventId: number,
  body: TCheckInRequest,
): Promise<TCheckInResult | TMemberCheckIn> {
  const e = await eventOf(db, actor.npoId, eventId);
  // mem19c: a member card's QR code (docs/decisions/064-member-cards.md) names a member, not a ticket.
  if (body.code?.startsWith(MEMBER_CARD_PREFIX)) return memberAtDoor(db, actor.npoId, body.code);
  const which = body.ticket_id !== undefined ? sql`k.id = ${body.ticket_id}` : sql`k.code = ${body.code ?? ''}`;
  const { rows } = await db.execute<{ id: number }>(sql`
    UPDATE event_tickets k SET checked_in_at = now(), checked_in_by = ${actor.userId}
    WHERE ${which} AND k.event_id = ${e.id} AND k.status = 'valid' AND k.checked_in_at IS NULL
    RETURNING k.id`);
  if (!rows[0]) throw await refusal(db, actor, e, which);
  const { rows: admitted } = await db.execute<TicketRow>(
    sql`SELECT ${TICKET_COLUMNS} FROM event_tickets k ${TICKET_JOINS} WHERE k.id = ${rows[0].id}`,
  );
  return { admitted: true, ticket: ticketOut(admitted[0] as TicketRow), counts: await countsOf(db, e.id) };
}
