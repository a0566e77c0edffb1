// The contacts import runs as a durable job, like the donations import (imports.jobs.ts). A crash
// or a retry runs it again from the start: every row is matched by e-mail, so the contacts the
// first run created are found and updated (or skipped), never created twice.
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { recordAudit } from '../audit/index.ts';
import { importContactRow } from '../contacts/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { findNpo } from '../organisations/index.ts';
import {
  type ContactImportCounts,
  findContactImport,
  markContactImportFailed,
  markContactImportFinished,
  markContactImportProgress,
} from './contact-imports.repository.ts';
import { cannotSucceedOnRetry } from './import-failure.ts';

export type ContactImportJob = { npoId: number; importId: number };
export type ContactImportStarter = (job: ContactImportJob) => Promise<void>;

export const contactImportGaveUpQueue = defineQueue<ContactImportJob>('contacts.import.gave_up', { retryLimit: 8 });
export const contactImportQueue = defineQueue<ContactImportJob>('contacts.import', {
  deadLetter: contactImportGaveUpQueue.name,
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 1800,
});

const PROGRESS_EVERY = 50;
const GAVE_UP =
  'The import stopped before the end. The contacts written before it stopped are kept; import the same file again to finish: rows already imported are matched by e-mail, not created twice.';

async function finish(
  db: Db,
  found: { id: number; npoId: number; createdByUserId: number | null },
  c: ContactImportCounts,
) {
  const npo = await findNpo(db, found.npoId);
  const written = c.createdCount + c.updatedCount;
  await db.transaction(async (tx) => {
    if (!(await markContactImportFinished(tx, found.id, c))) return;
    const text = notificationTexts['import.finished']({
      what: { one: 'contact', other: 'contacts' },
      imported: written,
      failed: c.failures.length,
      locale: npo?.locale ?? 'en-US',
    });
    await notifyOrganisation(tx, {
      npoId: found.npoId,
      kind: 'import.finished',
      ...text,
      link: `/dashboard/crm/contacts/import?import=${found.id}`,
      data: { contact_import_id: found.id, imported: written, failed: c.failures.length },
    });
    await recordAudit(tx, {
      npoId: found.npoId,
      actorUserId: found.createdByUserId,
      action: 'contact_import.finished',
      targetType: 'contact_import',
      targetId: found.id,
      data: { created: c.createdCount, updated: c.updatedCount, skipped: c.skippedCount, failed: c.failures.length },
      ip: null,
    });
  });
}

/** Writes every checked row, then stamps the counts and tells the staff, once. */
export async function runContactImport(
  db: Db,
  job: ContactImportJob,
): Promise<'finished' | 'done-before' | 'not-found'> {
  const found = await findContactImport(db, job.npoId, job.importId);
  if (!found) return 'not-found';
  if (found.status === 'finished' || found.status === 'failed') return 'done-before';
  const counts: ContactImportCounts = {
    processedRows: 0,
    createdCount: 0,
    updatedCount: 0,
    skippedCount: 0,
    failures: [...found.failures],
  };
  await markContactImportProgress(db, found.id, 0);
  for (const { row, ...contact } of found.contacts) {
    try {
      const outcome = await importContactRow(db, found.npoId, contact, found.onMatch);
      if (outcome === 'created') counts.createdCount += 1;
      else if (outcome === 'updated') counts.updatedCount += 1;
      else counts.skippedCount += 1;
    } catch (error) {
      // A row the rules refuse fails alone; anything else (the database gone) fails the run, retried.
      if (!(error instanceof AppError)) throw error;
      counts.failures.push({ row, reason: error.message });
    }
    counts.processedRows += 1;
    if (counts.processedRows % PROGRESS_EVERY === 0)
      await markContactImportProgress(db, found.id, counts.processedRows);
  }
  counts.failures.sort((a, b) => a.row - b.row);
  await finish(db, found, counts);
  return 'finished';
}

export async function runContactImportJob(db: Db, job: ContactImportJob): Promise<void> {
  try {
    await runContactImport(db, job);
  } catch (error) {
    if (!cannotSucceedOnRetry(error)) throw error;
    await markContactImportFailed(db, job.importId, GAVE_UP);
  }
}

/** Registers the worker; the returned function enqueues the import's one run. */
export function registerContactImports(jobs: Jobs, deps: { db: Db }): ContactImportStarter {
  jobs.register(contactImportGaveUpQueue, async (data) => {
    await markContactImportFailed(deps.db, data.importId, GAVE_UP);
  });
  jobs.register(contactImportQueue, async (data) => {
    await runContactImportJob(deps.db, data);
  });
  return async (job) => {
    await jobs.send(contactImportQueue, job, { key: `contact-import-${job.importId}` });
  };
}
