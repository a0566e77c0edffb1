// Staff side of events: create, edit, read and list (docs/product/events.md). Every query is scoped by the
// selected organisation, so another organisation's ids answer 404.
import { EVENT_MESSAGES, type TEventAdmin, type TEventListItem, type ZEventInput } from '@kindling/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { FORMATTED_TEXT_TAGS, htmlSanitiser } from '../../platform/security/html.ts';
import { recordAudit } from '../audit/index.ts';
import { listCampaignRefs } from '../campaigns/index.ts';
import { membershipTierNames } from '../memberships/index.ts';
import { imagesOf, readEventImages, saveEventImages } from './event-images.service.ts';
import { numberQuestions } from './event-questions.ts';
import { assertTimeZone, instantOf, wallOf } from './event-times.ts';
import { eventDiscountCodes, events, eventTicketTypes } from './events.tables.ts';

type EventInput = z.output<typeof ZEventInput>;
export type Actor = { userId: number; npoId: number; ip: string | null };

export const eventNotFound = () => new AppError('NOT_FOUND', EVENT_MESSAGES.notFound);
const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

/** The event story is shown to every visitor: formatting and https/mailto links only (decision 023). */
export const sanitiseEventDescription = htmlSanitiser({
  tags: FORMATTED_TEXT_TAGS,
  href: /^(https?:\/\/|mailto:)[^\s<>"'\p{Cc}]*$/iu,
  imgSrc: /^(https:\/\/|\/uploads\/)[^\s<>"'\p{Cc}]*$/iu,
});

const audit = (tx: Tx, actor: Actor, action: string, id: number) =>
  recordAudit(tx, {
    npoId: actor.npoId,
    actorUserId: actor.userId,
    action,
    targetType: 'event',
    targetId: id,
    ip: actor.ip,
  });

export type EventRow = typeof events.$inferSelect;

export async function findEvent(db: Tx, npoId: number, id: number): Promise<EventRow> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.npoId, npoId)));
  if (!row) throw eventNotFound();
  return row;
}

async function eventColumns(db: Tx, npoId: number, input: EventInput, was: EventRow | null = null) {
  assertTimeZone(input.time_zone);
  if (input.campaign_id !== null) {
    const own = await listCampaignRefs(db, npoId);
    if (!own.some((c) => c.id === input.campaign_id)) throw invalid('campaign_id', 'Choose one of your campaigns.');
  }
  const zone = input.time_zone;
  return {
    campaignId: input.campaign_id,
    name: input.name,
    slug: input.slug,
    descriptionHtml: sanitiseEventDescription(input.description),
    // e18: the first of the event's images (docs/decisions/089-event-images.md).
    imageUrl: imagesOf(input)[0]?.url ?? '',
    startsAt: instantOf(input.starts, zone) as Date,
    endsAt: instantOf(input.ends, zone) as Date,
    timeZone: zone,
    venueName: input.venue_name,
    venueAddress: input.venue_address,
    mapUrl: input.map_url,
    onlineUrl: input.online_url,
    capacity: input.capacity,
    registrationOpensAt: instantOf(input.registration_opens, zone),
    registrationClosesAt: instantOf(input.registration_closes, zone),
    status: input.status,
    organiserName: input.organiser_name,
    organiserEmail: input.organiser_email,
    currency: input.currency,
    giftAsk: input.gift_ask,
    questions: numberQuestions(input.questions, was?.questions ?? []),
  };
}

const isSlugClash = (error: unknown) =>
  (error as { code?: string; constraint?: string; cause?: { constraint?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** A new event with its ticket types and codes. */
export async function createEvent(db: Db, actor: Actor, input: EventInput): Promise<number> {
  const columns = await eventColumns(db, actor.npoId, input);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(events)
        .values({ ...columns, npoId: actor.npoId })
        .returning({ id: events.id });
      const id = Number(row?.id);
      await saveTicketTypes(tx, id, input, actor.npoId);
      await saveDiscountCodes(tx, id, input);
      await saveEventImages(tx, id, input);
      await audit(tx, actor, 'event.created', id);
      return id;
    });
  } catch (error) {
    if (isSlugClash(error))
      throw new AppError('CONFLICT', EVENT_MESSAGES.slugTaken, { slug: EVENT_MESSAGES.slugTaken });
    throw error;
  }
}

export async function updateEvent(db: Db, actor: Actor, id: number, input: EventInput): Promise<void> {
  const was = await findEvent(db, actor.npoId, id);
  const columns = await eventColumns(db, actor.npoId, input, was);
  try {
    await db.transaction(async (tx) => {
      // The row lock keeps a buyer from taking a seat while the counts are being checked.
      const [locked] = await tx.select({ taken: events.taken }).from(events).where(eq(events.id, id)).for('update');
      if (columns.capacity !== null && (locked?.taken ?? 0) > columns.capacity) {
        throw invalid('capacity', `${locked?.taken} places are already taken: the capacity cannot be lower.`);
      }
      await tx
        .update(events)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(events.id, id));
      await saveTicketTypes(tx, id, input, actor.npoId);
      await saveDiscountCodes(tx, id, input);
      await saveEventImages(tx, id, input);
      await audit(tx, actor, 'event.updated', id);
    });
  } catch (error) {
    if (isSlugClash(error))
      throw new AppError('CONFLICT', EVENT_MESSAGES.slugTaken, { slug: EVENT_MESSAGES.slugTaken });
    throw error;
  }
}

/** m19: the tiers a member ticket names are the organisation's own (docs/decisions/090-member-tickets.md). */
async function assertOwnTiers(tx: Tx, npoId: number, input: EventInput) {
  const wanted = [...new Set(input.ticket_types.flatMap((t) => t.member_tier_ids))];
  const own = await membershipTierNames(tx, npoId, wanted);
  input.ticket_types.forEach((t, i) => {
    if (t.member_tier_ids.some((id) => !own.has(id)))
      throw invalid(`ticket_types.${i}.member_tier_ids`, EVENT_MESSAGES.memberTiersUnknown);
  });
}

/** Types listed are inserted or updated; a type left out is deleted, or retired once it has tickets. */
async function saveTicketTypes(tx: Tx, eventId: number, input: EventInput, npoId: number) {
  await assertOwnTiers(tx, npoId, input);
  const existing = await tx.select().from(eventTicketTypes).where(eq(eventTicketTypes.eventId, eventId));
  const zone = input.time_zone;
  const kept = new Set<number>();
  for (const [position, t] of input.ticket_types.entries()) {
    const values = {
      name: t.name,
      description: t.description,
      pricing: t.pricing,
      priceMinor: t.pricing === 'free' ? 0 : t.price_minor,
      fairMarketValueMinor: t.fair_market_value_minor,
      quantity: t.quantity,
      perOrderLimit: t.per_order_limit,
      attendeesPerTicket: t.attendees_per_ticket,
      salesStartAt: instantOf(t.sales_start, zone),
      salesEndAt: instantOf(t.sales_end, zone),
      position,
      archived: false,
      membersOnly: t.members_only,
      memberPriceMinor: t.pricing === 'fixed' ? t.member_price_minor : null,
      memberTierIds: [...new Set(t.member_tier_ids)],
    };
    const current = t.id === undefined ? undefined : existing.find((e) => e.id === t.id);
    if (t.id !== undefined && !current) throw invalid(`ticket_types.${position}.id`, EVENT_MESSAGES.unknownType);
    if (current && t.quantity !== null && current.taken > t.quantity) {
      const message = `${current.taken} tickets are already taken: the quantity cannot be lower.`;
      throw invalid(`ticket_types.${position}.quantity`, message);
    }
    if (current) {
      kept.add(current.id);
      await tx.update(eventTicketTypes).set(values).where(eq(eventTicketTypes.id, current.id));
    } else await tx.insert(eventTicketTypes).values({ ...values, eventId });
  }
  const dropped = existing.filter((e) => !kept.has(e.id));
  const used = dropped.filter((e) => e.taken > 0).map((e) => e.id);
  const unused = dropped.filter((e) => e.taken === 0).map((e) => e.id);
  if (used.length) await tx.update(eventTicketTypes).set({ archived: true }).where(inArray(eventTicketTypes.id, used));
  if (unused.length) {
    // A type whose held orders expired still has tickets on record: retired, not deleted.
    await tx.execute(sql`
      DELETE FROM event_ticket_types t WHERE t.id IN ${unused}
        AND NOT EXISTS (SELECT 1 FROM event_tickets k WHERE k.ticket_type_id = t.id)`);
    await tx.update(eventTicketTypes).set({ archived: true }).where(inArray(eventTicketTypes.id, unused));
  }
}

async function saveDiscountCodes(tx: Tx, eventId: number, input: EventInput) {
  const existing = await tx.select().from(eventDiscountCodes).where(eq(eventDiscountCodes.eventId, eventId));
  const kept = new Set<number>();
  for (const c of input.discount_codes) {
    const values = {
      code: c.code,
      kind: c.kind,
      amount: c.amount,
      usageLimit: c.usage_limit,
      expiresAt: instantOf(c.expires, input.time_zone),
      archived: false,
    };
    const current = existing.find((e) => (c.id !== undefined ? e.id === c.id : e.code === c.code));
    if (current) {
      kept.add(current.id);
      await tx.update(eventDiscountCodes).set(values).where(eq(eventDiscountCodes.id, current.id));
    } else await tx.insert(eventDiscountCodes).values({ ...values, eventId });
  }
  const dropped = existing.filter((e) => !kept.has(e.id)).map((e) => e.id);
  if (dropped.length)
    await tx.update(eventDiscountCodes).set({ archived: true }).where(inArray(eventDiscountCodes.id, dropped));
}

export async function getEventAdmin(db: Tx, npoId: number, id: number): Promise<TEventAdmin> {
  const e = await findEvent(db, npoId, id);
  const zone = e.timeZone;
  const types = await db
    .select()
    .from(eventTicketTypes)
    .where(and(eq(eventTicketTypes.eventId, id), eq(eventTicketTypes.archived, false)))
    .orderBy(asc(eventTicketTypes.position), asc(eventTicketTypes.id));
  const codes = await db
    .select()
    .from(eventDiscountCodes)
    .where(and(eq(eventDiscountCodes.eventId, id), eq(eventDiscountCodes.archived, false)))
    .orderBy(asc(eventDiscountCodes.code));
  return {
    id: e.id,
    name: e.name,
    slug: e.slug,
    description: e.descriptionHtml,
    image_url: e.imageUrl,
    images: await readEventImages(db, id),
    starts: wallOf(e.startsAt, zone) ?? '',
    ends: wallOf(e.endsAt, zone) ?? '',
    starts_at: e.startsAt.toISOString(),
    ends_at: e.endsAt.toISOString(),
    time_zone: zone,
    venue_name: e.venueName,
    venue_address: e.venueAddress,
    map_url: e.mapUrl,
    online_url: e.onlineUrl,
    capacity: e.capacity,
    registration_opens: wallOf(e.registrationOpensAt, zone),
    registration_closes: wallOf(e.registrationClosesAt, zone),
    status: e.status as TEventAdmin['status'],
    organiser_name: e.organiserName,
    organiser_email: e.organiserEmail,
    campaign_id: e.campaignId,
    currency: e.currency,
    gift_ask: e.giftAsk,
    ticket_types: types.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      pricing: t.pricing as 'fixed',
      price_minor: t.priceMinor,
      fair_market_value_minor: t.fairMarketValueMinor,
      quantity: t.quantity,
      per_order_limit: t.perOrderLimit,
      attendees_per_ticket: t.attendeesPerTicket,
      sales_start: wallOf(t.salesStartAt, zone),
      sales_end: wallOf(t.salesEndAt, zone),
      taken: t.taken,
      remaining: t.quantity === null ? null : t.quantity - t.taken,
      members_only: t.membersOnly,
      member_price_minor: t.memberPriceMinor,
      member_tier_ids: t.memberTierIds,
    })),
    discount_codes: codes.map((c) => ({
      id: c.id,
      code: c.code,
      kind: c.kind as 'percent',
      amount: c.amount,
      usage_limit: c.usageLimit,
      used: c.used,
      expires: wallOf(c.expiresAt, zone),
    })),
    questions: e.questions,
  };
}

/** Upcoming (not yet ended) and past events with paid attendees and revenue. */
export async function listEvents(
  db: Tx,
  npoId: number,
): Promise<{ upcoming: TEventListItem[]; past: TEventListItem[] }> {
  const { rows } = await db.execute<{
    id: number;
    name: string;
    slug: string;
    status: string;
    starts_at: Date | string;
    time_zone: string;
    capacity: number | null;
    currency: string;
    sold: number;
    revenue_minor: number;
    orders: number;
    past: boolean;
  }>(sql`
    SELECT e.id, e.name, e.slug, e.status, e.starts_at, e.time_zone, e.capacity, e.currency,
      (e.ends_at < now() OR e.status = 'ended') AS past,
      coalesce((SELECT count(*) FROM event_tickets k JOIN event_orders o ON o.id = k.order_id
        WHERE k.event_id = e.id AND o.status = 'paid' AND k.status = 'valid'), 0)::int AS sold,
      coalesce((SELECT sum(o.total_minor - o.refunded_minor) FROM event_orders o
        WHERE o.event_id = e.id AND o.status = 'paid'), 0)::bigint
        AS revenue_minor,
      (SELECT count(*) FROM event_orders o WHERE o.event_id = e.id AND o.status = 'paid')::int AS orders
    FROM events e WHERE e.npo_id = ${npoId}
    ORDER BY e.starts_at`);
  const items = rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    slug: r.slug,
    status: r.status as TEventListItem['status'],
    starts_at: new Date(r.starts_at).toISOString(),
    time_zone: r.time_zone,
    capacity: r.capacity,
    sold: Number(r.sold),
    revenue_minor: Number(r.revenue_minor),
    currency: r.currency,
    orders: Number(r.orders),
    past: r.past,
  }));
  const strip = ({ past: _past, ...item }: (typeof items)[number]) => item;
  return {
    upcoming: items.filter((i) => !i.past).map(strip),
    past: items
      .filter((i) => i.past)
      .reverse()
      .map(strip),
  };
}
