import { NOTE_MODERATOR_CODES, type TNote } from '@kindling/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { donations, recurringPlans } from '../donations/index.ts';
import { donors } from '../donors/index.ts';
import { users } from '../users/index.ts';
import { type NoteSubject, notes } from './notes.tables.ts';

const SUBJECT_TABLES = { donation: donations, donor: donors, recurring_plan: recurringPlans } as const;

/** True when the donation, donor or plan exists in this organisation (else the caller answers 404). */
export async function subjectBelongs(db: Tx, npoId: number, subject: NoteSubject, id: number): Promise<boolean> {
  const table = SUBJECT_TABLES[subject];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.npoId, npoId)))
    .limit(1);
  return rows.length > 0;
}

const noteColumns = {
  id: notes.id,
  body: notes.body,
  authorUserId: notes.authorUserId,
  authorName: sql<string>`coalesce(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  createdAt: notes.createdAt,
};

type NoteRow = { id: number; body: string; authorUserId: number; authorName: string; createdAt: Date };

export const toNote = (row: NoteRow, viewer: { userId: number; roleCode: number }): TNote => ({
  id: row.id,
  body: row.body,
  author_user_id: row.authorUserId,
  author_name: row.authorName || 'Former staff member',
  created_at: row.createdAt.toISOString(),
  mine: row.authorUserId === viewer.userId,
  deletable: mayDeleteNote(viewer, row.authorUserId),
});

/** The author deletes their own note; an organisation admin deletes any of the organisation's. */
export const mayDeleteNote = (viewer: { userId: number; roleCode: number }, authorUserId: number): boolean =>
  authorUserId === viewer.userId || (NOTE_MODERATOR_CODES as readonly number[]).includes(viewer.roleCode);

/** The notes on one subject, oldest first (read like a conversation). */
export async function listNotes(db: Db, npoId: number, subject: NoteSubject, subjectId: number): Promise<NoteRow[]> {
  return db
    .select(noteColumns)
    .from(notes)
    .leftJoin(users, eq(users.id, notes.authorUserId))
    .where(and(eq(notes.npoId, npoId), eq(notes.subjectType, subject), eq(notes.subjectId, subjectId)))
    .orderBy(asc(notes.createdAt), asc(notes.id));
}

export async function insertNote(
  tx: Tx,
  input: { npoId: number; subject: NoteSubject; subjectId: number; authorUserId: number; body: string },
): Promise<NoteRow> {
  const [row] = await tx
    .insert(notes)
    .values({
      npoId: input.npoId,
      subjectType: input.subject,
      subjectId: input.subjectId,
      authorUserId: input.authorUserId,
      body: input.body,
    })
    .returning({ id: notes.id });
  const [created] = await tx
    .select(noteColumns)
    .from(notes)
    .leftJoin(users, eq(users.id, notes.authorUserId))
    .where(eq(notes.id, row?.id ?? 0));
  if (!created) throw new Error('the new note was not found');
  return created;
}

export async function findNote(db: Tx, npoId: number, subject: NoteSubject, subjectId: number, noteId: number) {
  const [row] = await db
    .select({ id: notes.id, authorUserId: notes.authorUserId })
    .from(notes)
    .where(
      and(eq(notes.id, noteId), eq(notes.npoId, npoId), eq(notes.subjectType, subject), eq(notes.subjectId, subjectId)),
    );
  return row ?? null;
}

export async function deleteNote(tx: Tx, noteId: number): Promise<void> {
  await tx.delete(notes).where(eq(notes.id, noteId));
}
