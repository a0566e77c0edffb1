import {
  CONTACT_IMPORT_MESSAGES,
  IMPORT_MAX_BYTES,
  type TContactImportResponse,
  type TContactImportSummary,
  type ZContactImportMapping,
} from '@kindling/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { formatFor } from '../../platform/format/format.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { existingContactEmails } from '../contacts/index.ts';
import { findNpo } from '../organisations/index.ts';
import { checkContactRows, readContactFile, suggestMapping } from './contact-import-file.ts';
import type { ContactImportStarter } from './contact-imports.jobs.ts';
import {
  findContactImport,
  insertContactImport,
  markContactImportQueued,
  savePlan,
  toContactImportSummary,
} from './contact-imports.repository.ts';
import { failureRowsCsv, TOO_LARGE } from './imports.service.ts';

const notFound = () => new AppError('NOT_FOUND', CONTACT_IMPORT_MESSAGES.notFound);

/** Reads the upload as it streams in and keeps its cells; answers the columns and a first mapping. */
export async function uploadContactImport(
  db: Db,
  actor: OrganisationSession,
  request: FastifyRequest,
): Promise<TContactImportResponse> {
  const npoId = actor.selectedNpoId;
  const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  if (!file) throw new AppError('VALIDATION_FAILED', 'Choose a CSV file to upload.', { file: 'Choose a CSV file.' });
  const npo = await findNpo(db, npoId);
  const tooLarge = () => Object.assign(new Error(TOO_LARGE), { statusCode: 413, code: 'FILE_TOO_LARGE' });
  // A file over the limit arrives cut short: whatever the cut made of its last row, the size is the reason.
  const read = await readContactFile(file.file, formatFor({ locale: npo?.locale ?? 'en-US', timeZone: 'UTC' })).catch(
    (error: unknown) => {
      throw file.file.truncated ? tooLarge() : error;
    },
  );
  if (file.file.truncated) throw tooLarge();
  const fileName = file.filename.replaceAll('\u0000', '').slice(0, 200) || 'contacts.csv';
  const saved = await insertContactImport(db, { npoId, userId: actor.user.id, fileName, ...read });
  return { import: toContactImportSummary(saved), suggested_mapping: suggestMapping(read.columns) };
}

/** Checks every row with staff's mapping and says what each would do; can be redone until it starts. */
export async function planContactImport(
  db: Db,
  actor: OrganisationSession,
  id: number,
  input: z.output<typeof ZContactImportMapping>,
): Promise<TContactImportResponse> {
  const npoId = actor.selectedNpoId;
  const found = await findContactImport(db, npoId, id);
  if (!found) throw notFound();
  const unknown = Object.entries(input.mapping).filter(([, column]) => column && !found.columns.includes(column));
  if (unknown.length > 0) {
    const errors = Object.fromEntries(
      unknown.map(([field, column]) => [`mapping.${field}`, `The file has no column “${column}”.`]),
    );
    throw new AppError('VALIDATION_FAILED', Object.values(errors)[0] ?? '', errors);
  }
  const mapping = Object.fromEntries(Object.entries(input.mapping).filter((e): e is [string, string] => Boolean(e[1])));
  const checked = checkContactRows({ columns: found.columns, cells: found.cells }, mapping);
  const onMatch = input.on_match;
  if (!(await savePlan(db, npoId, id, { mapping, onMatch, contacts: checked.contacts, failures: checked.failures }))) {
    throw new AppError('CONFLICT', CONTACT_IMPORT_MESSAGES.started);
  }
  const existing = await existingContactEmails(
    db,
    npoId,
    checked.contacts.map((c) => c.email),
  );
  const matched = checked.contacts.filter((c) => existing.has(c.email)).length;
  const matchAction = onMatch === 'skip' ? ('skip' as const) : ('update' as const);
  const actionOf = (email: string | undefined) =>
    email === undefined ? null : existing.has(email) ? matchAction : ('create' as const);
  const byRow = new Map(checked.contacts.map((c) => [c.row, c.email]));
  const saved = await findContactImport(db, npoId, id);
  if (!saved) throw notFound();
  return {
    import: toContactImportSummary(saved),
    preview: checked.preview.map((p) => ({ ...p, action: actionOf(byRow.get(p.row)) })),
    planned: {
      create: checked.contacts.length - matched,
      update: onMatch === 'update' ? matched : 0,
      skip: onMatch === 'skip' ? matched : 0,
    },
  };
}

/** Staff confirmed the preview: the job is enqueued once (a second confirm changes nothing). */
export async function startContactImport(
  db: Db,
  start: ContactImportStarter,
  actor: OrganisationSession,
  id: number,
  ip: string | null,
): Promise<TContactImportSummary> {
  const npoId = actor.selectedNpoId;
  const found = await findContactImport(db, npoId, id);
  if (!found) throw notFound();
  if (found.status === 'uploaded') throw new AppError('VALIDATION_FAILED', CONTACT_IMPORT_MESSAGES.noEmailColumn);
  if (found.status === 'previewed' && found.contacts.length === 0) {
    throw new AppError('VALIDATION_FAILED', CONTACT_IMPORT_MESSAGES.nothing);
  }
  const queued = await db.transaction(async (tx) => {
    if (!(await markContactImportQueued(tx, npoId, id))) return false;
    await recordAudit(tx, {
      npoId,
      actorUserId: actor.user.id,
      action: 'contact_import.started',
      targetType: 'contact_import',
      targetId: id,
      data: { file_name: found.fileName, rows: found.contacts.length, on_match: found.onMatch },
      ip,
    });
    return true;
  });
  if (queued) await start({ npoId, importId: id });
  return toContactImportSummary((await findContactImport(db, npoId, id)) ?? found);
}

export async function getContactImport(db: Db, npoId: number, id: number): Promise<TContactImportSummary> {
  const found = await findContactImport(db, npoId, id);
  if (!found) throw notFound();
  return toContactImportSummary(found);
}

export async function contactImportFailuresCsv(db: Db, npoId: number, id: number): Promise<string> {
  const found = await findContactImport(db, npoId, id);
  if (!found) throw notFound();
  return failureRowsCsv(found.failures);
}
