import { ZNoteIdParams, ZNoteInput, ZNoteResponse, ZNotesResponse, ZRecordIdParams } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { addNote, notesOf, removeNote } from './notes.service.ts';
import type { NoteSubject } from './notes.tables.ts';

// Notes are part of working a record, so every dashboard role reads and writes them (staff 1984
// included); each author deletes their own, an organisation admin anyone's (NOTE_MODERATOR_CODES).
const ACCESS = 'dashboard';

const PATHS: Record<NoteSubject, string> = {
  donation: '/npo_admin/donations/:id/notes',
  donor: '/npo_admin/donors/:id/notes',
  recurring_plan: '/npo_admin/recurring_plans/:id/notes',
};

/** GET | POST /npo_admin/{donations|donors|recurring_plans}/:id/notes and DELETE …/notes/:noteId. */
export async function noteRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Notes');
  const { db } = deps;
  for (const [subject, path] of Object.entries(PATHS) as Array<[NoteSubject, string]>) {
    r.get(
      path,
      { preHandler: requireAccess(ACCESS), schema: { params: ZRecordIdParams, response: { 200: ZNotesResponse } } },
      async (request) => ({
        notes: await notesOf(db, organisationSessionOf(request, ACCESS), subject, request.params.id),
      }),
    );
    r.post(
      path,
      {
        preHandler: requireAccess(ACCESS),
        schema: { params: ZRecordIdParams, body: ZNoteInput, response: { 201: ZNoteResponse } },
      },
      async (request, reply) => {
        const actor = organisationSessionOf(request, ACCESS);
        const note = await addNote(db, actor, subject, request.params.id, request.body, request.ip ?? null);
        return reply.status(201).send({ note });
      },
    );
    r.delete(
      `${path}/:noteId`,
      {
        preHandler: requireAccess(ACCESS),
        config: { openapi: { responses: { 204: { description: 'The note is gone.' } } } },
        schema: { params: ZNoteIdParams },
      },
      async (request, reply) => {
        const actor = organisationSessionOf(request, ACCESS);
        await removeNote(db, actor, subject, request.params.id, request.params.noteId, request.ip ?? null);
        return reply.status(204).send();
      },
    );
  }
}
