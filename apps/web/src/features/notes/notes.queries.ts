import type { TNote, TNoteResponse, TNoteSubject, TNotesResponse } from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api-client.ts';

const PATHS: Record<TNoteSubject, string> = {
  donation: 'donations',
  donor: 'donors',
  recurring_plan: 'recurring_plans',
};

export const notesPath = (subject: TNoteSubject, id: number) => `/npo_admin/${PATHS[subject]}/${id}/notes`;

/** The organisation is part of the key, so switching organisation never shows another's notes. */
export const notesKey = (npoId: number | null, subject: TNoteSubject, id: number) =>
  ['notes', npoId, subject, id] as const;

export const notesQuery = (npoId: number | null, subject: TNoteSubject, id: number) =>
  queryOptions({
    queryKey: notesKey(npoId, subject, id),
    queryFn: ({ signal }) => api<TNotesResponse>('GET', notesPath(subject, id), { signal }),
  });

export const addNote = (subject: TNoteSubject, id: number, body: string): Promise<TNote> =>
  api<TNoteResponse>('POST', notesPath(subject, id), { body: { body } }).then((r) => r.note);

export const deleteNote = (subject: TNoteSubject, id: number, noteId: number): Promise<void> =>
  api<void>('DELETE', `${notesPath(subject, id)}/${noteId}`);
