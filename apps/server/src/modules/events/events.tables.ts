import type { TCampaignQuestion } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { supporterMemberships } from '../memberships/memberships.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

// Events and ticket orders (docs/decisions/045-events-and-ticket-orders.md). Seats are counted on
// counter columns (events.taken, event_ticket_types.taken) that a conditional UPDATE raises only
// while room is left: the row lock orders parallel buyers, so the last seat is sold once.

export const events = pgTable(
  'events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    campaignId: bigint({ mode: 'number' }).references(() => campaigns.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** The public address /event-page/{slug}: one namespace for every organisation. */
    slug: text().notNull(),
    descriptionHtml: text().notNull().default(''),
    imageUrl: text().notNull().default(''),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    timeZone: text().notNull(),
    venueName: text().notNull().default(''),
    venueAddress: text().notNull().default(''),
    mapUrl: text().notNull().default(''),
    /** Sent to ticket holders only, never on the public page. */
    onlineUrl: text().notNull().default(''),
    capacity: integer(),
    /** Attendees holding a seat: paid, or held for a buyer who is paying. */
    taken: integer().notNull().default(0),
    registrationOpensAt: timestamp({ withTimezone: true }),
    registrationClosesAt: timestamp({ withTimezone: true }),
    status: text().notNull().default('draft'),
    organiserName: text().notNull().default(''),
    organiserEmail: text().notNull().default(''),
    currency: text().notNull(),
    giftAsk: boolean().notNull().default(false),
    // tix18c: asked of each attendee (the campaign question shape).
    questions: jsonb().$type<TCampaignQuestion[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_slug_uq').on(t.slug),
    index('events_npo_starts_idx').on(t.npoId, t.startsAt),
    check('events_status_ck', sql`${t.status} IN ('draft', 'published', 'cancelled', 'ended')`),
    check('events_taken_ck', sql`${t.taken} >= 0 AND (${t.capacity} IS NULL OR ${t.taken} <= ${t.capacity})`),
  ],
);

export const eventTicketTypes = pgTable(
  'event_ticket_types',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    pricing: text().notNull().default('fixed'),
    /** The price, or a pay-what-you-want ticket's minimum. */
    priceMinor: bigint({ mode: 'number' }).notNull().default(0),
    fairMarketValueMinor: bigint({ mode: 'number' }).notNull().default(0),
    quantity: integer(),
    taken: integer().notNull().default(0),
    perOrderLimit: integer().notNull().default(10),
    attendeesPerTicket: integer().notNull().default(1),
    salesStartAt: timestamp({ withTimezone: true }),
    salesEndAt: timestamp({ withTimezone: true }),
    position: integer().notNull().default(0),
    /** A type with orders is retired from the editor rather than deleted. */
    archived: boolean().notNull().default(false),
    // m19: members-only tickets and member prices (migration 0197, docs/decisions/090-member-tickets.md).
    membersOnly: boolean().notNull().default(false),
    /** Below the price; null: no member price. */
    memberPriceMinor: bigint({ mode: 'number' }),
    /** Membership tiers whose members qualify; empty: every tier of the organisation. */
    memberTierIds: bigint({ mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
  },
  (t) => [
    index('event_ticket_types_event_idx').on(t.eventId, t.position),
    check(
      'event_ticket_types_member_price_ck',
      sql`${t.memberPriceMinor} IS NULL OR (${t.memberPriceMinor} >= 0 AND ${t.memberPriceMinor} < ${t.priceMinor})`,
    ),
    check('event_ticket_types_pricing_ck', sql`${t.pricing} IN ('fixed', 'free', 'pay_what_you_want')`),
    check(
      'event_ticket_types_taken_ck',
      sql`${t.taken} >= 0 AND (${t.quantity} IS NULL OR ${t.taken} <= ${t.quantity})`,
    ),
  ],
);

export const eventDiscountCodes = pgTable(
  'event_discount_codes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    kind: text().notNull(),
    /** Whole percent, or minor units of the event's currency. */
    amount: bigint({ mode: 'number' }).notNull(),
    usageLimit: integer(),
    used: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }),
    archived: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('event_discount_codes_code_uq').on(t.eventId, t.code),
    check('event_discount_codes_kind_ck', sql`${t.kind} IN ('percent', 'fixed')`),
    check(
      'event_discount_codes_used_ck',
      sql`${t.used} >= 0 AND (${t.usageLimit} IS NULL OR ${t.used} <= ${t.usageLimit})`,
    ),
  ],
);

export const eventOrders = pgTable(
  'event_orders',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    eventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => events.id),
    /** Unguessable: the buyer's confirmation page reads the order by it. */
    reference: text().notNull(),
    status: text().notNull().default('pending'),
    buyerFirstName: text().notNull(),
    buyerLastName: text().notNull(),
    buyerEmail: text().notNull(),
    discountCodeId: bigint({ mode: 'number' }).references(() => eventDiscountCodes.id, { onDelete: 'set null' }),
    currency: text().notNull(),
    subtotalMinor: bigint({ mode: 'number' }).notNull(),
    discountMinor: bigint({ mode: 'number' }).notNull().default(0),
    giftMinor: bigint({ mode: 'number' }).notNull().default(0),
    totalMinor: bigint({ mode: 'number' }).notNull(),
    fairMarketMinor: bigint({ mode: 'number' }).notNull().default(0),
    deductibleMinor: bigint({ mode: 'number' }).notNull().default(0),
    /** tix18: what single-ticket refunds have given back so far (the order is partly refunded). */
    refundedMinor: bigint({ mode: 'number' }).notNull().default(0),
    /** m19: the membership that bought member tickets or member prices in this order. */
    membershipId: bigint({ mode: 'number' }).references(() => supporterMemberships.id, { onDelete: 'set null' }),
    /** [{ ticket_type_id, quantity, price_minor }]: what was bought, for releasing the seats. */
    lines: jsonb().notNull(),
    provider: text(),
    providerReference: text(),
    /** Seats are held until then while the order is pending. */
    holdUntil: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_orders_reference_uq').on(t.reference),
    uniqueIndex('event_orders_provider_uq').on(t.provider, t.providerReference),
    index('event_orders_npo_event_idx').on(t.npoId, t.eventId, t.createdAt),
    index('event_orders_pending_idx').on(t.eventId, t.holdUntil).where(sql`${t.status} = 'pending'`),
    index('event_orders_membership_idx').on(t.membershipId).where(sql`${t.membershipId} IS NOT NULL`),
    check('event_orders_status_ck', sql`${t.status} IN ('pending', 'paid', 'expired', 'cancelled', 'refunded')`),
  ],
);

/** One row per attendee: a table of 8 is one purchase with 8 tickets. */
export const eventTickets = pgTable(
  'event_tickets',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eventOrders.id, { onDelete: 'cascade' }),
    eventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => events.id),
    ticketTypeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eventTicketTypes.id),
    attendeeName: text().notNull(),
    attendeeEmail: text().notNull(),
    /** Unguessable; the e-ticket's QR code carries it and check-in reads it. */
    code: text().notNull(),
    status: text().notNull().default('reserved'),
    answers: jsonb().notNull().default(sql`'{}'::jsonb`),
    checkedInAt: timestamp({ withTimezone: true }),
    checkedInBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** m19: a member ticket's membership (a members-only ticket, or one bought at the member price). */
    membershipId: bigint({ mode: 'number' }).references(() => supporterMemberships.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('event_tickets_code_uq').on(t.code),
    index('event_tickets_membership_idx').on(t.membershipId).where(sql`${t.membershipId} IS NOT NULL`),
    index('event_tickets_order_idx').on(t.orderId),
    index('event_tickets_event_idx').on(t.eventId),
    check('event_tickets_status_ck', sql`${t.status} IN ('reserved', 'valid', 'released', 'refunded')`),
  ],
);

// tix18: refunds of single tickets (docs/decisions/052-e-tickets-and-check-in.md). The unique
// ticket_id is the claim: a second refund of the same ticket finds the row and refunds nothing.
export const eventTicketRefunds = pgTable(
  'event_ticket_refunds',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eventTickets.id, { onDelete: 'cascade' }),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eventOrders.id, { onDelete: 'cascade' }),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    /** pending while the provider answers; done once the money went back. */
    status: text().notNull().default('pending'),
    providerRefundId: text(),
    createdBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_ticket_refunds_ticket_uq').on(t.ticketId),
    index('event_ticket_refunds_order_idx').on(t.orderId),
    check('event_ticket_refunds_status_ck', sql`${t.status} IN ('pending', 'done')`),
  ],
);

// tix18b: refunds of a whole order (docs/decisions/060-whole-order-refunds.md): one provider refund of
// what the order still holds. The unique order_id is the claim: a second refund finds the row taken.
export const eventOrderRefunds = pgTable(
  'event_order_refunds',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eventOrders.id, { onDelete: 'cascade' }),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    /** pending while the provider answers; done once the money went back. */
    status: text().notNull().default('pending'),
    providerRefundId: text(),
    createdBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_order_refunds_order_uq').on(t.orderId),
    check('event_order_refunds_status_ck', sql`${t.status} IN ('pending', 'done')`),
  ],
);

// e18: several images per event, in the editor's order (docs/decisions/089-event-images.md). The first is
// also kept in events.image_url, which e-mails and older readers use.
export const eventImages = pgTable(
  'event_images',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    url: text().notNull(),
    alt: text().notNull().default(''),
  },
  (t) => [uniqueIndex('event_images_event_position_uq').on(t.eventId, t.position)],
);

/** The widths of an uploaded image's WebP variants and its own size, by the original's URL. */
export const eventImageVariants = pgTable('event_image_variants', {
  url: text().primaryKey(),
  npoId: bigint({ mode: 'number' })
    .notNull()
    .references(() => npos.id),
  widths: integer().array().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
