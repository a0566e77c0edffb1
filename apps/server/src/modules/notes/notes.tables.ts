import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

export const noteSubjects = ['donation', 'donor', 'recurring_plan'] as const;
export type NoteSubject = (typeof noteSubjects)[number];

/**
 * A staff note on a donation, a donor or a recurring plan. One table for the three: the subject
 * is checked to belong to the organisation when the note is written and read (notes.repository.ts),
 * so no foreign key per kind is needed.
 */
export const notes = pgTable(
  'notes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    subjectType: text({ enum: noteSubjects }).notNull(),
    subjectId: bigint({ mode: 'number' }).notNull(),
    authorUserId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notes_subject_idx').on(t.npoId, t.subjectType, t.subjectId, t.createdAt)],
);
