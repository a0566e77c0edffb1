import { Readable } from 'node:stream';
import { IMPORT_MAX_BYTES, type TImportSummary, type TImportUploadResponse } from '@kindling/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { checkContext, checkStoredImport, type ImportChecker } from './import-check.ts';
import { checkImportStream, NUL_MESSAGE } from './import-file.ts';
import { storedFile, storeUpload } from './import-upload.ts';
import type { ImportStarter } from './imports.jobs.ts';
import {
  deleteImport,
  failurePage,
  findImportSummary,
  importExists,
  insertImport,
  markQueued,
  markRequeued,
  setFileBytes,
} from './imports.repository.ts';
import type { ImportFailure } from './imports.tables.ts';

export const IMPORT_NOT_FOUND = 'No such import.';

/** The donations import's limits (docs/product/imports.md#the-file). */
export type ImportLimits = { maxRows: number; maxBytes: number };

export const tooLargeMessage = (maxBytes: number) =>
  `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB; split it into smaller files.`;

/** The contacts import's size refusal (it keeps the 5 MB limit). */
export const TOO_LARGE = tooLargeMessage(IMPORT_MAX_BYTES);

/**
 * Up to this size the whole file is checked before the upload answers (its counts come with the
 * preview, about 20,000 rows at most); a larger one answers with the preview of its first rows at
 * once and is checked by a job, its progress on the page (docs/decisions/102-streaming-donation-import.md).
 */
export const CHECK_IN_REQUEST_BYTES = 1024 * 1024;

export type UploadDeps = { limits: ImportLimits; check?: ImportChecker };

/**
 * Streams the file into the database (never whole in memory), previews its first rows with their
 * errors, and checks the rest here (a small file) or in a job (a large one). A file refused whole
 * (too large, NUL bytes, missing columns…) leaves nothing behind.
 */
export async function uploadImport(
  db: Db,
  actor: OrganisationSession,
  request: FastifyRequest,
  deps: UploadDeps,
): Promise<TImportUploadResponse> {
  const npoId = actor.selectedNpoId;
  const { maxBytes, maxRows } = deps.limits;
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file) throw new AppError('VALIDATION_FAILED', 'Choose a CSV file to upload.', { file: 'Choose a CSV file.' });
  // The name is the browser's, kept as text: a NUL in it would not store.
  const fileName = file.filename.replaceAll('\u0000', '').slice(0, 200) || 'import.csv';
  const importId = await insertImport(db, { npoId, userId: actor.user.id, fileName });
  const ids = { npoId, importId };
  try {
    const stored = await storeUpload(db, ids, file.file);
    if (file.file.truncated) {
      throw Object.assign(new Error(tooLargeMessage(maxBytes)), { statusCode: 413, code: 'FILE_TOO_LARGE' });
    }
    if (stored.nul) throw new AppError('VALIDATION_FAILED', NUL_MESSAGE, { file: NUL_MESSAGE });
    await setFileBytes(db, importId, stored.bytes);
    let preview: TImportUploadResponse['preview'];
    if (stored.bytes <= CHECK_IN_REQUEST_BYTES || !deps.check) {
      preview = (await checkStoredImport(db, ids, maxRows, stored.bytes)).preview;
    } else {
      const context = await checkContext(db, npoId);
      preview = (await checkImportStream(storedFile(db, ids), { ...context, maxRows, headOnly: true })).preview;
      await deps.check(ids);
    }
    const summary = await findImportSummary(db, npoId, importId);
    if (!summary) throw new Error('import vanished after insert');
    return { import: summary, preview };
  } catch (error) {
    await deleteImport(db, importId);
    throw error;
  }
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
  // The answer is the import as queued: once the job is sent, a worker may already be running it.
  const queued = await db.transaction(async (tx) => {
    if (!(await how.mark(tx, npoId, id))) return null;
    await recordAudit(tx, {
      npoId,
      actorUserId: actor.user.id,
      action: how.action,
      targetType: 'donation_import',
      targetId: id,
      data: how.data,
      ip,
    });
    return findImportSummary(tx, npoId, id);
  });
  if (!queued) return (await findImportSummary(db, npoId, id)) ?? summary;
  await start({ npoId, importId: id }, how.run);
  return queued;
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
  if (summary.status === 'checking') {
    throw new AppError('CONFLICT', 'The file is still being checked; confirm the import once the check has finished.');
  }
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

/**
 * The rows that could not be imported and why, as a CSV staff can correct and upload again: read a
 * page at a time, so a file with a million refused rows streams out without being held.
 */
export async function failuresCsv(db: Db, npoId: number, id: number): Promise<Readable> {
  if (!(await importExists(db, npoId, id))) throw new AppError('NOT_FOUND', IMPORT_NOT_FOUND);
  async function* pages() {
    yield 'row,reason\n';
    for (let after = 0; ; ) {
      const page = await failurePage(db, id, after, 5000);
      if (page.length === 0) return;
      yield stringify(page.map((f) => [f.row, f.reason]));
      after = page[page.length - 1]?.row ?? after;
    }
  }
  return Readable.from(pages());
}

/** An import's refused rows as the CSV both imports offer: the row's line in the file and why. */
export function failureRowsCsv(failures: ImportFailure[]): string {
  return stringify(
    failures.map((f) => [f.row, f.reason]),
    { header: true, columns: ['row', 'reason'] },
  );
}
