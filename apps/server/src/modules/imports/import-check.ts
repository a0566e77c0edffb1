// Checking a stored upload whole: its rows are staged a batch at a time with the check's progress
// (docs/decisions/102-streaming-donation-import.md). A small file is checked while staff wait for
// the preview; a larger one by this job, after the preview of its first rows.
import type { Db } from '../../platform/db/client.ts';
import { formatFor } from '../../platform/format/format.ts';
import { withSoonerCollection } from '../../platform/garbage-collection.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { findNpo } from '../organisations/index.ts';
import { checkInWorker } from './import-check-thread.ts';
import { type CheckOptions, type CheckOutcome, checkImportStream, stagedColumns } from './import-file.ts';
import { storedFile } from './import-upload.ts';
import {
  campaignIdsByUrl,
  clearStagedRows,
  findImportForRun,
  markChecked,
  markRefused,
  stageRows,
} from './imports.repository.ts';

type Ids = { npoId: number; importId: number };

/** Enqueues the check of a stored upload. */
export type ImportChecker = (job: Ids) => Promise<void>;

type Context = Pick<CheckOptions, 'campaignIdByUrl' | 'format'> & { locale: string };

/** Read the checked rows against (campaign addresses, counts written as the organisation writes them). */
export async function checkContext(db: Db, npoId: number): Promise<Context> {
  const [campaignIdByUrl, npo] = await Promise.all([campaignIdsByUrl(db, npoId), findNpo(db, npoId)]);
  const locale = npo?.locale ?? 'en-US';
  return { campaignIdByUrl, format: formatFor({ locale, timeZone: 'UTC' }), locale };
}

/**
 * Checks the stored file whole and stages its rows; the import becomes previewed with its counts.
 * `where`: 'here' while staff wait for a small file's preview; 'worker' for the check job, which
 * parses and checks on a worker thread while this one stages (decision 102, "The check on its own thread").
 */
export async function checkStoredImport(
  db: Db,
  ids: Ids,
  maxRows: number,
  fileBytes: number,
  where: 'here' | 'worker' = 'here',
): Promise<CheckOutcome> {
  const context = await checkContext(db, ids.npoId);
  // A run that died half-way left some rows: this run stages them all again.
  await clearStagedRows(db, ids.importId);
  const outcome =
    where === 'worker'
      ? await checkInWorker(db, ids, {
          campaignIdByUrl: [...context.campaignIdByUrl],
          locale: context.locale,
          maxRows,
        })
      : await checkImportStream(storedFile(db, ids), {
          ...context,
          maxRows,
          onBatch: (rows, progress) => stageRows(db, ids, stagedColumns(rows), progress),
        });
  await markChecked(db, ids.importId, { ...outcome, bytes: fileBytes });
  return outcome;
}

/** The check job: a file the check refuses whole (too many rows, not a CSV) is marked refused with why. */
export async function runImportCheck(db: Db, job: Ids, maxRows: number): Promise<void> {
  const found = await findImportForRun(db, job.npoId, job.importId);
  if (found?.status !== 'checking') return;
  try {
    await checkStoredImport(db, job, maxRows, found.fileBytes, 'worker');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await markRefused(db, job.importId, error.message);
  }
}

const importCheckGaveUpQueue = defineQueue<Ids>('donations.import.check.gave_up', { retryLimit: 8 });
const importCheckQueue = defineQueue<Ids>('donations.import.check', {
  deadLetter: importCheckGaveUpQueue.name,
  retryLimit: 3,
  retryDelaySeconds: 10,
  // A million rows are read and staged in well under this, even on a busy machine.
  expireInSeconds: 3600,
});

/** Registers the check's worker; the returned function enqueues the check of one upload, once. */
export function registerImportChecks(jobs: Jobs, deps: { db: Db; maxRows: number }): ImportChecker {
  jobs.register(importCheckGaveUpQueue, async (data) => {
    await markRefused(deps.db, data.importId, 'The file could not be checked: upload it again.');
  });
  // The check's rows are garbage soon after: collected sooner while it runs (decision 106).
  jobs.register(importCheckQueue, async (data) => {
    await withSoonerCollection(() => runImportCheck(deps.db, data, deps.maxRows));
  });
  return async (job) => {
    await jobs.send(importCheckQueue, job, { key: `import-check-${job.importId}` });
  };
}
