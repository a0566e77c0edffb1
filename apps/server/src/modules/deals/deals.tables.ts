import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { donations } from '../donations/donations.tables.ts';
import { donors } from '../donors/donors.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * An organisation's pipeline stages in board order (docs/decisions/043-deals-and-tasks.md). An
 * organisation without rows uses DEFAULT_DEAL_STAGES; `won` and `lost` always exist.
 */
export const dealStages = pgTable(
  'deal_stages',
  {
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    label: text().notNull(),
    probability: integer().notNull(),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.npoId, t.key] }),
    check('deal_stages_probability_check', sql`${t.probability} BETWEEN 0 AND 100`),
  ],
);

/** A major-gift opportunity with one contact (a donors row: a donor merge moves it). */
export const deals = pgTable(
  'deals',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    contactId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: varchar({ length: 3 }).notNull(),
    expectedOn: date({ mode: 'string' }),
    stage: text().notNull(),
    /** null: the stage's probability. */
    probability: integer(),
    ownerUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    nextStep: text().notNull().default(''),
    /** Order within its column on the board (a move lands between two neighbours). */
    position: doublePrecision().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deals_npo_stage_position_idx').on(t.npoId, t.stage, t.position),
    index('deals_contact_idx').on(t.contactId),
    index('deals_npo_owner_idx').on(t.npoId, t.ownerUserId),
    check('deals_amount_check', sql`${t.amountMinor} > 0`),
    check('deals_probability_check', sql`${t.probability} BETWEEN 0 AND 100`),
  ],
);

/** The gifts that fulfil a deal (pledged against received); a gift fulfils one deal at most. */
export const dealGifts = pgTable(
  'deal_gifts',
  {
    dealId: bigint({ mode: 'number' })
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    donationId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.donationId] }), uniqueIndex('deal_gifts_donation_uq').on(t.donationId)],
);
