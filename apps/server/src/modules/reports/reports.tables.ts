import { bigint, date, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';

/**
 * The income report's gifts summed per organisation day, campaign, designation, method and currency
 * (decision 085): what a year's report adds up instead of every gift. Never written by application
 * code: closing and re-summing a day of `giving_days` (decision 014) re-sums its rows here too
 * (`rebuild_report_days`), so they are exact for every day up to `giving_days_closed.through`;
 * later days are summed live by the same database function (`report_day_rows`). Money is the base
 * currency's minor units at each gift's stored rate; refunds, disputes and fees are positive.
 */
export const reportDays = pgTable(
  'report_days',
  {
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    day: date({ mode: 'string' }).notNull(),
    campaignId: bigint({ mode: 'number' }),
    designation: text().notNull().default(''),
    method: text().notNull(),
    currency: text().notNull(),
    gifts: integer().notNull().default(0),
    gross: bigint({ mode: 'number' }).notNull().default(0),
    feeCovered: bigint({ mode: 'number' }).notNull().default(0),
    refunds: bigint({ mode: 'number' }).notNull().default(0),
    disputes: bigint({ mode: 'number' }).notNull().default(0),
    platformFees: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('report_days_key_uq')
      .on(t.npoId, t.day, t.campaignId, t.designation, t.method, t.currency)
      .nullsNotDistinct(),
  ],
);

/**
 * Each donor's report gifts summed per organisation, calendar year (its time zone) and donor
 * (decision 103): what the donors report reads for the whole years of a period
 * instead of every gift. Never written by application code: the donations triggers of
 * modules/reports/sql add a new gift to its row and re-sum the rows an update or delete touches,
 * so they are exact at every moment. No foreign key to donors: a donor merge moves the gifts, and
 * their rows follow by being re-summed, not by being repointed.
 */
export const reportDonorYears = pgTable(
  'report_donor_years',
  {
    // No foreign key to npos (migration 0228, decision 108): a rollup of the donations, written in bulk.
    npoId: bigint({ mode: 'number' }).notNull(),
    year: date({ mode: 'string' }).notNull(),
    donorId: bigint({ mode: 'number' }).notNull(),
    gifts: integer().notNull().default(0),
    gross: bigint({ mode: 'number' }).notNull().default(0),
    lastAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    // The campaigns the donor gave to in the year, ascending, 0 for gifts without one: the
    // campaigns report's distinct donors per campaign (decision 103).
    campaigns: bigint({ mode: 'number' }).array().notNull().default([]),
  },
  (t) => [
    // Migration 0228 gives it INCLUDE (gifts, gross, last_at, campaigns): a year's rows read in donor
    // order from the index alone (decision 103), with one index for both uses (decision 108).
    unique('report_donor_years_key_uq').on(t.npoId, t.year, t.donorId),
  ],
);

/**
 * The recurring report's MRR movement of each closed month (decision 105), unfiltered: what
 * `report_mrr_moves` answers for the month. Never written by application code: the closing of the
 * days (`close_giving_days`) fills the months whose days are all closed (`fill_report_mrr_months`),
 * and a write to a closed day or to a plan's start, stop or amount deletes the months from its month
 * on (`reopen_report_mrr_months`), so the stored months are always a run from the organisation's
 * first plan and exactly what the live query answers for them.
 */
export const reportMrrMonths = pgTable(
  'report_mrr_months',
  {
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    month: date({ mode: 'string' }).notNull(),
    change: bigint({ mode: 'number' }).notNull(),
    plansChange: integer().notNull(),
    newMrr: bigint({ mode: 'number' }).notNull(),
    expansion: bigint({ mode: 'number' }).notNull(),
    contraction: bigint({ mode: 'number' }).notNull(),
    churn: bigint({ mode: 'number' }).notNull(),
    newPlans: integer().notNull(),
    churnedPlans: integer().notNull(),
  },
  (t) => [primaryKey({ name: 'report_mrr_months_pkey', columns: [t.npoId, t.month] })],
);
