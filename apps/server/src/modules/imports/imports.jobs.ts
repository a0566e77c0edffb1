// The import runs as a durable job, a batch of rows per statement (docs/decisions/102-streaming-donation-import.md).
// Each batch commits with the job's cursor (the last file row done) and the counts, so a run that
// crashes or is killed resumes after the last committed batch; and every row is recorded under the
// reference import-<id>-<row>, unique among donations, so even a batch replayed records nothing twice.
import { currencyExponent } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { middayIn } from '../../platform/format/calendar.ts';
import { withSoonerCollection } from '../../platform/garbage-collection.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { deferClosedDays } from '../analysis/index.ts';
import { recordAudit } from '../audit/index.ts';
import { convertToBase, recordImportedGifts, upsertImportedDonors } from '../donations/index.ts';
import { deferDonorGiving } from '../donors/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { findNpo } from '../organisations/index.ts';
import { analyzeDonors } from './import-donor-giving.ts';
import { cannotSucceedOnRetry, failImport, ImportStoppedError } from './import-failure.ts';
import { IMPORT_PROVIDER } from './import-reference.ts';
import { resumImportRun } from './import-run-end.ts';
import {
  markRefusedRows,
  type RowRange,
  type RunLookups,
  stagedDonorRows,
  stagedGiftRows,
} from './import-staged-gifts.ts';
import {
  commitBatch,
  findImportForRun,
  firstStagedRow,
  importCampaigns,
  importCurrencies,
  importDates,
  lastStagedRow,
  lockCursor,
  markFinished,
  setRunStage,
  stagedRowNumbers,
  startRun,
} from './imports.repository.ts';

export type ImportJob = { npoId: number; importId: number };

/**
 * Where pg-boss puts an import job that failed for good in a way its handler never saw: it ran out
 * of time (expireInSeconds) or its process died on the last attempt.
 */
export const importGaveUpQueue = defineQueue<ImportJob>('donations.import.gave_up', { retryLimit: 8 });

export const importQueue = defineQueue<ImportJob>('donations.import', {
  deadLetter: importGaveUpQueue.name,
  retryLimit: 3,
  retryDelaySeconds: 30,
  // A million rows at thousands a second, with room for a busy machine; a run that died is retried
  // after this and resumes after its last committed batch.
  expireInSeconds: 3 * 3600,
});

/** File rows per statement: large enough to amortise the round trip and the per-statement triggers. */
const BATCH_ROWS = 2000;
/**
 * Batches in flight at once, each in its own transaction on its own connection: the database does
 * all of a batch's work, so two keep both cores busy; they commit in file order (decision 102,
 * "Set-based recording").
 */
const IN_FLIGHT = 2;
/** File rows whose donors are written in one transaction, before the gifts. */
const DONOR_PART_ROWS = 100_000;

type Found = NonNullable<Awaited<ReturnType<typeof findImportForRun>>>;

/** What a run knows once: the organisation's zone and base currency, the rows' lookups and last row. */
type RunContext = {
  found: Found;
  baseCurrency: string;
  locale: string;
  lookups: RunLookups;
  lastRow: number;
};

async function runContext(db: Db, found: Found): Promise<RunContext> {
  const npo = await findNpo(db, found.npoId);
  const baseCurrency = npo?.baseCurrency ?? 'USD';
  const zone = npo?.timeZone ?? 'UTC';
  const lookups: RunLookups = {
    importId: found.id,
    rates: new Map(),
    rateErrors: new Map(),
    campaigns: await importCampaigns(db, found.npoId, found.id),
    days: new Map(),
  };
  for (const currency of await importCurrencies(db, found.id, found.recordedThrough)) {
    try {
      const { fxRate } = await convertToBase(db, found.npoId, 1, currency, baseCurrency);
      lookups.rates.set(currency, { fxRate, shift: currencyExponent(baseCurrency) - currencyExponent(currency) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      lookups.rateErrors.set(currency, error.message);
    }
  }
  // A date the check let through is a calendar day; anything else stays unmapped, and the insert
  // refuses that row (the run stops there) rather than guessing its day.
  for (const day of await importDates(db, found.id, found.recordedThrough)) {
    if (/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(day)) lookups.days.set(day, middayIn(day, zone));
  }
  return { found, baseCurrency, locale: npo?.locale ?? 'en-US', lookups, lastRow: await lastStagedRow(db, found.id) };
}

/**
 * The donors of every row still to record, before any gift (decision 102, "Set-based recording"):
 * gift batches then only read donors, so two batches in flight never wait on each other's donor
 * rows. Upserting a donor again (a resumed run) leaves it as it was. The parts have no e-mail in
 * common, so they run side by side.
 */
async function upsertRunDonors(db: Db, ctx: RunContext): Promise<void> {
  const range = { from: ctx.found.recordedThrough, to: ctx.lastRow };
  const parts = Math.max(IN_FLIGHT, Math.ceil((range.to - range.from) / DONOR_PART_ROWS));
  await setRunStage(db, ctx.found.id, 'donors', 0, parts);
  for (let first = 0; first < parts; first += IN_FLIGHT) {
    const indexes = Array.from({ length: Math.min(IN_FLIGHT, parts - first) }, (_, k) => first + k);
    await Promise.all(
      indexes.map((index) =>
        db.transaction((tx) =>
          upsertImportedDonors(tx, {
            npoId: ctx.found.npoId,
            gifts: stagedDonorRows(ctx.lookups, range, { index, parts }),
          }),
        ),
      ),
    );
    await setRunStage(db, ctx.found.id, 'donors', first + indexes.length, parts);
  }
}

/** Another run of the import committed past this run's cursor: this run carries on from there. */
class CursorMoved extends Error {}
/** The batch before this one did not commit, so this one may not either. */
class EarlierBatchFailed extends Error {}

/**
 * Records one range of rows in one transaction: the rows recording refuses get their reason, the
 * others their gifts; then, once the batch before it has committed, the cursor and counts. A run
 * killed at any point resumes after the last committed range, and references make a replay record
 * nothing twice.
 */
async function recordRange(
  db: Db,
  ctx: RunContext,
  range: RowRange & { cursor: number },
  after: Promise<unknown> | null,
): Promise<void> {
  const { found, lookups } = ctx;
  const batch = { npoId: found.npoId, provider: IMPORT_PROVIDER, baseCurrency: ctx.baseCurrency };
  await db.transaction(async (tx) => {
    // The closed days these gifts fall in are re-summed once, when the run ends (import-closed-days.ts).
    await deferClosedDays(tx);
    // So are the donors' totals and year rows (import-donor-giving.ts).
    await deferDonorGiving(tx);
    const refused = await markRefusedRows(tx, lookups, range);
    const gifts = () => ({ ...batch, createdByUserId: found.createdByUserId, gifts: stagedGiftRows(lookups, range) });
    let outcome = await recordImportedGifts(tx, gifts());
    try {
      await after;
    } catch {
      throw new EarlierBatchFailed();
    }
    if (outcome.withoutDonor > 0) {
      // A donor gone since the donor phase (erased, or merged meanwhile): written again now, when no
      // earlier batch is in flight to wait for it.
      await upsertImportedDonors(tx, { npoId: found.npoId, gifts: stagedGiftRows(lookups, range) });
      outcome = await recordImportedGifts(tx, gifts());
      if (outcome.withoutDonor > 0) throw new Error('an imported gift has no donor');
    }
    const current = await lockCursor(tx, found.id);
    if (!current || current.status === 'finished' || current.status === 'failed') {
      throw new Error('the import is no longer running');
    }
    if (current.recordedThrough !== range.cursor) {
      found.recordedThrough = current.recordedThrough;
      throw new CursorMoved();
    }
    const recorded = outcome.created + outcome.existing;
    const running = await commitBatch(tx, found.id, {
      through: range.to,
      processed: recorded + refused,
      imported: recorded,
      failed: refused,
    });
    if (!running) throw new Error('the import is no longer running');
  });
  found.recordedThrough = range.to;
}

/**
 * Records the ranges from the cursor to the last row, IN_FLIGHT at a time. Answers false when done,
 * true when the cursor moved under it (another run; go on from there). A range the database
 * refuses is recorded again a row at a time: the rows before the refused one are recorded, and the
 * run stops at it.
 */
async function recordRangesFrom(db: Db, ctx: RunContext): Promise<boolean> {
  const done: Promise<void>[] = [];
  try {
    // The first range starts at the first row left (the header's row and rows already done hold none).
    const cursor = ctx.found.recordedThrough;
    const start = Math.max(cursor, (await firstStagedRow(db, ctx.found.id, cursor)) - 1);
    for (let from = start, k = 0; from < ctx.lastRow; from += BATCH_ROWS, k += 1) {
      if (k >= IN_FLIGHT) await done[k - IN_FLIGHT];
      const range = { from, to: Math.min(from + BATCH_ROWS, ctx.lastRow), cursor: k === 0 ? cursor : from };
      const batch = recordRange(db, ctx, range, done[k - 1] ?? null);
      batch.catch(() => {});
      done.push(batch);
    }
    await Promise.all(done);
    return false;
  } catch {
    const settled = await Promise.allSettled(done);
    const first = settled.find(
      (s): s is PromiseRejectedResult => s.status === 'rejected' && !(s.reason instanceof EarlierBatchFailed),
    )?.reason;
    if (first instanceof CursorMoved) return true;
    if (!cannotSucceedOnRetry(first)) throw first;
    await recordRowByRow(db, ctx, first);
    return true;
  }
}

/** The refused batch's rows one at a time, from the cursor: the run stops at the row the database refuses. */
async function recordRowByRow(db: Db, ctx: RunContext, error: unknown): Promise<void> {
  const rows = await stagedRowNumbers(db, ctx.found.id, ctx.found.recordedThrough, BATCH_ROWS);
  if (rows.length === 0) throw error;
  for (const row of rows) {
    try {
      const cursor = ctx.found.recordedThrough;
      await recordRange(db, ctx, { from: cursor, to: row, cursor }, null);
    } catch (rowError) {
      if (rowError instanceof CursorMoved) return;
      throw cannotSucceedOnRetry(rowError) ? new ImportStoppedError(row, rowError) : rowError;
    }
  }
}

/** Records every checked row of the import after its cursor, then stamps the end and tells the staff, once. */
export async function runImport(
  db: Db,
  job: ImportJob,
): Promise<'finished' | 'already-finished' | 'already-failed' | 'not-found'> {
  const found = await findImportForRun(db, job.npoId, job.importId);
  if (!found) return 'not-found';
  if (found.status === 'finished') return 'already-finished';
  if (found.status === 'failed') return 'already-failed';
  await startRun(db, found.id);
  const ctx = await runContext(db, found);
  await upsertRunDonors(db, ctx);
  // The batches find the new donors through their index, planned for the table as it now is.
  await analyzeDonors(db);
  await setRunStage(db, found.id, 'gifts');
  while (await recordRangesFrom(db, ctx)) {}
  // Statistics and the deferred re-sums, side by side, each committed on its own; a crash before
  // the finishing transaction leaves them to the run that resumes (import-run-end.ts).
  await setRunStage(db, found.id, 'totals');
  await resumImportRun(db, found);
  await db.transaction(async (tx) => {
    const counts = await markFinished(tx, found.id);
    if (!counts) return;
    const { importedCount: imported, failedCount: failed } = counts;
    const text = notificationTexts['import.finished']({
      what: { one: 'donation', other: 'donations' },
      imported,
      failed,
      locale: ctx.locale,
    });
    await notifyOrganisation(tx, {
      npoId: found.npoId,
      kind: 'import.finished',
      ...text,
      data: { import_id: found.id, imported, failed },
    });
    await recordAudit(tx, {
      npoId: found.npoId,
      actorUserId: found.createdByUserId,
      action: 'import.finished',
      targetType: 'donation_import',
      targetId: found.id,
      data: { imported, failed },
      ip: null,
    });
  });
  return 'finished';
}

/** Enqueues a run; `run` names a later run of the same import (staff ran a failed one again). */
export type ImportStarter = (job: ImportJob, run?: string) => Promise<void>;

/**
 * One run of the import job. A failure a retry may cure (the database briefly gone) is thrown for
 * pg-boss to retry; after the last retry pg-boss hands the job to importGaveUpQueue, which marks
 * the import failed. A failure no retry can cure marks it failed now (failImport) and ends the
 * job: retrying would replay the same row into the same error. What was recorded stays recorded.
 */
export async function runImportJob(db: Db, job: ImportJob): Promise<void> {
  try {
    await runImport(db, job);
  } catch (error) {
    if (!cannotSucceedOnRetry(error)) throw error;
    await failImport(db, job, error, true);
  }
}

/** Registers the worker; the returned function enqueues one run per import. */
export function registerImports(jobs: Jobs, deps: { db: Db }): ImportStarter {
  // First: the dead-letter queue must exist before the queue that names it.
  jobs.register(importGaveUpQueue, async (data) => {
    await failImport(deps.db, data, new Error('the import job failed on its last attempt or ran out of time'), false);
  });
  // The recording's batches are garbage soon after: collected sooner while it runs (decision 106).
  jobs.register(importQueue, async (data) => {
    await withSoonerCollection(() => runImportJob(deps.db, data));
  });
  return async (job, run) => {
    // One job per key, ever: a run again needs a key of its own.
    await jobs.send(importQueue, job, { key: run ? `import-${job.importId}-${run}` : `import-${job.importId}` });
  };
}
