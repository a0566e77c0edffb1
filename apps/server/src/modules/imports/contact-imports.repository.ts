import type { TContactImportSummary } from '@kindling/contracts';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { type ContactImportRow, contactImports } from './contact-imports.tables.ts';
import type { ImportFailure } from './imports.tables.ts';

type ContactImport = typeof contactImports.$inferSelect;

export function toContactImportSummary(r: ContactImport): TContactImportSummary {
  return {
    id: r.id,
    file_name: r.fileName,
    status: r.status,
    columns: r.columns,
    mapping: r.mapping,
    on_match: r.onMatch,
    total_rows: r.cells.length,
    valid_rows: r.contacts.length,
    processed_rows: r.processedRows,
    created_count: r.createdCount,
    updated_count: r.updatedCount,
    skipped_count: r.skippedCount,
    failed_count: r.failedCount,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    failure_message: r.status === 'failed' ? r.failureMessage : null,
  };
}

export async function findContactImport(db: Db | Tx, npoId: number, id: number): Promise<ContactImport | null> {
  const [row] = await db
    .select()
    .from(contactImports)
    .where(and(eq(contactImports.id, id), eq(contactImports.npoId, npoId)));
  return row ?? null;
}

export async function insertContactImport(
  db: Db,
  v: { npoId: number; userId: number; fileName: string; columns: string[]; cells: string[][] },
): Promise<ContactImport> {
  const [row] = await db
    .insert(contactImports)
    .values({ npoId: v.npoId, createdByUserId: v.userId, fileName: v.fileName, columns: v.columns, cells: v.cells })
    .returning();
  if (!row) throw new Error('contact import insert returned no row');
  return row;
}

/** Stores the mapping and the checked rows while the import has not started; false once it has. */
export async function savePlan(
  db: Db,
  npoId: number,
  id: number,
  plan: {
    mapping: Record<string, string>;
    onMatch: 'update' | 'skip';
    contacts: ContactImportRow[];
    failures: ImportFailure[];
  },
): Promise<boolean> {
  const rows = await db
    .update(contactImports)
    .set({ ...plan, status: 'previewed', failedCount: plan.failures.length })
    .where(
      and(
        eq(contactImports.id, id),
        eq(contactImports.npoId, npoId),
        inArray(contactImports.status, ['uploaded', 'previewed']),
      ),
    )
    .returning({ id: contactImports.id });
  return rows.length === 1;
}

/** previewed → queued, once. */
export async function markContactImportQueued(tx: Tx, npoId: number, id: number): Promise<boolean> {
  const rows = await tx
    .update(contactImports)
    .set({ status: 'queued' })
    .where(and(eq(contactImports.id, id), eq(contactImports.npoId, npoId), eq(contactImports.status, 'previewed')))
    .returning({ id: contactImports.id });
  return rows.length === 1;
}

const notDone = notInArray(contactImports.status, ['finished', 'failed']);

export async function markContactImportProgress(db: Db, id: number, processedRows: number): Promise<void> {
  await db
    .update(contactImports)
    .set({ status: 'running', processedRows })
    .where(and(eq(contactImports.id, id), notDone));
}

export type ContactImportCounts = {
  processedRows: number;
  createdCount: number;
  updatedCount: number;
  skippedCount: number;
  failures: ImportFailure[];
};

/** Stamps the outcome once: false when another run already finished the import. */
export async function markContactImportFinished(tx: Tx, id: number, c: ContactImportCounts): Promise<boolean> {
  const { failures, ...counts } = c;
  const rows = await tx
    .update(contactImports)
    .set({ ...counts, failures, failedCount: failures.length, status: 'finished', finishedAt: sql`now()` })
    .where(and(eq(contactImports.id, id), notDone))
    .returning({ id: contactImports.id });
  return rows.length === 1;
}

export async function markContactImportFailed(db: Db, id: number, failureMessage: string): Promise<boolean> {
  const rows = await db
    .update(contactImports)
    .set({ status: 'failed', failureMessage, finishedAt: sql`now()` })
    .where(and(eq(contactImports.id, id), notDone))
    .returning({ id: contactImports.id });
  return rows.length === 1;
}
