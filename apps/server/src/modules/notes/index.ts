// Notes: staff notes on a donation, a donor or a recurring plan (docs/product/donors.md#notes).

export { insertNote as addNoteInTransaction } from './notes.repository.ts';
export { noteRoutes } from './notes.routes.ts';
export { type NoteSubject, noteSubjects } from './notes.tables.ts';
