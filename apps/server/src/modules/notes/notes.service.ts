import type { TNote, TNoteInput } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import {
  deleteNote,
  findNote,
  insertNote,
  listNotes,
  mayDeleteNote,
  subjectBelongs,
  toNote,
} from './notes.repository.ts';
import type { NoteSubject } from './notes.tables.ts';

const NOT_FOUND: Record<NoteSubject, string> = {
  donation: 'No such donation.',
  donor: 'No such donor.',
  recurring_plan: 'No such recurring plan.',
};

const viewerOf = (actor: OrganisationSession) => ({ userId: actor.user.id, roleCode: actor.roleCode });

async function requireSubject(db: Db, npoId: number, subject: NoteSubject, id: number) {
  if (!(await subjectBelongs(db, npoId, subject, id))) throw new AppError('NOT_FOUND', NOT_FOUND[subject]);
}

export async function notesOf(db: Db, actor: OrganisationSession, subject: NoteSubject, id: number): Promise<TNote[]> {
  await requireSubject(db, actor.selectedNpoId, subject, id);
  const rows = await listNotes(db, actor.selectedNpoId, subject, id);
  return rows.map((row) => toNote(row, viewerOf(actor)));
}

export async function addNote(
  db: Db,
  actor: OrganisationSession,
  subject: NoteSubject,
  id: number,
  input: TNoteInput,
  ip: string | null,
): Promise<TNote> {
  const npoId = actor.selectedNpoId;
  await requireSubject(db, npoId, subject, id);
  const row = await db.transaction(async (tx) => {
    const created = await insertNote(tx, {
      npoId,
      subject,
      subjectId: id,
      authorUserId: actor.user.id,
      body: input.body,
    });
    await recordAudit(tx, {
      npoId,
      actorUserId: actor.user.id,
      action: 'note.created',
      targetType: subject,
      targetId: id,
      data: { note_id: created.id },
      ip,
    });
    return created;
  });
  return toNote(row, viewerOf(actor));
}

/**
 * The author deletes their note, an organisation admin anyone's (audited with whose it was);
 * anyone else gets 403, a note not of this record and organisation 404.
 */
export async function removeNote(
  db: Db,
  actor: OrganisationSession,
  subject: NoteSubject,
  id: number,
  noteId: number,
  ip: string | null,
): Promise<void> {
  const npoId = actor.selectedNpoId;
  await requireSubject(db, npoId, subject, id);
  const note = await findNote(db, npoId, subject, id, noteId);
  if (!note) throw new AppError('NOT_FOUND', 'No such note.');
  if (!mayDeleteNote(viewerOf(actor), note.authorUserId)) {
    throw new AppError('FORBIDDEN', 'You can delete only your own notes.');
  }
  await db.transaction(async (tx) => {
    await deleteNote(tx, noteId);
    await recordAudit(tx, {
      npoId,
      actorUserId: actor.user.id,
      action: 'note.deleted',
      targetType: subject,
      targetId: id,
      data: { note_id: noteId, author_user_id: note.authorUserId },
      ip,
    });
  });
}
