import type { TImportRunStage, TImportSummary } from '@kindling/contracts';
import { and, asc, desc, eq, gt, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { arrayParam } from '../../platform/db/raw-rows.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { campaigns } from '../campaigns/index.ts';
import { users } from '../users/index.ts';
import type { StagedColumns } from './import-file.ts';
import { donationImportChunks, donationImportRows, donationImports, type ImportFailure } from './imports.tables.ts';

const summaryColumns = {
  id: donationImports.id,
  fileName: donationImports.fileName,
  status: donationImports.status,
  totalRows: donationImports.totalRows,
  validRows: donationImports.validRows,
  checkedRows: donationImports.checkedRows,
  checkedBytes: donationImports.checkedBytes,
  fileBytes: donationImports.fileBytes,
  processedRows: donationImports.processedRows,
  runStage: donationImports.runStage,
  stageDone: donationImports.stageDone,
  stageTotal: donationImports.stageTotal,
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
        : K extends 'runStage'
          ? TImportRunStage | null
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
    checked_rows: r.checkedRows,
    checked_bytes: r.checkedBytes,
    file_bytes: r.fileBytes,
    processed_rows: r.processedRows,
    // A stage left by a run that stopped says nothing once the import has ended or waits to resume.
    ...(r.status === 'running'
      ? { run_stage: r.runStage, stage_done: r.stageDone, stage_total: r.stageTotal }
      : { run_stage: null, stage_done: 0, stage_total: 0 }),
    imported_count: r.importedCount,
    // Until the job has run, the rows refused by the checks are the failures known so far.
    failed_count: r.failedCount,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    failure_message: r.status === 'failed' || r.status === 'refused' ? r.failureMessage : null,
  };
}

const summaries = (db: Tx) =>
  db.select(summaryColumns).from(donationImports).leftJoin(users, eq(users.id, donationImports.createdByUserId));

export async function listImports(db: Db, npoId: number): Promise<TImportSummary[]> {
  const rows = await summaries(db)
    .where(eq(donationImports.npoId, npoId))
    .orderBy(desc(donationImports.createdAt), desc(donationImports.id))
    .limit(100);
  return rows.map((r) => toSummary(r as SummaryRow));
}

export async function findImportSummary(db: Tx, npoId: number, id: number): Promise<TImportSummary | null> {
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

/** A new upload, checking until its rows are staged (markChecked) or the file refused. */
export async function insertImport(
  db: Db,
  values: { npoId: number; userId: number; fileName: string },
): Promise<number> {
  const [row] = await db
    .insert(donationImports)
    .values({
      npoId: values.npoId,
      createdByUserId: values.userId,
      fileName: values.fileName,
      status: 'checking',
      totalRows: 0,
    })
    .returning({ id: donationImports.id });
  if (!row) throw new Error('import insert returned no row');
  return row.id;
}

/**
 * An upload refused while it was received: nothing of it stays. The import goes first: that waits
 * for a batch being staged (it holds the import's row, stageRows), whose rows the second statement
 * then sees and deletes; a later batch finds no import and stages nothing.
 */
export async function deleteImport(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(donationImports).where(eq(donationImports.id, id));
    await tx.delete(donationImportRows).where(eq(donationImportRows.importId, id));
  });
}

export async function setFileBytes(db: Db, id: number, fileBytes: number): Promise<void> {
  await db.update(donationImports).set({ fileBytes }).where(eq(donationImports.id, id));
}

/** A run of the check starts over: rows an interrupted run staged go. */
export async function clearStagedRows(db: Db, id: number): Promise<void> {
  await db.delete(donationImportRows).where(eq(donationImportRows.importId, id));
}

/**
 * Stages checked rows (one multi-row INSERT) and how far the check is, in one transaction. The
 * import's row is updated first: the rows have no foreign key (migration 0227), so it is what keeps
 * an import deleted meanwhile (deleteImport) from getting rows again.
 */
export async function stageRows(
  db: Db,
  ids: { npoId: number; importId: number },
  rows: StagedColumns,
  progress: { rows: number; bytes: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(donationImports)
      .set({ checkedRows: progress.rows, checkedBytes: progress.bytes })
      .where(eq(donationImports.id, ids.importId))
      .returning({ id: donationImports.id });
    if (updated.length === 0) throw new Error(`import ${ids.importId} is gone: its rows are not staged`);
    await tx.execute(sql`
      INSERT INTO ${donationImportRows} (import_id, npo_id, file_row, date, first_name, last_name, email, amount_minor,
        currency, campaign_id, payment_method, reference, reason)
      SELECT ${ids.importId}::bigint, ${ids.npoId}::bigint, r.* FROM unnest(${arrayParam(rows.row)}::int[],
        ${arrayParam(rows.date)}::text[], ${arrayParam(rows.firstName)}::text[], ${arrayParam(rows.lastName)}::text[], ${arrayParam(rows.email)}::text[],
        ${arrayParam(rows.amountMinor)}::bigint[], ${arrayParam(rows.currency)}::text[], ${arrayParam(rows.campaignId)}::bigint[],
        ${arrayParam(rows.paymentMethod)}::text[], ${arrayParam(rows.reference)}::text[], ${arrayParam(rows.reason)}::text[]) AS r`);
  });
}

/** checking → previewed with the counts; the file's chunks are no longer needed. */
export async function markChecked(
  db: Db,
  id: number,
  outcome: { totalRows: number; validRows: number; failedRows: number; bytes: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(donationImports)
      .set({
        status: 'previewed',
        totalRows: outcome.totalRows,
        validRows: outcome.validRows,
        failedCount: outcome.failedRows,
        checkedRows: outcome.totalRows,
        checkedBytes: outcome.bytes,
      })
      .where(and(eq(donationImports.id, id), eq(donationImports.status, 'checking')))
      .returning({ id: donationImports.id });
    await tx.delete(donationImportChunks).where(eq(donationImportChunks.importId, id));
    return rows.length === 1;
  });
}

/** checking → refused with why; nothing of the file stays but the import and its reason. */
export async function markRefused(db: Db, id: number, message: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(donationImports)
      .set({ status: 'refused', failureMessage: message, finishedAt: new Date() })
      .where(and(eq(donationImports.id, id), eq(donationImports.status, 'checking')))
      .returning({ id: donationImports.id });
    await tx.delete(donationImportChunks).where(eq(donationImportChunks.importId, id));
    await tx.delete(donationImportRows).where(eq(donationImportRows.importId, id));
    return rows.length === 1;
  });
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

/** Whether the organisation has this import (null: it has not). */
export async function importExists(db: Db, npoId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: donationImports.id })
    .from(donationImports)
    .where(and(eq(donationImports.id, id), eq(donationImports.npoId, npoId)));
  return row !== undefined;
}

/** The import's refused rows after `afterRow`, in file order, a page at a time. */
export async function failurePage(db: Db, id: number, afterRow: number, limit: number): Promise<ImportFailure[]> {
  const rows = await db
    .select({ row: donationImportRows.fileRow, reason: donationImportRows.reason })
    .from(donationImportRows)
    .where(
      and(
        eq(donationImportRows.importId, id),
        gt(donationImportRows.fileRow, afterRow),
        isNotNull(donationImportRows.reason),
      ),
    )
    .orderBy(asc(donationImportRows.fileRow))
    .limit(limit);
  return rows.map((r) => ({ row: r.row, reason: r.reason ?? '' }));
}

/** The import's rows to record after `afterRow` (rows refused by the check are skipped), their numbers only. */
export async function stagedRowNumbers(db: Db, id: number, afterRow: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ row: donationImportRows.fileRow })
    .from(donationImportRows)
    .where(
      and(
        eq(donationImportRows.importId, id),
        gt(donationImportRows.fileRow, afterRow),
        isNull(donationImportRows.reason),
      ),
    )
    .orderBy(asc(donationImportRows.fileRow))
    .limit(limit);
  return rows.map((r) => r.row);
}

/** The import's last staged file row (0 when it has none). */
export async function lastStagedRow(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${donationImportRows.fileRow}), 0)::int` })
    .from(donationImportRows)
    .where(eq(donationImportRows.importId, id));
  return Number(row?.last ?? 0);
}

/** The import's first row to record after `afterRow` (`afterRow` + 1 when there is none). */
export async function firstStagedRow(db: Db, id: number, afterRow: number): Promise<number> {
  const [next] = await stagedRowNumbers(db, id, afterRow, 1);
  return next ?? afterRow + 1;
}

/** The distinct dates of an import's rows still to record. */
export async function importDates(db: Db, id: number, afterRow: number): Promise<string[]> {
  const { rows } = await db.execute<{ date: string }>(sql`
    SELECT DISTINCT date FROM ${donationImportRows}
    WHERE import_id = ${id} AND file_row > ${afterRow} AND reason IS NULL AND date IS NOT NULL`);
  return rows.map((r) => r.date);
}

/**
 * Commits a batch's outcome with the job's cursor, in the batch's transaction: a run that dies
 * after it resumes after `through`, and the counts hold exactly what was committed (the rows
 * recording refused were given their reason in the same transaction, markRefusedRows). False when
 * the import is no longer running (finished or failed by another path).
 */
export async function commitBatch(
  tx: Tx,
  id: number,
  outcome: { through: number; processed: number; imported: number; failed: number },
): Promise<boolean> {
  const rows = await tx
    .update(donationImports)
    .set({
      status: 'running',
      recordedThrough: outcome.through,
      processedRows: sql`${donationImports.processedRows} + ${outcome.processed}`,
      importedCount: sql`${donationImports.importedCount} + ${outcome.imported}`,
      failedCount: sql`${donationImports.failedCount} + ${outcome.failed}`,
    })
    .where(and(eq(donationImports.id, id), notInArray(donationImports.status, ['finished', 'failed'])))
    .returning({ id: donationImports.id });
  return rows.length === 1;
}

/**
 * Locks the import for a batch's transaction and answers its cursor and status: runs of the same
 * import (a retry while a stale run goes on) take turns batch by batch, and a run finds out when
 * another one has already done its batch.
 */
export async function lockCursor(tx: Tx, id: number): Promise<{ recordedThrough: number; status: string } | null> {
  const [row] = await tx
    .select({ recordedThrough: donationImports.recordedThrough, status: donationImports.status })
    .from(donationImports)
    .where(eq(donationImports.id, id))
    .for('update');
  return row ?? null;
}

/** The first run, or a run from the start: the counts are those of the check alone. */
export async function startRun(db: Db, id: number): Promise<void> {
  await db
    .update(donationImports)
    .set({
      status: 'running',
      // A resumed run starts again from its donors: not the stage the run before it stopped in.
      runStage: null,
      stageDone: 0,
      stageTotal: 0,
      processedRows: sql`CASE WHEN ${donationImports.recordedThrough} = 0 THEN 0 ELSE ${donationImports.processedRows} END`,
      importedCount: sql`CASE WHEN ${donationImports.recordedThrough} = 0 THEN 0 ELSE ${donationImports.importedCount} END`,
      failedCount: sql`CASE WHEN ${donationImports.recordedThrough} = 0 THEN ${donationImports.totalRows} - ${donationImports.validRows} ELSE ${donationImports.failedCount} END`,
    })
    .where(and(eq(donationImports.id, id), notInArray(donationImports.status, ['finished', 'failed'])));
}

/** What the run is doing now, for its page (IMPORT_RUN_STAGES): `done` of `total` steps where it counts them. */
export async function setRunStage(db: Db, id: number, stage: TImportRunStage, done = 0, total = 0): Promise<void> {
  await db
    .update(donationImports)
    .set({ runStage: stage, stageDone: done, stageTotal: total })
    .where(and(eq(donationImports.id, id), eq(donationImports.status, 'running')));
}

/** The distinct campaigns an import's rows name, with the campaign each counts for (a peer page's parent). */
export async function importCampaigns(
  db: Db,
  npoId: number,
  id: number,
): Promise<Map<number, { campaignId: number; peerCampaignId: number | null }>> {
  const { rows } = await db.execute<{ id: number; parent: number | null }>(sql`
    SELECT c.id, c.parent_campaign_id AS parent FROM ${campaigns} c
    WHERE c.npo_id = ${npoId} AND c.id IN (SELECT DISTINCT campaign_id FROM ${donationImportRows}
      WHERE import_id = ${id} AND campaign_id IS NOT NULL)`);
  return new Map(
    rows.map((r) => [
      Number(r.id),
      r.parent === null
        ? { campaignId: Number(r.id), peerCampaignId: null }
        : { campaignId: Number(r.parent), peerCampaignId: Number(r.id) },
    ]),
  );
}

/** The distinct currencies of an import's rows still to record. */
export async function importCurrencies(db: Db, id: number, afterRow: number): Promise<string[]> {
  const { rows } = await db.execute<{ currency: string }>(sql`
    SELECT DISTINCT currency FROM ${donationImportRows}
    WHERE import_id = ${id} AND file_row > ${afterRow} AND reason IS NULL`);
  return rows.map((r) => r.currency);
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
export async function markFailed(db: Tx, id: number, outcome: { failureMessage: string }): Promise<boolean> {
  const rows = await db
    .update(donationImports)
    .set({ status: 'failed', ...outcome, finishedAt: new Date() })
    .where(and(eq(donationImports.id, id), notInArray(donationImports.status, ['finished', 'failed'])))
    .returning({ id: donationImports.id });
  return rows.length === 1;
}

/** Stamps the end once (the counts were committed with each batch): false when another run already finished it. */
export async function markFinished(db: Tx, id: number) {
  const [row] = await db
    .update(donationImports)
    .set({ status: 'finished', finishedAt: new Date() })
    .where(and(eq(donationImports.id, id), notInArray(donationImports.status, ['finished', 'failed'])))
    .returning({ importedCount: donationImports.importedCount, failedCount: donationImports.failedCount });
  return row ?? null;
}
