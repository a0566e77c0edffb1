import { bigint, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each attempt of the daily exchange-rate fetch (docs/product/payments.md#exchange-rates): the page
 * shows the last one and, when it failed, the last good one whose rates stay in use.
 */
export const exchangeRateFetches = pgTable(
  'exchange_rate_fetches',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sourceUrl: text().notNull(),
    status: text({ enum: ['ok', 'failed'] }).notNull(),
    /** The reference date the source gave its rates for. */
    ratesDate: date({ mode: 'string' }),
    ratesCount: integer().notNull().default(0),
    error: text(),
    fetchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exchange_rate_fetches_fetched_idx').on(t.fetchedAt)],
);
