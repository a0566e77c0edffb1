import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

// Saved and scheduled reports (docs/product/reports.md#saved-reports, decision 100).

/** A report of the picker with its filters and columns, its owner's or shared with the organisation. */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    ownerId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    report: text().notNull(),
    view: text(),
    filters: jsonb().$type<Record<string, string>>().notNull().default({}),
    columns: jsonb().$type<string[]>().notNull().default([]),
    shared: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_reports_npo_idx').on(t.npoId, t.name)],
);

/** When a saved report is e-mailed, as what, and to whom (members holding “View reports”). */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    savedReportId: bigint({ mode: 'number' })
      .notNull()
      .references(() => savedReports.id, { onDelete: 'cascade' }),
    cadence: text().notNull(),
    weekday: smallint(),
    dayOfMonth: smallint(),
    format: text().notNull(),
    recipientIds: bigint({ mode: 'number' }).array().notNull(),
    createdBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_schedules_report_uq').on(t.savedReportId),
    index('report_schedules_npo_idx').on(t.npoId),
    check('report_schedules_cadence_ck', sql`${t.cadence} IN ('weekly', 'monthly', 'after_month_end')`),
    check('report_schedules_format_ck', sql`${t.format} IN ('csv', 'xlsx', 'pdf')`),
  ],
);

/** One due day of a schedule, sent or skipped: unique, written with its e-mails, so never sent twice. */
export const reportScheduleRuns = pgTable(
  'report_schedule_runs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    scheduleId: bigint({ mode: 'number' })
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    /** The due day (YYYY-MM-DD in the organisation's calendar): the idempotency key with the schedule. */
    period: text().notNull(),
    status: text().notNull(),
    sentTo: text().array().notNull().default(sql`'{}'::text[]`),
    skipped: jsonb().$type<{ name: string; reason: string }[]>().notNull().default([]),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_schedule_runs_period_uq').on(t.scheduleId, t.period),
    check('report_schedule_runs_status_ck', sql`${t.status} IN ('sent', 'skipped')`),
  ],
);
