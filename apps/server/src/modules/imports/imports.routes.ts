import multipart from '@fastify/multipart';
import {
  DONATION_IMPORT_MAX_BYTES,
  DONATION_IMPORT_MAX_ROWS,
  ZImportListResponse,
  ZImportResponse,
  ZRecordIdParams,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import type { ImportChecker } from './import-check.ts';
import type { ImportStarter } from './imports.jobs.ts';
import { listImports } from './imports.repository.ts';
import {
  failuresCsv,
  getImport,
  type ImportLimits,
  retryImport,
  startImport,
  uploadImport,
} from './imports.service.ts';

// Access (docs/product/imports.md#access): every dashboard role sees the imports; only the admin group (2001
// finance, 5150 admin, 6635 manager, 7789 super-admin) records gifts by importing them.
const READ = 'dashboard';
const WRITE = 'admin';

/** `check` enqueues the check of a large file (without it every file is checked in the request). */
export type ImportRouteDeps = { db: Db; start: ImportStarter; check?: ImportChecker; limits?: ImportLimits };

/** Donations import at /dashboard/imports (docs/product/imports.md). */
export async function importRoutes(app: FastifyInstance, deps: ImportRouteDeps): Promise<void> {
  const limits = deps.limits ?? { maxRows: DONATION_IMPORT_MAX_ROWS, maxBytes: DONATION_IMPORT_MAX_BYTES };
  await app.register(multipart, { limits: { fileSize: limits.maxBytes, files: 1, fields: 5 } });
  const r = zodRouter(app, 'Imports');
  const { db } = deps;

  const upload = {
    body: {
      mediaType: 'multipart/form-data',
      description: `One CSV or Excel file of donations in the field \`file\` (at most ${limits.maxBytes} bytes and ${limits.maxRows} rows).`,
      schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
    },
    responses: { 201: ZImportResponse },
  };
  r.post(
    '/npo_admin/imports',
    { preHandler: requireAccess(WRITE), config: { openapi: upload } },
    async (request, reply) => {
      const actor = organisationSessionOf(request, WRITE);
      return reply.status(201).send(await uploadImport(db, actor, request, { limits, check: deps.check }));
    },
  );

  r.post(
    '/npo_admin/imports/:id/start',
    { preHandler: requireAccess(WRITE), schema: { params: ZRecordIdParams, response: { 202: ZImportResponse } } },
    async (request, reply) => {
      const actor = organisationSessionOf(request, WRITE);
      const summary = await startImport(db, deps.start, actor, request.params.id, request.ip ?? null);
      return reply.status(202).send({ import: summary });
    },
  );

  r.post(
    '/npo_admin/imports/:id/retry',
    { preHandler: requireAccess(WRITE), schema: { params: ZRecordIdParams, response: { 202: ZImportResponse } } },
    async (request, reply) => {
      const actor = organisationSessionOf(request, WRITE);
      const summary = await retryImport(db, deps.start, actor, request.params.id, request.ip ?? null);
      return reply.status(202).send({ import: summary });
    },
  );

  r.get(
    '/npo_admin/imports',
    { preHandler: requireAccess(READ), schema: { response: { 200: ZImportListResponse } } },
    async (request) => ({ imports: await listImports(db, organisationSessionOf(request, READ).selectedNpoId) }),
  );

  r.get(
    '/npo_admin/imports/:id',
    { preHandler: requireAccess(READ), schema: { params: ZRecordIdParams, response: { 200: ZImportResponse } } },
    async (request) => ({
      import: await getImport(db, organisationSessionOf(request, READ).selectedNpoId, request.params.id),
    }),
  );

  r.get(
    '/npo_admin/imports/:id/errors.csv',
    {
      preHandler: requireAccess(READ),
      config: {
        openapi: { responses: { 200: { description: 'The rows that failed, with why.', mediaType: 'text/csv' } } },
      },
      schema: { params: ZRecordIdParams },
    },
    async (request, reply) => {
      const { selectedNpoId } = organisationSessionOf(request, READ);
      const csv = await failuresCsv(db, selectedNpoId, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${request.params.id}-errors.csv"`)
        .send(csv);
    },
  );
}
