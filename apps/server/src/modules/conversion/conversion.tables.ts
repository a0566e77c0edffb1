// The conversion features' own records (docs/decisions/037-conversion-features.md): the funnel's
// daily counts, reminder e-mails a donor asked for, and checkouts started with consent.
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';

/** One row per campaign and day of the organisation's time zone; gifts are counted from donations. */
export const campaignFunnelDays = pgTable(
  'campaign_funnel_days',
  {
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    day: date({ mode: 'string' }).notNull(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    views: integer().notNull().default(0),
    step1: integer().notNull().default(0),
    payment: integer().notNull().default(0),
    upsellOffered: integer().notNull().default(0),
    upsellAccepted: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);

/** A donor's request for one reminder e-mail; sent once, never after an unsubscribe. */
export const donationReminders = pgTable(
  'donation_reminders',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    email: text().notNull(),
    firstName: text().notNull().default(''),
    /** The unsubscribe link's secret. */
    token: text().notNull().unique(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('donation_reminders_due_idx').on(t.dueAt).where(sql`${t.sentAt} IS NULL AND ${t.unsubscribedAt} IS NULL`),
    uniqueIndex('donation_reminders_pending_uq')
      .on(t.campaignId, t.email)
      .where(sql`${t.sentAt} IS NULL AND ${t.unsubscribedAt} IS NULL`),
  ],
);

/** A checkout the donor let us keep (the consent box): abandoned while no gift of theirs followed. */
export const checkoutStarts = pgTable(
  'checkout_starts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    email: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: varchar({ length: 3 }).notNull(),
    interval: text().notNull().default('once'),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkout_starts_campaign_email_uq').on(t.campaignId, t.email),
    index('checkout_starts_campaign_started_idx').on(t.campaignId, t.startedAt),
  ],
);
