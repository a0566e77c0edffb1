import { ZConsoleSales, ZConsoleTransactionList, ZConsoleTransactionQuery } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { requireAccess } from '../../platform/http/session-context.ts';
import { consoleSales } from './console-sales.service.ts';
import { consoleTransactions, consoleTransactionsCsv } from './console-transactions.service.ts';

/**
 * The console's platform-wide reads: transactions and their export
 * (docs/decisions/054-console-transactions-and-roll-up.md); the operator (7789) only.
 */
export function consolePlatformRoutes(app: FastifyInstance, db: Db): void {
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
}
