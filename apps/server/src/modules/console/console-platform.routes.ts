import {
  ZConsoleAnnouncement,
  ZConsoleAnnouncementList,
  ZConsoleAnnouncementRequest,
  ZConsoleSales,
  ZConsoleSalesOrganisationQuery,
  ZConsoleSalesOrganisations,
  ZConsoleSecurity,
  ZConsoleTransactionList,
  ZConsoleTransactionQuery,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { listAnnouncements, sendAnnouncement } from './console-announcements.service.ts';
import { consoleSales, consoleSalesCsv, consoleSalesOrganisations } from './console-sales.service.ts';
import { consoleSecurity } from './console-security.repository.ts';
import { consoleTransactions, consoleTransactionsCsv } from './console-transactions.service.ts';

/**
 * The console's platform-wide reads: transactions and their export
 * (docs/decisions/054-console-transactions-and-roll-up.md); the operator (7789) only.
 */
export function consolePlatformRoutes(app: FastifyInstance, db: Db, jobs: Jobs | null): void {
  const r = zodRouter(app, 'Console');
  const only = requireAccess('console');

  r.get(
    '/console/transactions',
    { preHandler: only, schema: { querystring: ZConsoleTransactionQuery, response: { 200: ZConsoleTransactionList } } },
    async (request) => consoleTransactions(db, request.query),
  );
  r.get(
    '/console/transactions/export',
    {
      preHandler: only,
      config: {
        openapi: { responses: { 200: { description: 'The filtered transactions as CSV.', mediaType: 'text/csv' } } },
      },
      schema: { querystring: ZConsoleTransactionQuery },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="kindling-transactions.csv"')
        .send(consoleTransactionsCsv(db, request.query)),
  );
  r.get('/console/sales', { preHandler: only, schema: { response: { 200: ZConsoleSales } } }, async () =>
    consoleSales(db),
  );
  // The owed-fees table a page at a time (decision 096).
  r.get(
    '/console/sales/organizations',
    {
      preHandler: only,
      schema: { querystring: ZConsoleSalesOrganisationQuery, response: { 200: ZConsoleSalesOrganisations } },
    },
    async (request) => consoleSalesOrganisations(db, request.query),
  );
  r.get(
    '/console/sales/export',
    {
      preHandler: only,
      config: {
        openapi: {
          responses: { 200: { description: 'Fees by organisation and month as CSV.', mediaType: 'text/csv' } },
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="kindling-sales.csv"')
        .send(await consoleSalesCsv(db)),
  );
  // con24b: announcements and the security screen (docs/product/console.md#consolenotifications).
  r.get(
    '/console/announcements',
    { preHandler: only, schema: { response: { 200: ZConsoleAnnouncementList } } },
    async () => listAnnouncements(db),
  );
  r.post(
    '/console/announcements',
    { preHandler: only, schema: { body: ZConsoleAnnouncementRequest, response: { 201: ZConsoleAnnouncement } } },
    async (request, reply) => {
      const session = organisationSessionOf(request, 'console');
      const sent = await sendAnnouncement(
        { db, jobs },
        { userId: session.user.id, ip: request.ip ?? null },
        request.body,
      );
      return reply.code(201).send(sent);
    },
  );
  r.get('/console/security', { preHandler: only, schema: { response: { 200: ZConsoleSecurity } } }, async () =>
    consoleSecurity(db),
  );
}
