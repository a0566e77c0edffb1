// The public event page's data and its calendar file (docs/product/events.md#public-page). Anyone reads a
// published (or ended, or cancelled) event; a draft only its own organisation's staff, for the preview.
import { EVENT_MESSAGES, type TCampaignQuestion, type TPublicEvent } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { createEvent as createIcs } from 'ics';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { membershipTierNames } from '../memberships/index.ts';
import { readEventImages } from './event-images.service.ts';

export type PublicEventRow = {
  id: number;
  npo_id: number;
  name: string;
  slug: string;
  description_html: string;
  image_url: string;
  starts_at: Date;
  ends_at: Date;
  time_zone: string;
  venue_name: string;
  venue_address: string;
  map_url: string;
  online_url: string;
  status: string;
  registration_opens_at: Date | null;
  registration_closes_at: Date | null;
  currency: string;
  gift_ask: boolean;
  organiser_name: string;
  organiser_email: string;
  npo_name: string;
  locale: string;
  stripe_account_id: string | null;
  /** e18: PayPal for tickets goes to the organisation's merchant (decision 081). */
  paypal_merchant_id: string | null;
  paypal_email: string | null;
  has_codes: boolean;
  questions: TCampaignQuestion[];
};

export type PublicTicketTypeRow = {
  id: number;
  name: string;
  description: string;
  pricing: 'fixed' | 'free' | 'pay_what_you_want';
  price_minor: number;
  fair_market_value_minor: number;
  quantity: number | null;
  taken: number;
  per_order_limit: number;
  attendees_per_ticket: number;
  sales_start_at: Date | null;
  sales_end_at: Date | null;
  // m19: docs/decisions/090-member-tickets.md.
  members_only: boolean;
  member_price_minor: number | null;
  member_tier_ids: number[];
};

/** An event by its address or its id (/event-page/harvest-gala or /event-page/12). */
export async function findEventByKey(db: Tx, key: string): Promise<PublicEventRow | null> {
  const byId = /^\d{1,15}$/.test(key) ? Number(key) : null;
  const { rows } = await db.execute<PublicEventRow>(sql`
    SELECT e.id, e.npo_id, e.name, e.slug, e.description_html, e.image_url, e.starts_at, e.ends_at, e.time_zone,
      e.venue_name, e.venue_address, e.map_url, e.online_url, e.status, e.registration_opens_at,
      e.registration_closes_at, e.currency, e.gift_ask, e.organiser_name, e.organiser_email, e.questions,
      n.name AS npo_name, n.locale, n.stripe_account_id, n.paypal_merchant_id, n.paypal_email,
      EXISTS (SELECT 1 FROM event_discount_codes c WHERE c.event_id = e.id AND NOT c.archived) AS has_codes
    FROM events e JOIN npos n ON n.id = e.npo_id
    WHERE ${byId === null ? sql`e.slug = ${key.toLowerCase()}` : sql`e.id = ${byId}`}`);
  const row = rows[0];
  return row
    ? {
        ...row,
        id: Number(row.id),
        npo_id: Number(row.npo_id),
        starts_at: new Date(row.starts_at),
        ends_at: new Date(row.ends_at),
      }
    : null;
}

export async function ticketTypesOf(db: Tx, eventId: number): Promise<PublicTicketTypeRow[]> {
  const { rows } = await db.execute<PublicTicketTypeRow>(sql`
    SELECT id, name, description, pricing, price_minor, fair_market_value_minor, quantity, taken, per_order_limit,
      attendees_per_ticket, sales_start_at, sales_end_at, members_only, member_price_minor, member_tier_ids
    FROM event_ticket_types WHERE event_id = ${eventId} AND NOT archived ORDER BY position, id`);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    price_minor: Number(r.price_minor),
    fair_market_value_minor: Number(r.fair_market_value_minor),
    member_price_minor: r.member_price_minor === null ? null : Number(r.member_price_minor),
    member_tier_ids: (r.member_tier_ids ?? []).map(Number),
  }));
}

const within = (now: Date, from: Date | string | null, to: Date | string | null) =>
  (from === null || new Date(from) <= now) && (to === null || now < new Date(to));

/** Registration is open: published, inside the registration window, and the event not over. */
export const registrationOpen = (e: PublicEventRow, now = new Date()) =>
  e.status === 'published' && now < e.ends_at && within(now, e.registration_opens_at, e.registration_closes_at);

export const typeOnSale = (t: PublicTicketTypeRow, now = new Date()) => within(now, t.sales_start_at, t.sales_end_at);

/** The event as anyone may read it; null when it does not exist or is a draft the caller may not preview. */
export async function publicEvent(db: Tx, key: string, previewNpoId: number | null): Promise<TPublicEvent> {
  const e = await findEventByKey(db, key);
  if (!e || (e.status === 'draft' && e.npo_id !== previewNpoId))
    throw new AppError('NOT_FOUND', EVENT_MESSAGES.notFound);
  const open = registrationOpen(e);
  const types = await ticketTypesOf(db, e.id);
  const tierIds = [...new Set(types.flatMap((t) => t.member_tier_ids))];
  const tierNames = await membershipTierNames(db, e.npo_id, tierIds);
  return {
    id: e.id,
    name: e.name,
    slug: e.slug,
    organisation: e.npo_name,
    description: e.description_html,
    image_url: e.image_url,
    images: await readEventImages(db, e.id),
    starts_at: e.starts_at.toISOString(),
    ends_at: e.ends_at.toISOString(),
    time_zone: e.time_zone,
    locale: e.locale,
    venue_name: e.venue_name,
    venue_address: e.venue_address,
    map_url: e.map_url,
    online: e.online_url !== '',
    status: e.status as TPublicEvent['status'],
    on_sale: open,
    currency: e.currency,
    gift_ask: e.gift_ask,
    has_discount_codes: e.has_codes,
    organiser_name: e.organiser_name,
    organiser_email: e.organiser_email,
    ticket_types: types.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      pricing: t.pricing,
      price_minor: t.price_minor,
      fair_market_value_minor: t.fair_market_value_minor,
      attendees_per_ticket: t.attendees_per_ticket,
      per_order_limit: t.per_order_limit,
      remaining: t.quantity === null ? null : Math.max(0, t.quantity - t.taken),
      on_sale: open && typeOnSale(t),
      members_only: t.members_only,
      member_price_minor: t.member_price_minor,
      member_tiers: t.member_tier_ids.flatMap((id) => tierNames.get(id) ?? []),
    })),
    questions: e.questions,
  };
}

const utcParts = (d: Date): [number, number, number, number, number] => [
  d.getUTCFullYear(),
  d.getUTCMonth() + 1,
  d.getUTCDate(),
  d.getUTCHours(),
  d.getUTCMinutes(),
];

/** The "add to calendar" file: times in UTC (every calendar shows them in its own zone). */
export async function eventCalendar(db: Tx, key: string, pageUrl: string): Promise<{ ics: string; slug: string }> {
  const e = await findEventByKey(db, key);
  if (!e || e.status === 'draft') throw new AppError('NOT_FOUND', EVENT_MESSAGES.notFound);
  const location = [e.venue_name, e.venue_address].filter(Boolean).join(', ');
  const { error, value } = createIcs({
    uid: `event-${e.id}@kindling`,
    title: e.name,
    start: utcParts(e.starts_at),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcParts(e.ends_at),
    endInputType: 'utc',
    endOutputType: 'utc',
    url: pageUrl,
    ...(location ? { location } : {}),
    ...(e.organiser_email ? { organizer: { name: e.organiser_name || e.npo_name, email: e.organiser_email } } : {}),
    status: e.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
  });
  if (error || !value) throw error ?? new Error('calendar file could not be made');
  return { ics: value, slug: e.slug };
}
