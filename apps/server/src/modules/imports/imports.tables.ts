import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

export const importStatuses = ['previewed', 'queued', 'running', 'finished', 'failed'] as const;

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
 * One uploaded donations file. The checked rows are kept with it (jsonb, at most 20,000) so the
 * job can run, or run again after a crash, without the file; the rows that cannot be imported and
 * why are kept for the errors download.
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
    gifts: jsonb().$type<ImportGift[]>().notNull(),
    failures: jsonb().$type<ImportFailure[]>().notNull(),
    processedRows: integer().notNull().default(0),
    importedCount: integer().notNull().default(0),
    failedCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    /** Why the job stopped for good (status failed), in words for staff. */
    failureMessage: text(),
  },
  (t) => [index('donation_imports_npo_idx').on(t.npoId, t.createdAt)],
);
