import {
  ZReportRecipientList,
  ZReportScheduleInput,
  ZSavedReport,
  ZSavedReportInput,
  ZSavedReportList,
  ZSavedReportUpdate,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf } from '../../platform/http/session-context.ts';
import {
  changeSavedReport,
  createSavedReport,
  getSavedReport,
  listSavedReports,
  removeSavedReport,
  removeSchedule,
  reportRecipients,
  setSchedule,
} from './saved-reports.service.ts';

const ZId = z.object({ id: z.coerce.number({ error: 'A saved report is named by its id.' }).int().positive() });
const NO_CONTENT = { openapi: { responses: { 204: { description: 'Done: nothing to return.' } } } };
const BASE = '/npo_admin/reports/saved';

/**
 * Saved and scheduled reports (docs/product/reports.md#saved-reports): the reports' access (dashboard
 * roles holding “View reports”); who may change a saved report is the service's rule.
 */
export function savedReportRoutes(
  app: FastifyInstance,
  deps: { db: Db; guard: preHandlerHookHandler[]; access: 'dashboard' },
): void {
  const r = zodRouter(app, 'Reports');
  const { db, guard, access } = deps;
  const session = (request: FastifyRequest) => organisationSessionOf(request, access);

  r.get(BASE, { preHandler: guard, schema: { response: { 200: ZSavedReportList } } }, async (request) => ({
    reports: await listSavedReports(db, session(request)),
  }));
  r.get(
    `${BASE}/recipients`,
    { preHandler: guard, schema: { response: { 200: ZReportRecipientList } } },
    async (request) => ({
      members: await reportRecipients(db, session(request).selectedNpoId),
    }),
  );
  r.post(
    BASE,
    { preHandler: guard, schema: { body: ZSavedReportInput, response: { 201: ZSavedReport } } },
    async (request, reply) => reply.status(201).send(await createSavedReport(db, session(request), request.body)),
  );
  r.get(`${BASE}/:id`, { preHandler: guard, schema: { params: ZId, response: { 200: ZSavedReport } } }, (request) =>
    getSavedReport(db, session(request), request.params.id),
  );
  r.patch(
    `${BASE}/:id`,
    { preHandler: guard, schema: { params: ZId, body: ZSavedReportUpdate, response: { 200: ZSavedReport } } },
    (request) => changeSavedReport(db, session(request), request.params.id, request.body),
  );
  r.delete(
    `${BASE}/:id`,
    { preHandler: guard, config: NO_CONTENT, schema: { params: ZId } },
    async (request, reply) => {
      await removeSavedReport(db, session(request), request.params.id);
      return reply.status(204).send();
    },
  );
  r.put(
    `${BASE}/:id/schedule`,
    { preHandler: guard, schema: { params: ZId, body: ZReportScheduleInput, response: { 200: ZSavedReport } } },
    (request) => setSchedule(db, session(request), request.params.id, request.body),
  );
  r.delete(
    `${BASE}/:id/schedule`,
    { preHandler: guard, schema: { params: ZId, response: { 200: ZSavedReport } } },
    (request) => removeSchedule(db, session(request), request.params.id),
  );
}
