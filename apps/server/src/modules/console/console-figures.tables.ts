import { bigint, date, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/index.ts';

/**
 * Each organisation's money per closed UTC day and base currency (docs/decisions/054-console-transactions-and-roll-up.md),
 * summed from the ledger by the console's roll-up job; `platform_settings.figures_through` is the last closed day.
 */
export const consoleDailyFigures = pgTable(
  'console_daily_figures',
  {
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    day: date({ mode: 'string' }).notNull(),
    currency: varchar({ length: 3 }).notNull(),
    donations: integer().notNull().default(0),
    grossMinor: bigint({ mode: 'number' }).notNull().default(0),
    refundsMinor: bigint({ mode: 'number' }).notNull().default(0),
    feesMinor: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'console_daily_figures_pk', columns: [t.npoId, t.day, t.currency] }),
    index('console_daily_figures_day_idx').on(t.day),
  ],
);
