import { IMPORT_MAX_BYTES, type TImportSummary, type TImportUploadResponse } from '@kindling/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { formatFor } from '../../platform/format/format.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { findNpo } from '../organisations/index.ts';
import { checkImportFile } from './import-file.ts';
import type { ImportStarter } from './imports.jobs.ts';
import {
  campaignIdsByUrl,
  findFailures,
  findImportSummary,
  insertImport,
  markQueued,
  markRequeued,
} from './imports.repository.ts';
import type { ImportFailure } from './imports.tables.ts';

export const IMPORT_NOT_FOUND = 'No such import.';
export const TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB; split it into smaller files.`;

async function readCsvUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  if (!file) throw new AppError('VALIDATION_FAILED', 'Choose a CSV file to upload.', { file: 'Choose a CSV file.' });
  try {
    const bytes = await file.toBuffer();
    // The name is the browser's, kept as text: a NUL in it would not store.
    return { bytes, fileName: file.filename.replaceAll('\u0000', '').slice(0, 200) || 'import.csv' };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw Object.assign(new Error(TOO_LARGE), { statusCode: 413, code: 'FILE_TOO_LARGE' });
    }
    throw error;
  }
}

/** Reads and checks the file, keeps it as a previewed import, and answers the first rows with their errors. */
export async function uploadImport(
  db: Db,
  actor: OrganisationSession,
  request: FastifyRequest,
): Promise<TImportUploadResponse> {
  const npoId = actor.selectedNpoId;
  const { bytes, fileName } = await readCsvUpload(request);
  const [byUrl, npo] = await Promise.all([campaignIdsByUrl(db, npoId), findNpo(db, npoId)]);
  const checked = checkImportFile(bytes, byUrl, formatFor({ locale: npo?.locale ?? 'en-US', timeZone: 'UTC' }));
  const id = await insertImport(db, {
    npoId,
    userId: actor.user.id,
    fileName,
    totalRows: checked.totalRows,
    gifts: checked.gifts,
    failures: checked.failures,
  });
  const summary = await findImportSummary(db, npoId, id);
  if (!summary) throw new Error('import vanished after insert');
  return { import: summary, preview: checked.preview };
}

/**
 * Moves an import to queued with `mark` (false when its state does not allow it: a repeated request)
 * and audits it in the same transaction, then starts its job; answers the import as it is now.
 */
async function queueRun(
  db: Db,
  start: ImportStarter,
  actor: OrganisationSession,
  summary: TImportSummary,
  ip: string | null,
  how: {
    mark: (tx: Tx, npoId: number, id: number) => Promise<boolean>;
    action: 'import.started' | 'import.retried';
    data: Record<string, unknown>;
    run?: string;
  },
): Promise<TImportSummary> {
  const npoId = actor.selectedNpoId;
  const id = summary.id;
  const queued = await db.transaction(async (tx) => {
    if (!(await how.mark(tx, npoId, id))) return false;
    await recordAudit(tx, {
      npoId,
      actorUserId: actor.user.id,
      action: how.action,
      targetType: 'donation_import',
      targetId: id,
      data: how.data,
      ip,
    });
    return true;
  });
  if (queued) await start({ npoId, importId: id }, how.run);
  return (await findImportSummary(db, npoId, id)) ?? summary;
}

/** Staff confirmed the preview: the job is enqueued once (a second confirm changes nothing). */
export async function startImport(
  db: Db,
  start: ImportStarter,
  actor: OrganisationSession,
  id: number,
  ip: string | null,
): Promise<TImportSummary> {
  const npoId = actor.selectedNpoId;
  const summary = await findImportSummary(db, npoId, id);
  if (!summary) throw new AppError('NOT_FOUND', IMPORT_NOT_FOUND);
  if (summary.valid_rows === 0) {
    throw new AppError('VALIDATION_FAILED', 'No row of this file can be imported; correct it and upload it again.');
  }
  return queueRun(db, start, actor, summary, ip, {
    mark: markQueued,
    action: 'import.started',
    data: { file_name: summary.file_name, rows: summary.valid_rows },
  });
}

/**
 * Staff run a failed import again: the rows recorded before it stopped are found recorded (each
 * row's reference is unique) and count once; the others are recorded now. A second request while
 * it runs changes nothing.
 */
export async function retryImport(
  db: Db,
  start: ImportStarter,
  actor: OrganisationSession,
  id: number,
  ip: string | null,
): Promise<TImportSummary> {
  const npoId = actor.selectedNpoId;
  const summary = await findImportSummary(db, npoId, id);
  if (!summary) throw new AppError('NOT_FOUND', IMPORT_NOT_FOUND);
  return queueRun(db, start, actor, summary, ip, {
    mark: markRequeued,
    action: 'import.retried',
    data: { file_name: summary.file_name, imported_before: summary.imported_count },
    // The failure's time names this run: each failure can be run again once.
    run: `again-${Date.parse(summary.finished_at ?? '') || 0}`,
  });
}

export async function getImport(db: Db, npoId: number, id: number): Promise<TImportSummary> {
  const summary = await findImportSummary(db, npoId, id);
  if (!summary) throw new AppError('NOT_FOUND', IMPORT_NOT_FOUND);
  return summary;
}

/** The rows that could not be imported and why, as a CSV staff can correct and upload again. */
export async function failuresCsv(db: Db, npoId: number, id: number): Promise<string> {
  const failures = await findFailures(db, npoId, id);
  if (!failures) throw new AppError('NOT_FOUND', IMPORT_NOT_FOUND);
  return failureRowsCsv(failures);
}

/** An import's refused rows as the CSV both imports offer: the row's line in the file and why. */
export function failureRowsCsv(failures: ImportFailure[]): string {
  return stringify(
    failures.map((f) => [f.row, f.reason]),
    { header: true, columns: ['row', 'reason'] },
  );
}
