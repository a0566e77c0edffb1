// Notes: staff notes on a donation, a donor or a recurring plan (issue 5, interface 4).

export { insertNote as addNoteInTransaction } from './notes.repository.ts';
export { noteRoutes } from './notes.routes.ts';
export { type NoteSubject, noteSubjects } from './notes.tables.ts';
