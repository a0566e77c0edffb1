import { bigint, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';

/**
 * The insights the nightly (or staff-requested) job computed for one organisation and time range
 * (decision 076): GET /insights reads and filters this row instead of scanning the gifts, so it
 * answers in milliseconds at a million gifts. `insights` holds each category's stored insights with
 * the facets the call filters on; `churn_model` the churn model's quality on held-out donors.
 */
export const insightResults = pgTable(
  'insight_results',
  {
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    timeRange: text().notNull(),
    currency: text().notNull(),
    insights: jsonb().$type<Record<string, unknown[]>>().notNull(),
    churnModel: jsonb().$type<Record<string, unknown> | null>(),
    /** Null until the first run stores a result (the row may exist only to mark a refresh asked for). */
    computedAt: timestamp({ withTimezone: true }),
    /** Set when staff ask for a refresh, cleared when the job stores its result. */
    requestedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.npoId, t.timeRange] })],
);
