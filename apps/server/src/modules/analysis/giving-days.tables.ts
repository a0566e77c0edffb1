import {
  bigint,
  date,
  integer,
  boolean as pgBoolean,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';

/**
 * Each organisation's donations summed per UTC day (decision 013): what the dashboard's figures add
 * up instead of a million donations. Never written by application code: `close_giving_days` (a
 * periodic job) sums the days up to yesterday once, and database triggers on donations and
 * ledger_entries re-sum a closed day from its donations whenever one of them changes (a refund, an
 * imported or back-dated gift). Days after `giving_days_closed.through` are summed live from the
 * donations at read time (`givingDays` in giving-days.sql.ts), so the figures are exact at any moment.
 *
 * One row per day and `kind`, and per the kind's key:
 * - 'total': `recurring` (interval other than 'once'); 'campaign': `campaign_id` (null: none);
 *   'method': `method`; 'amount': the gift's net `amount` (a histogram, for medians and bands),
 *   succeeded gifts only. These four sum the counted gifts of the analysis module (succeeded and
 *   refunded donations, `net` after their refund and dispute ledger rows, `gifts` the succeeded).
 * - 'list': `status` and `currency`, every donation: the donations list's totals (`donations`,
 *   `amount_minor` in the donation's currency, `gross` in base currency).
 */
export const givingDays = pgTable(
  'giving_days',
  {
    // No foreign key to npos (migration 0228, decision 108): a rollup of the donations, written in bulk.
    npoId: bigint({ mode: 'number' }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    kind: text().notNull(),
    recurring: pgBoolean().notNull().default(false),
    campaignId: bigint({ mode: 'number' }),
    method: text().notNull().default(''),
    amount: bigint({ mode: 'number' }).notNull().default(0),
    status: text().notNull().default(''),
    currency: text().notNull().default(''),
    donations: integer().notNull().default(0),
    gifts: integer().notNull().default(0),
    gross: bigint({ mode: 'number' }).notNull().default(0),
    net: bigint({ mode: 'number' }).notNull().default(0),
    giftNet: bigint({ mode: 'number' }).notNull().default(0),
    amountMinor: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('giving_days_key_uq')
      .on(t.npoId, t.kind, t.day, t.recurring, t.campaignId, t.method, t.amount, t.status, t.currency)
      .nullsNotDistinct(),
  ],
);

/**
 * Each organisation's returning donors per UTC day (decision 015), for retention: which donors of
 * one period gave again in the next needs each donor's presence in two periods, which no day sum
 * carries. Every succeeded gift of the day that is not its donor's first contributes how many days
 * before it the donor's previous succeeded gift was given (`prev_gaps`, negative, sorted) and the
 * donor's first (`first_gaps`, in the same order); a donor's first gift counts in `firsts`. How
 * many donors gave in a period, and how many of them gave again in the next, are then counts over
 * these sorted arrays (width_bucket, a binary search). Kept like giving_days: stored for closed
 * days, re-summed by triggers when a gift of a closed day or an earlier gift of the same donor
 * changes, computed live for open days.
 */
export const givingDayReturns = pgTable(
  'giving_day_returns',
  {
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    day: date({ mode: 'string' }).notNull(),
    firsts: integer().notNull().default(0),
    prevGaps: smallint().array().notNull(),
    firstGaps: smallint().array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.npoId, t.day] })],
);

/** Up to which UTC day (inclusive) an organisation's giving_days rows are summed. */
export const givingDaysClosed = pgTable('giving_days_closed', {
  npoId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => npos.id),
  through: date({ mode: 'string' }).notNull(),
});
