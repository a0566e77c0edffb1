import { z } from 'zod';
import { ROLE, type TRoleCode } from './roles.ts';

// Staff notes on a donation, a donor or a recurring plan (docs/product/donors.md#notes).

export const NOTE_SUBJECTS = ['donation', 'donor', 'recurring_plan'] as const;
export type TNoteSubject = (typeof NOTE_SUBJECTS)[number];

export const NOTE_MAX_LENGTH = 5000;

/** Organisation admins (super-admin, manager, admin) may delete anyone's note; others only their own. */
export const NOTE_MODERATOR_CODES: readonly TRoleCode[] = [ROLE.SUPER_ADMIN, ROLE.MANAGER, ROLE.ADMIN];

export const ZNoteInput = z.object({
  body: z
    .string({ error: 'Write the note.' })
    .trim()
    .min(1, 'Write the note.')
    .max(NOTE_MAX_LENGTH, `A note has at most ${NOTE_MAX_LENGTH} characters.`),
});
export type TNoteInput = z.infer<typeof ZNoteInput>;

export const ZNote = z.object({
  id: z.number().int(),
  body: z.string(),
  author_user_id: z.number().int(),
  author_name: z.string(),
  created_at: z.string(),
  /** The signed-in user wrote it. */
  mine: z.boolean(),
  /** The signed-in user may delete it: their own, or anyone's for an organisation admin. */
  deletable: z.boolean(),
});
export type TNote = z.infer<typeof ZNote>;

export const ZNotesResponse = z.object({ notes: z.array(ZNote) });
export type TNotesResponse = z.infer<typeof ZNotesResponse>;
export const ZNoteResponse = z.object({ note: ZNote });
export type TNoteResponse = z.infer<typeof ZNoteResponse>;

/** `:id` of a donation, donor, plan or note in a path: a positive integer within bigint range. */
export const ZRecordIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const ZNoteIdParams = ZRecordIdParams.extend({
  noteId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
