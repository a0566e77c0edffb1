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

/**
 * Each organisation's money over every closed day, per base currency: the sums of its
 * console_daily_figures rows, kept by the roll-up in the same transaction
 * (docs/decisions/073-console-organisation-totals.md), so the organisations list reads one row each.
 */
export const consoleOrganisationTotals = pgTable(
  'console_organisation_totals',
  {
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    currency: varchar({ length: 3 }).notNull(),
    donations: integer().notNull().default(0),
    grossMinor: bigint({ mode: 'number' }).notNull().default(0),
    refundsMinor: bigint({ mode: 'number' }).notNull().default(0),
    feesMinor: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'console_organisation_totals_pk', columns: [t.npoId, t.currency] })],
);

/**
 * The same sums per closed UTC month (`month` is its first day), rewritten by the roll-up with the days
 * it closes (docs/decisions/095-console-monthly-figures.md): the analytics and sales read twelve rows
 * per organisation instead of a year of days.
 */
export const consoleMonthlyFigures = pgTable(
  'console_monthly_figures',
  {
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    month: date({ mode: 'string' }).notNull(),
    currency: varchar({ length: 3 }).notNull(),
    donations: integer().notNull().default(0),
    grossMinor: bigint({ mode: 'number' }).notNull().default(0),
    refundsMinor: bigint({ mode: 'number' }).notNull().default(0),
    feesMinor: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'console_monthly_figures_pk', columns: [t.npoId, t.month, t.currency] }),
    index('console_monthly_figures_month_idx').on(t.month),
  ],
);

/** New donors per organisation and closed UTC month, kept by the roll-up with the months (decision 095). */
export const consoleMonthlyDonors = pgTable(
  'console_monthly_donors',
  {
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    month: date({ mode: 'string' }).notNull(),
    donorsNew: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'console_monthly_donors_pk', columns: [t.npoId, t.month] }),
    index('console_monthly_donors_month_idx').on(t.month),
  ],
);
