import type { TRecurringImportPlan, TRecurringImportSummary } from '@kindling/contracts';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { arrayParam } from '../../platform/db/raw-rows.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { users } from '../users/index.ts';
import {
  type RecurringImportFailure,
  type RecurringImportResult,
  type RecurringImportRow,
  recurringImports,
} from './recurring-imports.tables.ts';

const summaryColumns = {
  id: recurringImports.id,
  fileName: recurringImports.fileName,
  status: recurringImports.status,
  totalRows: recurringImports.totalRows,
  validRows: sql<number>`jsonb_array_length(${recurringImports.rows})`.mapWith(Number),
  processedRows: recurringImports.processedRows,
  importedCount: recurringImports.importedCount,
  skippedCount: recurringImports.skippedCount,
  failedCount: recurringImports.failedCount,
  createdBy: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  createdAt: recurringImports.createdAt,
  finishedAt: recurringImports.finishedAt,
  failureMessage: recurringImports.failureMessage,
};

const summaries = (db: Db | Tx) =>
  db.select(summaryColumns).from(recurringImports).leftJoin(users, eq(users.id, recurringImports.createdByUserId));

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];

function toSummary(r: SummaryRow): TRecurringImportSummary {
  return {
    id: r.id,
    file_name: r.fileName,
    status: r.status,
    total_rows: r.totalRows,
    valid_rows: r.validRows,
    // A plans file is read whole and checked before it answers (no 'checking' phase, decision 102).
    checked_rows: r.totalRows,
    checked_bytes: 0,
    file_bytes: 0,
    processed_rows: r.processedRows,
    // A plans run is one stage: each row checked with its provider and recorded.
    run_stage: null,
    stage_done: 0,
    stage_total: 0,
    imported_count: r.importedCount,
    skipped_count: r.skippedCount,
    failed_count: r.failedCount,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    failure_message: r.status === 'failed' ? r.failureMessage : null,
  };
}

export async function listRecurringImports(db: Db, npoId: number): Promise<TRecurringImportSummary[]> {
  const rows = await summaries(db)
    .where(eq(recurringImports.npoId, npoId))
    .orderBy(desc(recurringImports.createdAt), desc(recurringImports.id))
    .limit(100);
  return rows.map(toSummary);
}

export async function findRecurringImportSummary(
  db: Db | Tx,
  npoId: number,
  id: number,
): Promise<TRecurringImportSummary | null> {
  const [row] = await summaries(db).where(and(eq(recurringImports.id, id), eq(recurringImports.npoId, npoId)));
  return row ? toSummary(row) : null;
}

export type RecurringImportRecord = typeof recurringImports.$inferSelect;

export async function findRecurringImport(
  db: Db | Tx,
  npoId: number,
  id: number,
): Promise<RecurringImportRecord | null> {
  const [row] = await db
    .select()
    .from(recurringImports)
    .where(and(eq(recurringImports.id, id), eq(recurringImports.npoId, npoId)));
  return row ?? null;
}

export async function insertRecurringImport(
  db: Db,
  v: {
    npoId: number;
    userId: number | null;
    fileName: string;
    totalRows: number;
    rows: RecurringImportRow[];
    failures: RecurringImportFailure[];
  },
): Promise<number> {
  const [row] = await db
    .insert(recurringImports)
    .values({
      npoId: v.npoId,
      createdByUserId: v.userId,
      fileName: v.fileName,
      totalRows: v.totalRows,
      rows: v.rows,
      failures: v.failures,
      failedCount: v.failures.length,
    })
    .returning({ id: recurringImports.id });
  if (!row) throw new Error('recurring import insert returned no row');
  return row.id;
}

/** previewed → queued, once. */
export async function markRecurringImportQueued(tx: Tx, npoId: number, id: number): Promise<boolean> {
  const rows = await tx
    .update(recurringImports)
    .set({ status: 'queued' })
    .where(
      and(eq(recurringImports.id, id), eq(recurringImports.npoId, npoId), eq(recurringImports.status, 'previewed')),
    )
    .returning({ id: recurringImports.id });
  return rows.length === 1;
}

const notDone = notInArray(recurringImports.status, ['finished', 'failed']);

export async function markRecurringImportProgress(db: Db, id: number, processedRows: number): Promise<void> {
  await db
    .update(recurringImports)
    .set({ status: 'running', processedRows })
    .where(and(eq(recurringImports.id, id), notDone));
}

export type RecurringImportOutcome = {
  processedRows: number;
  results: RecurringImportResult[];
  failures: RecurringImportFailure[];
};

/** Stamps the outcome once: false when another run already finished the import. */
export async function markRecurringImportFinished(tx: Tx, id: number, o: RecurringImportOutcome): Promise<boolean> {
  const importedCount = o.results.filter((r) => r.created).length;
  const rows = await tx
    .update(recurringImports)
    .set({
      status: 'finished',
      processedRows: o.processedRows,
      results: o.results,
      failures: o.failures,
      importedCount,
      skippedCount: o.results.length - importedCount,
      failedCount: o.failures.length,
      finishedAt: sql`now()`,
    })
    .where(and(eq(recurringImports.id, id), notDone))
    .returning({ id: recurringImports.id });
  return rows.length === 1;
}

export async function markRecurringImportFailed(db: Db, id: number, failureMessage: string): Promise<boolean> {
  const rows = await db
    .update(recurringImports)
    .set({ status: 'failed', failureMessage, finishedAt: sql`now()` })
    .where(and(eq(recurringImports.id, id), notDone))
    .returning({ id: recurringImports.id });
  return rows.length === 1;
}

/** The plans an import made or found, in file order, as they are now (staff may have changed them). */
export async function findImportedPlans(
  db: Db,
  npoId: number,
  results: RecurringImportResult[],
): Promise<TRecurringImportPlan[]> {
  if (results.length === 0) return [];
  const rowOf = new Map(results.map((r) => [r.plan_id, r.row]));
  const { rows } = await db.execute<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    amount_minor: number;
    currency: string;
    interval: TRecurringImportPlan['interval'];
    status: string;
    next_charge_at: Date | string | null;
  }>(sql`
    SELECT p.id, d.first_name, d.last_name, d.email, p.amount_minor, p.currency, p.interval, p.status, p.next_charge_at
    FROM recurring_plans p JOIN donors d ON d.id = p.donor_id
    WHERE p.npo_id = ${npoId} AND p.id = ANY(${arrayParam(results.map((r) => r.plan_id))}::bigint[])`);
  return rows
    .map((p) => ({
      row: rowOf.get(Number(p.id)) ?? 0,
      plan_id: Number(p.id),
      donor_name: `${p.first_name} ${p.last_name}`.trim(),
      email: p.email,
      amount_minor: Number(p.amount_minor),
      currency: p.currency,
      interval: p.interval,
      status: p.status,
      next_charge_at: p.next_charge_at === null ? null : new Date(p.next_charge_at).toISOString(),
    }))
    .sort((a, b) => a.row - b.row);
}
