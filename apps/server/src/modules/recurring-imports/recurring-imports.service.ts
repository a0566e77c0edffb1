import {
  IMPORT_MAX_BYTES,
  type TRecurringImportSummary,
  type TRecurringImportUploadResponse,
} from '@kindling/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { wallTimeIn } from '../../platform/format/calendar.ts';
import { formatFor } from '../../platform/format/format.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { campaignIdsByUrl, failureRowsCsv, TOO_LARGE } from '../imports/index.ts';
import { findNpo } from '../organisations/index.ts';
import { readRecurringImportFile } from './recurring-import-file.ts';
import type { RecurringImportStarter } from './recurring-imports.jobs.ts';
import {
  findImportedPlans,
  findRecurringImport,
  findRecurringImportSummary,
  insertRecurringImport,
  markRecurringImportQueued,
} from './recurring-imports.repository.ts';

export const RECURRING_IMPORT_NOT_FOUND = 'No such recurring import.';
const notFound = () => new AppError('NOT_FOUND', RECURRING_IMPORT_NOT_FOUND);

/** Reads the upload as it streams in, checks its rows, keeps it previewed; answers the first rows. */
export async function uploadRecurringImport(
  db: Db,
  actor: OrganisationSession,
  request: FastifyRequest,
  now = new Date(),
): Promise<TRecurringImportUploadResponse> {
  const npoId = actor.selectedNpoId;
  const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  if (!file) throw new AppError('VALIDATION_FAILED', 'Choose a CSV file to upload.', { file: 'Choose a CSV file.' });
  const [byUrl, npo] = await Promise.all([campaignIdsByUrl(db, npoId), findNpo(db, npoId)]);
  const format = formatFor({ locale: npo?.locale ?? 'en-US', timeZone: 'UTC' });
  const today = wallTimeIn(now, npo?.timeZone ?? 'UTC').day;
  const tooLarge = () => Object.assign(new Error(TOO_LARGE), { statusCode: 413, code: 'FILE_TOO_LARGE' });
  // A file over the limit arrives cut short: whatever the cut made of its last row, the size is the reason.
  const checked = await readRecurringImportFile(file.file, byUrl, format, today).catch((error: unknown) => {
    throw file.file.truncated ? tooLarge() : error;
  });
  if (file.file.truncated) throw tooLarge();
  const id = await insertRecurringImport(db, {
    npoId,
    userId: actor.user.id,
    fileName: file.filename.replaceAll('\u0000', '').slice(0, 200) || 'recurring-plans.csv',
    totalRows: checked.totalRows,
    rows: checked.rows,
    failures: checked.failures,
  });
  const summary = await findRecurringImportSummary(db, npoId, id);
  if (!summary) throw new Error('recurring import vanished after insert');
  return { import: summary, preview: checked.preview };
}

/** Staff confirmed the preview: the job is enqueued once (a second confirm changes nothing). */
export async function startRecurringImport(
  db: Db,
  start: RecurringImportStarter,
  actor: OrganisationSession,
  id: number,
  ip: string | null,
): Promise<TRecurringImportSummary> {
  const npoId = actor.selectedNpoId;
  const summary = await findRecurringImportSummary(db, npoId, id);
  if (!summary) throw notFound();
  if (summary.valid_rows === 0) {
    throw new AppError('VALIDATION_FAILED', 'No row of this file can be imported; correct it and upload it again.');
  }
  const queued = await db.transaction(async (tx) => {
    if (!(await markRecurringImportQueued(tx, npoId, id))) return false;
    await recordAudit(tx, {
      npoId,
      actorUserId: actor.user.id,
      action: 'recurring_import.started',
      targetType: 'recurring_import',
      targetId: id,
      data: { file_name: summary.file_name, rows: summary.valid_rows },
      ip,
    });
    return true;
  });
  if (queued) await start({ npoId, importId: id });
  return (await findRecurringImportSummary(db, npoId, id)) ?? summary;
}

export async function getRecurringImport(db: Db, npoId: number, id: number): Promise<TRecurringImportSummary> {
  const summary = await findRecurringImportSummary(db, npoId, id);
  if (!summary) throw notFound();
  return summary;
}

/** The plans the import made, or found already made by an earlier import of the same rows. */
export async function recurringImportPlans(db: Db, npoId: number, id: number) {
  const found = await findRecurringImport(db, npoId, id);
  if (!found) throw notFound();
  return findImportedPlans(db, npoId, found.results);
}

/** The refused rows and why, as the same CSV the donations import offers. */
export async function recurringImportFailuresCsv(db: Db, npoId: number, id: number): Promise<string> {
  const found = await findRecurringImport(db, npoId, id);
  if (!found) throw notFound();
  return failureRowsCsv(found.failures);
}
