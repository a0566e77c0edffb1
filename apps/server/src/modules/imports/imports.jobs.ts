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
import { convertToBase, type ImportedGift, recordImportedGifts } from '../donations/index.ts';
import { deferDonorGiving } from '../donors/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { findNpo } from '../organisations/index.ts';
import { refreshImportDays } from './import-closed-days.ts';
import { analyzeImportTables, refreshImportDonors } from './import-donor-giving.ts';
import { cannotSucceedOnRetry, failImport, ImportStoppedError } from './import-failure.ts';
import { IMPORT_PROVIDER, importReference } from './import-reference.ts';
import {
  commitBatch,
  findImportForRun,
  giftPage,
  importCampaigns,
  importCurrencies,
  lockCursor,
  markFinished,
  startRun,
} from './imports.repository.ts';
import type { ImportFailure, ImportGift } from './imports.tables.ts';

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

/** Rows per statement: large enough to amortise the round trip and the per-statement triggers. */
const BATCH_ROWS = 2000;

type Found = NonNullable<Awaited<ReturnType<typeof findImportForRun>>>;

/** What a run knows once: the organisation's zone and base currency, rates and campaigns. */
type RunContext = {
  found: Found;
  zone: string;
  baseCurrency: string;
  rates: Map<string, { fxRate: string; shift: number } | { error: string }>;
  campaigns: Awaited<ReturnType<typeof importCampaigns>>;
  days: Map<string, Date>;
};

async function runContext(db: Db, found: Found): Promise<RunContext & { locale: string }> {
  const npo = await findNpo(db, found.npoId);
  const baseCurrency = npo?.baseCurrency ?? 'USD';
  const rates: RunContext['rates'] = new Map();
  for (const currency of await importCurrencies(db, found.id, found.recordedThrough)) {
    try {
      const { fxRate } = await convertToBase(db, found.npoId, 1, currency, baseCurrency);
      rates.set(currency, { fxRate, shift: currencyExponent(baseCurrency) - currencyExponent(currency) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      rates.set(currency, { error: error.message });
    }
  }
  return {
    found,
    zone: npo?.timeZone ?? 'UTC',
    locale: npo?.locale ?? 'en-US',
    baseCurrency,
    rates,
    campaigns: await importCampaigns(db, found.npoId, found.id),
    days: new Map(),
  };
}

/** The gift as the donations module records it, or the row's refusal (AppError) as recording would refuse it. */
function toImported(ctx: RunContext, gift: ImportGift): ImportedGift {
  const rate = ctx.rates.get(gift.currency);
  if (!rate) throw new Error(`no rate looked up for ${gift.currency}`);
  if ('error' in rate) throw new AppError('NOT_CONFIGURED', rate.error);
  const campaign = gift.campaign_id === null ? null : ctx.campaigns.get(gift.campaign_id);
  if (campaign === undefined) throw new AppError('NOT_FOUND', 'Campaign not found.');
  // Noon of that day in the organisation's zone: the day its lists and exports show (decision 027).
  let occurredAt = ctx.days.get(gift.date);
  if (!occurredAt) {
    occurredAt = middayIn(gift.date, ctx.zone);
    ctx.days.set(gift.date, occurredAt);
  }
  return {
    reference: importReference(ctx.found.id, gift.row),
    campaignId: campaign?.campaignId ?? null,
    peerCampaignId: campaign?.peerCampaignId ?? null,
    amountMinor: gift.amount_minor,
    currency: gift.currency,
    fxRate: rate.fxRate,
    shift: rate.shift,
    paymentMethod: gift.payment_method,
    comment: gift.reference ? `Imported, reference ${gift.reference}` : '',
    email: gift.email,
    firstName: gift.first_name,
    lastName: gift.last_name,
    occurredAt,
  };
}

/**
 * Writes a batch and its outcome with the cursor, in one transaction; false when another run of
 * the import committed past this run's cursor meanwhile (this run then carries on from there).
 */
async function commit(
  db: Db,
  ctx: RunContext,
  through: number,
  rows: { gifts: ImportedGift[]; failures: ImportFailure[]; processed: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await lockCursor(tx, ctx.found.id);
    if (!current || current.status === 'finished' || current.status === 'failed') {
      throw new Error('the import is no longer running');
    }
    if (current.recordedThrough !== ctx.found.recordedThrough) {
      ctx.found.recordedThrough = current.recordedThrough;
      return false;
    }
    // The closed days these gifts fall in are re-summed once, when the run ends (import-closed-days.ts).
    await deferClosedDays(tx);
    // So are the donors' totals and year rows (import-donor-giving.ts).
    await deferDonorGiving(tx);
    await recordImportedGifts(tx, {
      npoId: ctx.found.npoId,
      provider: IMPORT_PROVIDER,
      baseCurrency: ctx.baseCurrency,
      createdByUserId: ctx.found.createdByUserId,
      gifts: rows.gifts,
    });
    const running = await commitBatch(tx, ctx.found.id, {
      through,
      processed: rows.processed,
      imported: rows.gifts.length,
      failures: rows.failures,
    });
    if (!running) throw new Error('the import is no longer running');
    return true;
  });
}

/**
 * Records one page of rows. A row recording would refuse (no exchange rate, campaign gone) fails
 * alone; a row the code cannot handle stops the run there, after the rows before it are committed,
 * as does a row the database refuses (found by recording the batch one row at a time).
 */
async function recordPage(db: Db, ctx: RunContext, page: ImportGift[]): Promise<void> {
  const gifts: ImportedGift[] = [];
  const failures: ImportFailure[] = [];
  let through = ctx.found.recordedThrough;
  for (const gift of page) {
    try {
      gifts.push(toImported(ctx, gift));
    } catch (error) {
      if (!(error instanceof AppError)) {
        const mine = await commit(db, ctx, through, { gifts, failures, processed: gifts.length + failures.length });
        if (!mine) return;
        throw new ImportStoppedError(gift.row, error);
      }
      failures.push({ row: gift.row, reason: error.message });
    }
    through = gift.row;
  }
  try {
    if (await commit(db, ctx, through, { gifts, failures, processed: page.length })) {
      ctx.found.recordedThrough = through;
    }
  } catch (error) {
    if (!cannotSucceedOnRetry(error) || page.length === 1) throw wrapStop(page, error);
    // Which row the database refuses: the rows before it are recorded, the run stops at it.
    for (const gift of page) {
      if (gift.row > ctx.found.recordedThrough) await recordPage(db, ctx, [gift]);
    }
  }
}

const wrapStop = (page: ImportGift[], error: unknown) =>
  page.length === 1 && cannotSucceedOnRetry(error) && page[0] ? new ImportStoppedError(page[0].row, error) : error;

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
  // The next page is read while this one is recorded (decision 102, "Recording speed"); it is read
  // again when the cursor did not end where this page ends (another run committed meanwhile).
  const pageAfter = (through: number) => {
    const read = giftPage(db, found.id, through, BATCH_ROWS);
    read.catch(() => {});
    return { through, read };
  };
  let next = pageAfter(found.recordedThrough);
  for (let batch = 1; ; batch += 1) {
    if (next.through !== found.recordedThrough) next = pageAfter(found.recordedThrough);
    const page = await next.read;
    const last = page.at(-1);
    if (!last) break;
    next = pageAfter(last.row);
    await recordPage(db, ctx, page);
    // Statistics after batches 1, 4, 16, 64…: later batches are planned for the tables as they grew.
    if (Math.log2(batch) % 2 === 0) await analyzeImportTables(db);
  }
  await analyzeImportTables(db);
  await db.transaction(async (tx) => {
    const counts = await markFinished(tx, found.id);
    if (!counts) return;
    await refreshImportDonors(tx, found.id);
    await refreshImportDays(tx, found.npoId, found.id);
    const { importedCount: imported, failedCount: failed } = counts;
    const text = notificationTexts['import.finished']({ what: 'donations', imported, failed, locale: ctx.locale });
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
