// An import whose job stops for good: an error no retry can cure, or the last retry's. The import is
// marked failed with a message staff can act on, staff are told (like a finished import), and the
// gifts recorded before it stopped stay recorded and counted: each row's reference is unique, so
// recording the file again later cannot count one twice.
import type { Db } from '../../platform/db/client.ts';
import { formatFor } from '../../platform/format/format.ts';
import { recordAudit } from '../audit/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { findNpo } from '../organisations/index.ts';
import { resumImportRun } from './import-run-end.ts';
import { findImportForRun, lockCursor, markFailed } from './imports.repository.ts';

/** A row whose recording threw something other than a refusal of that row (AppError): the run stops there. */
export class ImportStoppedError extends Error {
  constructor(
    readonly row: number,
    override readonly cause: unknown,
  ) {
    super(`import stopped at row ${row}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

const causes = (error: unknown): unknown[] => {
  const chain: unknown[] = [];
  for (let e = error; e != null && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
};

const sqlState = (error: unknown): string | null => {
  const code = causes(error)
    .map((e) => (e as { code?: unknown }).code)
    .find((c) => typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c));
  return typeof code === 'string' ? code : null;
};

/**
 * True when running the job again would replay the same row into the same error: PostgreSQL's
 * data exceptions (22…), integrity violations (23…) and statement errors (42…), and programming
 * errors (a TypeError or RangeError from data the code cannot handle). Lost connections,
 * deadlocks, serialization failures and timeouts are worth a retry.
 */
export function cannotSucceedOnRetry(error: unknown): boolean {
  const state = sqlState(error);
  if (state) return /^(22|23|42)/.test(state);
  return causes(error).some((e) => e instanceof TypeError || e instanceof RangeError);
}

/** The message staff read on the imports page, its count in the organisation's locale. */
export function failureMessageOf(error: unknown, permanent: boolean, recorded: number, locale = 'en-US'): string {
  const kept =
    recorded === 0
      ? 'No gift was recorded.'
      : `The ${formatFor({ locale, timeZone: 'UTC' }).count(recorded)} ${recorded === 1 ? 'gift' : 'gifts'} recorded before it stopped ${recorded === 1 ? 'is' : 'are'} kept and counted; the rows after it were not imported.`;
  if (!permanent) return `The import stopped: the server could not finish it after several attempts. ${kept}`;
  const row = error instanceof ImportStoppedError ? ` at row ${error.row}` : '';
  const why = sqlState(error)
    ? 'the database refused the row’s values'
    : 'the row holds values the import cannot record';
  return `The import stopped${row}: ${why}. ${kept} Correct that row and import the rows from it on in a new file.`;
}

/** Marks the import failed, once, and tells the staff; nothing recorded is undone. */
export async function failImport(
  db: Db,
  job: { npoId: number; importId: number },
  error: unknown,
  permanent: boolean,
): Promise<void> {
  const found = await findImportForRun(db, job.npoId, job.importId);
  if (!found) return;
  // Committed with each batch (imports.jobs.ts): exactly the gifts recorded before it stopped.
  const recorded = found.importedCount;
  const locale = (await findNpo(db, found.npoId))?.locale ?? 'en-US';
  const failureMessage = failureMessageOf(error, permanent, recorded, locale);
  if (found.status === 'finished' || found.status === 'failed') return;
  // The gifts recorded before it stopped count in their donors' totals and the closed days' sums
  // from now on: re-summed first, each in its own transaction (import-run-end.ts).
  await resumImportRun(db, found);
  // A run that outlived its job (expired, not stopped) may still commit a batch until the import
  // is marked failed: its gifts are then re-summed once more, after the mark.
  let moved = false;
  await db.transaction(async (tx) => {
    moved = (await lockCursor(tx, found.id))?.recordedThrough !== found.recordedThrough;
    if (!(await markFailed(tx, found.id, { failureMessage }))) {
      moved = false;
      return;
    }
    const text = notificationTexts['import.failed']({ fileName: found.fileName, imported: recorded, locale });
    await notifyOrganisation(tx, {
      npoId: found.npoId,
      kind: 'import.failed',
      ...text,
      data: { import_id: found.id, imported: recorded },
    });
    await recordAudit(tx, {
      npoId: found.npoId,
      actorUserId: found.createdByUserId,
      action: 'import.failed',
      targetType: 'donation_import',
      targetId: found.id,
      // The technical cause, for whoever looks into it; staff read failureMessage.
      data: {
        imported: recorded,
        permanent,
        error: error instanceof Error ? error.message.slice(0, 500) : String(error),
      },
      ip: null,
    });
  });
  if (moved) await resumImportRun(db, found);
}
