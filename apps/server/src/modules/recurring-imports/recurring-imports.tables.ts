import type { TRecurringImportRow } from '@kindling/contracts';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

export const recurringImportStatuses = ['previewed', 'queued', 'running', 'finished', 'failed'] as const;

/** A checked row waiting for its provider check: its line in the file, the plan it describes, its key. */
export type RecurringImportRow = Omit<TRecurringImportRow, 'campaign_url'> & {
  row: number;
  campaign_id: number | null;
  key: string;
};
export type RecurringImportFailure = { row: number; reason: string };
/** What a row became: the plan made (or found, already imported by an earlier file). */
export type RecurringImportResult = { row: number; plan_id: number; created: boolean };

/**
 * One uploaded file of recurring plans (docs/product/imports.md#recurring-imports). The checked
 * rows are kept (jsonb, at most 20,000) so the job can run again after a crash without the file;
 * each row's outcome is kept for the page's list of plans and the errors download.
 */
export const recurringImports = pgTable(
  'recurring_imports',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    createdByUserId: bigint({ mode: 'number' }).references(() => users.id),
    fileName: text().notNull(),
    status: text({ enum: recurringImportStatuses }).notNull().default('previewed'),
    totalRows: integer().notNull(),
    rows: jsonb().$type<RecurringImportRow[]>().notNull(),
    failures: jsonb().$type<RecurringImportFailure[]>().notNull(),
    results: jsonb().$type<RecurringImportResult[]>().notNull().default([]),
    processedRows: integer().notNull().default(0),
    importedCount: integer().notNull().default(0),
    skippedCount: integer().notNull().default(0),
    failedCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    failureMessage: text(),
  },
  (t) => [index('recurring_imports_npo_idx').on(t.npoId, t.createdAt)],
);
