import {
  ZWorkflow,
  ZWorkflowDryRun,
  ZWorkflowInput,
  ZWorkflowList,
  ZWorkflowRecipeInput,
  ZWorkflowRunList,
  ZWorkflowStatusInput,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import {
  type Actor,
  changeWorkflow,
  createFromRecipe,
  createWorkflow,
  dryRun,
  getWorkflow,
  listRuns,
  listWorkflows,
  removeWorkflow,
  setStatus,
} from './workflows.service.ts';

// Access (docs/product/crm-workflow-automation.md#access): every role of the dashboard group manages
// workflows, as with marketing e-mails and segments; another organisation's workflow ids are 404.
const GROUP = 'dashboard';
const ZId = z.object({ id: z.coerce.number().int().positive() });
const NO_CONTENT = { openapi: { responses: { 204: { description: 'Done: nothing to return.' } } } };

const actorOf = (request: FastifyRequest): Actor => {
  const session = organisationSessionOf(request, GROUP);
  return { userId: session.user.id, npoId: session.selectedNpoId, ip: request.ip ?? null };
};

/** Staff workflow automation API under /api/v1/npo_admin/workflows. */
export async function workflowRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Workflow automation');
  const { db } = deps;
  const pre = requireAccess(GROUP);
  const one = { preHandler: pre, schema: { params: ZId, response: { 200: ZWorkflow } } };

  r.get('/npo_admin/workflows', { preHandler: pre, schema: { response: { 200: ZWorkflowList } } }, async (q) => ({
    workflows: await listWorkflows(db, actorOf(q).npoId),
  }));
  r.post(
    '/npo_admin/workflows',
    { preHandler: pre, schema: { body: ZWorkflowInput, response: { 201: ZWorkflow } } },
    async (q, reply) => reply.status(201).send(await createWorkflow(db, actorOf(q), q.body)),
  );
  r.post(
    '/npo_admin/workflows/from-recipe',
    { preHandler: pre, schema: { body: ZWorkflowRecipeInput, response: { 201: ZWorkflow } } },
    async (q, reply) => reply.status(201).send(await createFromRecipe(db, actorOf(q), q.body.recipe)),
  );
  r.post(
    '/npo_admin/workflows/dry-run',
    { preHandler: pre, schema: { body: ZWorkflowInput, response: { 200: ZWorkflowDryRun } } },
    (q) => dryRun(db, actorOf(q).npoId, q.body),
  );
  r.get('/npo_admin/workflows/:id', one, (q) => getWorkflow(db, actorOf(q).npoId, q.params.id));
  r.put(
    '/npo_admin/workflows/:id',
    { preHandler: pre, schema: { params: ZId, body: ZWorkflowInput, response: { 200: ZWorkflow } } },
    (q) => changeWorkflow(db, actorOf(q), q.params.id, q.body),
  );
  r.put(
    '/npo_admin/workflows/:id/status',
    { preHandler: pre, schema: { params: ZId, body: ZWorkflowStatusInput, response: { 200: ZWorkflow } } },
    (q) => setStatus(db, actorOf(q), q.params.id, q.body.status),
  );
  r.delete(
    '/npo_admin/workflows/:id',
    { preHandler: pre, schema: { params: ZId }, config: NO_CONTENT },
    async (q, reply) => {
      await removeWorkflow(db, actorOf(q), q.params.id);
      return reply.status(204).send();
    },
  );
  r.get(
    '/npo_admin/workflows/:id/runs',
    { preHandler: pre, schema: { params: ZId, response: { 200: ZWorkflowRunList } } },
    async (q) => ({ runs: await listRuns(db, actorOf(q).npoId, q.params.id) }),
  );
}
