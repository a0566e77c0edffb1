import {
  ZStatementOverview,
  ZStatementPeriodQuery,
  ZStatementRun,
  ZStatementRunDetail,
  ZStatementRunInput,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess, requirePermission } from '../../platform/http/session-context.ts';
import { type Actor, postPdf, previewPdf, runDetail, startRun, statementOverview } from './statements.service.ts';

// Access (docs/product/reports.md#year-end-statements): as the reports centre, the dashboard group's
// roles holding the “View reports” permission (finance, staff, managers, admins by default); a peer
// fundraiser gets 403, another organisation's run 404.
const READ = 'dashboard';
const ZRunId = z.object({ runId: z.coerce.number().int().positive() });
const PDF = (description: string) => ({
  openapi: { responses: { 200: { description, mediaType: 'application/pdf' } } },
});

const actorOf = (request: FastifyRequest): Actor => {
  const session = organisationSessionOf(request, READ);
  return { userId: session.user.id, npoId: session.selectedNpoId, ip: request.ip ?? null };
};
const sendPdf = (reply: FastifyReply, pdf: Buffer, name: string) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);

/** Year-end statements in bulk under /api/v1/npo_admin/reports/statements. */
export async function statementRoutes(
  app: FastifyInstance,
  deps: { db: Db; enqueue: (npoId: number, runId: number) => Promise<void> },
): Promise<void> {
  const r = zodRouter(app, 'Reports');
  const { db } = deps;
  const guard = [requireAccess(READ), requirePermission('reports.view')];

  r.get(
    '/npo_admin/reports/statements',
    { preHandler: guard, schema: { querystring: ZStatementPeriodQuery, response: { 200: ZStatementOverview } } },
    (request) => statementOverview(db, actorOf(request).npoId, request.query),
  );

  r.get(
    '/npo_admin/reports/statements/preview.pdf',
    {
      preHandler: guard,
      config: PDF('The first statements the run will send.'),
      schema: { querystring: ZStatementPeriodQuery },
    },
    async (request, reply) => {
      const pdf = await previewPdf(db, actorOf(request).npoId, request.query);
      return sendPdf(reply, pdf, `statements-preview-${request.query.year}.pdf`);
    },
  );

  r.get(
    '/npo_admin/reports/statements/post.pdf',
    {
      preHandler: guard,
      config: PDF('The statements of donors without an e-mail address, one per page, to print.'),
      schema: { querystring: ZStatementPeriodQuery },
    },
    async (request, reply) => {
      const pdf = await postPdf(db, actorOf(request).npoId, request.query);
      return sendPdf(reply, pdf, `statements-to-post-${request.query.year}.pdf`);
    },
  );

  r.post(
    '/npo_admin/reports/statements/runs',
    { preHandler: guard, schema: { body: ZStatementRunInput, response: { 202: ZStatementRun } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const run = await startRun(db, actor, request.body, (runId) => deps.enqueue(actor.npoId, runId));
      return reply.status(202).send(run);
    },
  );

  r.get(
    '/npo_admin/reports/statements/runs/:runId',
    { preHandler: guard, schema: { params: ZRunId, response: { 200: ZStatementRunDetail } } },
    (request) => runDetail(db, actorOf(request).npoId, request.params.runId),
  );
}
