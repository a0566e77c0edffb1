import multipart from '@fastify/multipart';
import {
  IMPORT_MAX_BYTES,
  ZRecordIdParams,
  ZRecurringImportListResponse,
  ZRecurringImportPlansResponse,
  ZRecurringImportResponse,
  ZRecurringImportUploadResponse,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import type { RecurringImportStarter } from './recurring-imports.jobs.ts';
import { listRecurringImports } from './recurring-imports.repository.ts';
import {
  getRecurringImport,
  recurringImportFailuresCsv,
  recurringImportPlans,
  startRecurringImport,
  uploadRecurringImport,
} from './recurring-imports.service.ts';

// Access (docs/product/imports.md#recurring-imports): as the donations import, every dashboard role
// follows an import, its plans and its errors; only the admin group (2001 finance, 5150 admin, 6635
// manager, 7789 super-admin) makes plans by importing them. Another organisation's ids are 404.
const READ = 'dashboard';
const WRITE = 'admin';

/** Recurring imports under /api/v1/npo_admin/recurring_imports. */
export async function recurringImportRoutes(
  app: FastifyInstance,
  deps: { db: Db; start: RecurringImportStarter },
): Promise<void> {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } });
  const r = zodRouter(app, 'Recurring imports');
  const { db } = deps;
  const id = { params: ZRecordIdParams };

  const upload = {
    body: {
      mediaType: 'multipart/form-data',
      description: `One CSV file of recurring plans in the field \`file\` (UTF-8, at most ${IMPORT_MAX_BYTES} bytes).`,
      schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
    },
    responses: { 201: ZRecurringImportUploadResponse },
  };
  r.post(
    '/npo_admin/recurring_imports',
    { preHandler: requireAccess(WRITE), config: { openapi: upload } },
    async (request, reply) =>
      reply.status(201).send(await uploadRecurringImport(db, organisationSessionOf(request, WRITE), request)),
  );

  r.post(
    '/npo_admin/recurring_imports/:id/start',
    { preHandler: requireAccess(WRITE), schema: { ...id, response: { 202: ZRecurringImportResponse } } },
    async (request, reply) => {
      const actor = organisationSessionOf(request, WRITE);
      const summary = await startRecurringImport(db, deps.start, actor, request.params.id, request.ip ?? null);
      return reply.status(202).send({ import: summary });
    },
  );

  r.get(
    '/npo_admin/recurring_imports',
    { preHandler: requireAccess(READ), schema: { response: { 200: ZRecurringImportListResponse } } },
    async (request) => ({
      imports: await listRecurringImports(db, organisationSessionOf(request, READ).selectedNpoId),
    }),
  );

  r.get(
    '/npo_admin/recurring_imports/:id',
    { preHandler: requireAccess(READ), schema: { ...id, response: { 200: ZRecurringImportResponse } } },
    async (request) => ({
      import: await getRecurringImport(db, organisationSessionOf(request, READ).selectedNpoId, request.params.id),
    }),
  );

  r.get(
    '/npo_admin/recurring_imports/:id/plans',
    { preHandler: requireAccess(READ), schema: { ...id, response: { 200: ZRecurringImportPlansResponse } } },
    async (request) => ({
      plans: await recurringImportPlans(db, organisationSessionOf(request, READ).selectedNpoId, request.params.id),
    }),
  );

  r.get(
    '/npo_admin/recurring_imports/:id/errors.csv',
    {
      preHandler: requireAccess(READ),
      config: {
        openapi: { responses: { 200: { description: 'The rows that failed, with why.', mediaType: 'text/csv' } } },
      },
      schema: id,
    },
    async (request, reply) => {
      const { selectedNpoId } = organisationSessionOf(request, READ);
      const csv = await recurringImportFailuresCsv(db, selectedNpoId, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="recurring-import-${request.params.id}-errors.csv"`)
        .send(csv);
    },
  );
}
