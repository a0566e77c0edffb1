import multipart from '@fastify/multipart';
import { IMPORT_MAX_BYTES, ZContactImportMapping, ZContactImportResponse, ZRecordIdParams } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import type { ContactImportStarter } from './contact-imports.jobs.ts';
import {
  contactImportFailuresCsv,
  getContactImport,
  planContactImport,
  startContactImport,
  uploadContactImport,
} from './contact-imports.service.ts';

// Access (docs/product/crm.md#import): as the donations import, every dashboard role follows an
// import and downloads its errors; only the admin group (2001, 5150, 6635, 7789) writes contacts in
// bulk. Another organisation's import ids are 404.
const READ = 'dashboard';
const WRITE = 'admin';

/** Contacts import under /api/v1/npo_admin/contact_imports (docs/product/crm.md#import). */
export async function contactImportRoutes(
  app: FastifyInstance,
  deps: { db: Db; start: ContactImportStarter },
): Promise<void> {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } });
  const r = zodRouter(app, 'Contacts import');
  const { db } = deps;

  const upload = {
    body: {
      mediaType: 'multipart/form-data',
      description: `One CSV file of contacts in the field \`file\` (UTF-8, at most ${IMPORT_MAX_BYTES} bytes).`,
      schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
    },
    responses: { 201: ZContactImportResponse },
  };
  r.post(
    '/npo_admin/contact_imports',
    { preHandler: requireAccess(WRITE), config: { openapi: upload } },
    async (request, reply) =>
      reply.status(201).send(await uploadContactImport(db, organisationSessionOf(request, WRITE), request)),
  );

  r.post(
    '/npo_admin/contact_imports/:id/preview',
    {
      preHandler: requireAccess(WRITE),
      schema: { params: ZRecordIdParams, body: ZContactImportMapping, response: { 200: ZContactImportResponse } },
    },
    async (request) => planContactImport(db, organisationSessionOf(request, WRITE), request.params.id, request.body),
  );

  r.post(
    '/npo_admin/contact_imports/:id/start',
    {
      preHandler: requireAccess(WRITE),
      schema: { params: ZRecordIdParams, response: { 202: ZContactImportResponse } },
    },
    async (request, reply) => {
      const actor = organisationSessionOf(request, WRITE);
      const summary = await startContactImport(db, deps.start, actor, request.params.id, request.ip ?? null);
      return reply.status(202).send({ import: summary });
    },
  );

  r.get(
    '/npo_admin/contact_imports/:id',
    { preHandler: requireAccess(READ), schema: { params: ZRecordIdParams, response: { 200: ZContactImportResponse } } },
    async (request) => ({
      import: await getContactImport(db, organisationSessionOf(request, READ).selectedNpoId, request.params.id),
    }),
  );

  r.get(
    '/npo_admin/contact_imports/:id/errors.csv',
    {
      preHandler: requireAccess(READ),
      config: {
        openapi: { responses: { 200: { description: 'The rows that failed, with why.', mediaType: 'text/csv' } } },
      },
      schema: { params: ZRecordIdParams },
    },
    async (request, reply) => {
      const { selectedNpoId } = organisationSessionOf(request, READ);
      const csv = await contactImportFailuresCsv(db, selectedNpoId, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="contact-import-${request.params.id}-errors.csv"`)
        .send(csv);
    },
  );
}
