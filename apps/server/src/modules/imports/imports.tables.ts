import { IMPORT_RUN_STAGES } from '@kindling/contracts/imports.ts';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { bytea } from '../../platform/db/bytea.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

export const importStatuses = ['checking', 'refused', 'previewed', 'queued', 'running', 'finished', 'failed'] as const;

/** A checked CSV row waiting to be recorded: its line in the file and the gift it describes. */
export type ImportGift = {
  row: number;
  date: string;
  first_name: string;
  last_name: string;
  email: string;
  amount_minor: number;
  currency: string;
  campaign_id: number | null;
  payment_method: string | null;
  reference: string | null;
};
export type ImportFailure = { row: number; reason: string };

/**
 * One uploaded donations file (docs/decisions/102-streaming-donation-import.md). Its rows, checked,
 * are donation_import_rows, so the job can run, or run again after a crash, without the file;
 * `recorded_through` is the last file row whose batch the job committed, with the counts.
 */
export const donationImports = pgTable(
  'donation_imports',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    createdByUserId: bigint({ mode: 'number' }).references(() => users.id),
    fileName: text().notNull(),
    status: text({ enum: importStatuses }).notNull().default('previewed'),
    totalRows: integer().notNull(),
    validRows: integer().notNull().default(0),
    /** While the file is checked: rows and bytes read so far, of fileBytes. */
    checkedRows: integer().notNull().default(0),
    fileBytes: bigint({ mode: 'number' }).notNull().default(0),
    checkedBytes: bigint({ mode: 'number' }).notNull().default(0),
    recordedThrough: integer().notNull().default(0),
    processedRows: integer().notNull().default(0),
    importedCount: integer().notNull().default(0),
    failedCount: integer().notNull().default(0),
    /** While running: which part of the run (IMPORT_RUN_STAGES), and how far a part counted in steps is. */
    runStage: text({ enum: IMPORT_RUN_STAGES }),
    stageDone: integer().notNull().default(0),
    stageTotal: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    /** Why the job stopped for good (status failed) or the file was refused (refused), in words for staff. */
    failureMessage: text(),
  },
  (t) => [index('donation_imports_npo_idx').on(t.npoId, t.createdAt)],
);

/** The uploaded file in pieces of about a megabyte, in order, until it has been checked. */
export const donationImportChunks = pgTable(
  'donation_import_chunks',
  {
    importId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donationImports.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    content: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

/**
 * One checked row of the file: the gift it describes, or why it cannot be imported (reason).
 * Without foreign keys (migration 0227): checking them was most of staging a batch, and the rows
 * are written and deleted only with their import (stageRows, deleteImport), which belongs to the
 * organisation (decision 102, "Staging without per-row checks").
 */
export const donationImportRows = pgTable(
  'donation_import_rows',
  {
    importId: bigint({ mode: 'number' }).notNull(),
    fileRow: integer().notNull(),
    npoId: bigint({ mode: 'number' }).notNull(),
    date: text(),
    firstName: text(),
    lastName: text(),
    email: text(),
    amountMinor: bigint({ mode: 'number' }),
    currency: varchar({ length: 3 }),
    campaignId: bigint({ mode: 'number' }),
    paymentMethod: text(),
    reference: text(),
    reason: text(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.fileRow] })],
);
