import { ZTask, ZTaskInput, ZTaskList, ZTaskListQuery } from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { type Actor, changeTask, createTask, getTask, listTasks, removeTask } from './tasks.service.ts';

// Access (docs/product/crm.md#access): every role of the dashboard group reads, creates and works
// the organisation's tasks. Another organisation's ids are 404.
const READ = 'dashboard';
const ZId = z.object({ id: z.coerce.number().int().positive() });

const actorOf = (request: FastifyRequest): Actor => {
  const session = organisationSessionOf(request, READ);
  return { userId: session.user.id, npoId: session.selectedNpoId, ip: request.ip ?? null };
};

/** Staff tasks API under /api/v1 (docs/product/crm.md#tasks). */
export async function taskRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Tasks');
  const { db } = deps;
  const read = requireAccess(READ);

  r.get(
    '/npo_admin/tasks',
    { preHandler: read, schema: { querystring: ZTaskListQuery, response: { 200: ZTaskList } } },
    async (request) => listTasks(db, actorOf(request), request.query),
  );

  r.post(
    '/npo_admin/tasks',
    { preHandler: read, schema: { body: ZTaskInput, response: { 201: ZTask } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await createTask(db, actor, request.body);
      return reply.status(201).send(await getTask(db, actor.npoId, id));
    },
  );

  r.get(
    '/npo_admin/tasks/:id',
    { preHandler: read, schema: { params: ZId, response: { 200: ZTask } } },
    async (request) => getTask(db, actorOf(request).npoId, request.params.id),
  );

  r.put(
    '/npo_admin/tasks/:id',
    { preHandler: read, schema: { params: ZId, body: ZTaskInput, response: { 200: ZTask } } },
    async (request) => {
      const actor = actorOf(request);
      await changeTask(db, actor, request.params.id, request.body);
      return getTask(db, actor.npoId, request.params.id);
    },
  );

  r.delete(
    '/npo_admin/tasks/:id',
    {
      preHandler: read,
      config: { openapi: { responses: { 204: { description: 'Done: nothing to return.' } } } },
      schema: { params: ZId },
    },
    async (request, reply) => {
      await removeTask(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
