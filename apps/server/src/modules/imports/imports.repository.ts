import type { TImportSummary } from '@kindling/contracts';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { arrayParam } from '../../platform/db/raw-rows.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { campaigns } from '../campaigns/index.ts';
import { users } from '../users/index.ts';
import { donationImports, type ImportFailure, type ImportGift } from './imports.tables.ts';

const summaryColumns = {
  id: donationImports.id,
  fileName: donationImports.fileName,
  status: donationImports.status,
  totalRows: donationImports.totalRows,
  validRows: sql<number>`jsonb_array_length(${donationImports.gifts})`.mapWith(Number),
  processedRows: donationImports.processedRows,
  importedCount: donationImports.importedCount,
  failedCount: donationImports.failedCount,
  createdBy: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  createdAt: donationImports.createdAt,
  finishedAt: donationImports.finishedAt,
  failureMessage: donationImports.failureMessage,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: K extends 'createdAt'
    ? Date
    : K extends 'finishedAt'
      ? Date | null
      : K extends 'status'
        ? TImportSummary['status']
        : K extends 'createdBy' | 'fileName' | 'failureMessage'
          ? string | null
          : number;
};

function toSummary(r: SummaryRow): TImportSummary {
  return {
    id: r.id,
    file_name: r.fileName ?? '',
    status: r.status,
    total_rows: r.totalRows,
    valid_rows: r.validRows,
    processed_rows: r.processedRows,
    imported_count: r.importedCount,
    // Until the job has run, the rows refused by the checks are the failures known so far.
    failed_count: r.failedCount,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    failure_message: r.status === 'failed' ? r.failureMessage : null,
  };
}

const summaries = (db: Db) =>
  db.select(summaryColumns).from(donationImports).leftJoin(users, eq(users.id, donationImports.createdByUserId));

export async function listImports(db: Db, npoId: number): Promise<TImportSummary[]> {
  const rows = await summaries(db)
    .where(eq(donationImports.npoId, npoId))
    .orderBy(desc(donationImports.createdAt), desc(donationImports.id))
    .limit(100);
  return rows.map((r) => toSummary(r as SummaryRow));
}

export async function findImportSummary(db: Db, npoId: number, id: number): Promise<TImportSummary | null> {
  const [row] = await summaries(db).where(and(eq(donationImports.id, id), eq(donationImports.npoId, npoId)));
  return row ? toSummary(row as SummaryRow) : null;
}

/** The organisation's campaign addresses (lower case) → ids, for the rows' campaign_url. */
export async function campaignIdsByUrl(db: Db, npoId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: campaigns.id, url: campaigns.campaignUrl })
    .from(campaigns)
    .where(eq(campaigns.npoId, npoId));
  return new Map(rows.map((r) => [r.url.toLowerCase(), r.id]));
}

export async function insertImport(
  db: Db,
  values: {
    npoId: number;
    userId: number;
    fileName: string;
    totalRows: number;
    gifts: ImportGift[];
    failures: ImportFailure[];
  },
): Promise<number> {
  const [row] = await db
    .insert(donationImports)
    .values({
      npoId: values.npoId,
      createdByUserId: values.userId,
      fileName: values.fileName,
      totalRows: values.totalRows,
      gifts: values.gifts,
      failures: values.failures,
      failedCount: values.failures.length,
    })
    .returning({ id: donationImports.id });
  if (!row) throw new Error('import insert returned no row');
  return row.id;
}

/** previewed → queued, once: false when the import is not the organisation's or already started. */
export async function markQueued(db: Tx, npoId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(donationImports)
    .set({ status: 'queued' })
    .where(and(eq(donationImports.id, id), eq(donationImports.npoId, npoId), eq(donationImports.status, 'previewed')))
    .returning({ id: donationImports.id });
  return rows.length === 1;
}

export async function findImportForRun(db: Db, npoId: number, id: number) {
  const [row] = await db
    .select()
    .from(donationImports)
    .where(and(eq(donationImports.id, id), eq(donationImports.npoId, npoId)));
  return row ?? null;
}

export async function findFailures(db: Db, npoId: number, id: number): Promise<ImportFailure[] | null> {
  const [row] = await db
    .select({ failures: donationImports.failures })
    .from(donationImports)
    .where(and(eq(donationImports.id, id), eq(donationImports.npoId, npoId)));
  return row ? row.failures : null;
}

export async function markProgress(db: Db, id: number, processedRows: number): Promise<void> {
  await db
    .update(donationImports)
    .set({ status: 'running', processedRows })
    .where(and(eq(donationImports.id, id), notInArray(donationImports.status, ['finished', 'failed'])));
}

/** How many of these references (an import's rows) are recorded as donations, by any run of it. */
export async function countRecorded(db: Db, npoId: number, provider: string, references: string[]): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM donations
    WHERE npo_id = ${npoId} AND provider = ${provider} AND provider_reference = ANY(${arrayParam(references)}::text[])`);
  return Number(rows[0]?.n ?? 0);
}

/** failed → queued, once, for a run again: false when the import is not the organisation's or not failed. */
export async function markRequeued(db: Tx, npoId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(donationImports)
    .set({ status: 'queued', failureMessage: null, finishedAt: null })
    .where(and(eq(donationImports.id, id), eq(donationImports.npoId, npoId), eq(donationImports.status, 'failed')))
    .returning({ id: donationImports.id });
  return rows.length === 1;
}

/** Stamps a job that stopped for good, once: false when a run already finished or failed it. */
export async function markFailed(
  db: Tx,
  id: number,
  outcome: { importedCount: number; failureMessage: string },
): Promise<boolean> {
  const rows = await db
    .update(donationImports)
    .set({ status: 'failed', ...outcome, finishedAt: new Date() })
    .where(and(eq(donationImports.id, id), notInArray(donationImports.status, ['finished', 'failed'])))
    .returning({ id: donationImports.id });
  return rows.length === 1;
}

/** Stamps the outcome once: false when another run already finished the import. */
export async function markFinished(
  db: Tx,
  id: number,
  outcome: { processedRows: number; importedCount: number; failures: ImportFailure[] },
): Promise<boolean> {
  const rows = await db
    .update(donationImports)
    .set({
      status: 'finished',
      processedRows: outcome.processedRows,
      importedCount: outcome.importedCount,
      failedCount: outcome.failures.length,
      failures: outcome.failures,
      finishedAt: new Date(),
    })
    .where(and(eq(donationImports.id, id), notInArray(donationImports.status, ['finished', 'failed'])))
    .returning({ id: donationImports.id });
  return rows.length === 1;
}
