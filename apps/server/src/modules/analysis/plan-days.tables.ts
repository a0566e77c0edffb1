import { bigint, date, integer, numeric, boolean as pgBoolean, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';

/**
 * Each organisation's recurring plans counted per UTC day (decision 017), for the recurring
 * analysis: what it reads instead of every plan. Kept like giving_days (decision 014): stored for
 * the closed days (giving_days_closed), re-summed by a trigger when a plan's figures change,
 * computed live by the same function (plan_day_rows) for later days.
 *
 * One row per day and `kind`, and per `status`, `runs` and `exhausted`:
 * - 'started': the plans started that day, by their current status;
 * - 'ended': the plans that stopped running that day (cancelled, or failed: see plan_ended_at).
 * `runs`: the plan ran (it could be charged) and did not stop before it started, so it counts as
 * running from its start day to its end day. `exhausted`: failed after its last retry.
 * `plans` counts them, `monthly_base` sums their charge per month in base currency (numeric,
 * rounded only once summed).
 */
export const planDays = pgTable(
  'plan_days',
  {
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    day: date({ mode: 'string' }).notNull(),
    kind: text().notNull(),
    status: text().notNull(),
    runs: pgBoolean().notNull(),
    exhausted: pgBoolean().notNull(),
    plans: integer().notNull(),
    monthlyBase: numeric().notNull(),
  },
  (t) => [unique('plan_days_key_uq').on(t.npoId, t.kind, t.day, t.status, t.runs, t.exhausted)],
);
