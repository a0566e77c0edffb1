import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { donors } from '../donors/donors.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

// Year-end statements in bulk (docs/product/reports.md#year-end-statements).

/** One request to e-mail a period's statements, with its progress. */
export const statementRuns = pgTable(
  'statement_runs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    /** The giving year, labelled by the calendar year it ends in (as the donor page's statement). */
    year: integer().notNull(),
    /** 1: a calendar year; otherwise the organisation's fiscal year start month at the time. */
    startMonth: smallint().notNull(),
    status: text().notNull().default('queued'),
    toSend: integer().notNull().default(0),
    sent: integer().notNull().default(0),
    alreadySent: integer().notNull().default(0),
    withoutEmail: integer().notNull().default(0),
    startedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('statement_runs_npo_idx').on(t.npoId, t.createdAt),
    // One open run per period: two clicks start one run.
    uniqueIndex('statement_runs_one_open_uq').on(t.npoId, t.year, t.startMonth).where(sql`${t.status} <> 'done'`),
    check('statement_runs_status_ck', sql`${t.status} IN ('queued', 'sending', 'done')`),
  ],
);

/** A donor's statement e-mailed for one period: written with the e-mail, unique, so never sent twice. */
export const statementSends = pgTable(
  'statement_sends',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    donorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    startMonth: smallint().notNull(),
    runId: bigint({ mode: 'number' })
      .notNull()
      .references(() => statementRuns.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    giftCount: integer().notNull(),
    totalBaseMinor: bigint({ mode: 'number' }).notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statement_sends_donor_period_uq').on(t.npoId, t.year, t.startMonth, t.donorId),
    index('statement_sends_run_idx').on(t.runId, t.id),
  ],
);
