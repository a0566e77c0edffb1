import type { TContactImportRow } from '@kindling/contracts';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';
import type { ImportFailure } from './imports.tables.ts';

export const contactImportStatuses = ['uploaded', 'previewed', 'queued', 'running', 'finished', 'failed'] as const;

/** A checked row waiting to be written: its line in the file and the contact it describes. */
export type ContactImportRow = TContactImportRow & { row: number };

/**
 * One uploaded contacts file. The file's cells are kept (jsonb, at most 20,000 rows) until staff map
 * its columns; the checked rows are kept so the job can run again after a crash without the file.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    createdByUserId: bigint({ mode: 'number' }).references(() => users.id),
    fileName: text().notNull(),
    status: text({ enum: contactImportStatuses }).notNull().default('uploaded'),
    columns: text().array().notNull(),
    /** The file's data rows as written, each an array of cells in the columns' order. */
    cells: jsonb().$type<string[][]>().notNull(),
    mapping: jsonb().$type<Record<string, string>>().notNull().default({}),
    onMatch: text({ enum: ['update', 'skip'] })
      .notNull()
      .default('update'),
    contacts: jsonb().$type<ContactImportRow[]>().notNull().default([]),
    failures: jsonb().$type<ImportFailure[]>().notNull().default([]),
    processedRows: integer().notNull().default(0),
    createdCount: integer().notNull().default(0),
    updatedCount: integer().notNull().default(0),
    skippedCount: integer().notNull().default(0),
    failedCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    failureMessage: text(),
  },
  (t) => [index('contact_imports_npo_idx').on(t.npoId, t.createdAt)],
);
