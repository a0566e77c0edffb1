// The import runs as a durable job: a crash or a retry runs it again from the start, and every row
// is recorded under the reference import-<id>-<row>, so a second run finds the gifts it already
// recorded (recordSucceededPayment answers created: false) and nothing counts twice.
import type { Db } from '../../platform/db/client.ts';
import { middayIn } from '../../platform/format/calendar.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { recordAudit } from '../audit/index.ts';
import { recordSucceededPayment } from '../donations/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { findNpo } from '../organisations/index.ts';
import { cannotSucceedOnRetry, failImport, ImportStoppedError } from './import-failure.ts';
import { IMPORT_PROVIDER, importReference } from './import-reference.ts';
import { findImportForRun, markFinished, markProgress } from './imports.repository.ts';
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
  // 20,000 rows at a few milliseconds each.
  expireInSeconds: 1800,
});

const PROGRESS_EVERY = 50;

async function recordGift(
  db: Db,
  found: { npoId: number; id: number; createdByUserId: number | null },
  gift: ImportGift,
  zone: string,
): Promise<void> {
  const { npoId, id: importId } = found;
  await recordSucceededPayment(db, {
    npoId,
    campaignId: gift.campaign_id,
    provider: IMPORT_PROVIDER,
    providerReference: importReference(importId, gift.row),
    amountMinor: gift.amount_minor,
    currency: gift.currency,
    paymentMethod: gift.payment_method,
    donor: { email: gift.email, firstName: gift.first_name, lastName: gift.last_name },
    comment: gift.reference ? `Imported, reference ${gift.reference}` : undefined,
    // Noon of that day in the organisation's zone: the day its lists and exports show (decision 027).
    occurredAt: middayIn(gift.date, zone),
    // Who uploaded the file entered these gifts.
    createdByUserId: found.createdByUserId,
  });
}

/** Records every checked row of the import, then stamps its counts and tells the staff, once. */
export async function runImport(
  db: Db,
  job: ImportJob,
): Promise<'finished' | 'already-finished' | 'already-failed' | 'not-found'> {
  const found = await findImportForRun(db, job.npoId, job.importId);
  if (!found) return 'not-found';
  if (found.status === 'finished') return 'already-finished';
  if (found.status === 'failed') return 'already-failed';
  const failures: ImportFailure[] = [...found.failures];
  let imported = 0;
  let processed = 0;
  await markProgress(db, found.id, 0);
  const npo = await findNpo(db, found.npoId);
  const zone = npo?.timeZone ?? 'UTC';
  for (const gift of found.gifts) {
    try {
      await recordGift(db, found, gift, zone);
      imported += 1;
    } catch (error) {
      // A row the database refuses (no exchange rate for its currency…) fails alone; anything
      // else (the database gone) fails the job, which is retried.
      if (!(error instanceof AppError)) throw new ImportStoppedError(gift.row, error);
      failures.push({ row: gift.row, reason: error.message });
    }
    processed += 1;
    if (processed % PROGRESS_EVERY === 0) await markProgress(db, found.id, processed);
  }
  failures.sort((a, b) => a.row - b.row);
  await db.transaction(async (tx) => {
    const first = await markFinished(tx, found.id, { processedRows: processed, importedCount: imported, failures });
    if (!first) return;
    const text = notificationTexts['import.finished']({
      what: 'donations',
      imported,
      failed: failures.length,
      locale: npo?.locale ?? 'en-US',
    });
    await notifyOrganisation(tx, {
      npoId: found.npoId,
      kind: 'import.finished',
      ...text,
      data: { import_id: found.id, imported, failed: failures.length },
    });
    await recordAudit(tx, {
      npoId: found.npoId,
      actorUserId: found.createdByUserId,
      action: 'import.finished',
      targetType: 'donation_import',
      targetId: found.id,
      data: { imported, failed: failures.length },
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
  jobs.register(importQueue, async (data) => {
    await runImportJob(deps.db, data);
  });
  return async (job, run) => {
    // One job per key, ever: a run again needs a key of its own.
    await jobs.send(importQueue, job, { key: run ? `import-${job.importId}-${run}` : `import-${job.importId}` });
  };
}
