import {
  ZTransactionIdParams,
  ZTransactionListQuery,
  ZTransactionListResponse,
  ZTransactionResponse,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { recentBursts } from '../card-testing/index.ts';
import { findTransaction, listTransactions } from './transactions.repository.ts';

const READ = 'dashboard';

/** GET /npo_admin/transactions and /npo_admin/transactions/:id (payment-12, refund-3, attempt-7). */
export async function transactionRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Transactions');
  r.get(
    '/npo_admin/transactions',
    {
      preHandler: requireAccess(READ),
      schema: { querystring: ZTransactionListQuery, response: { 200: ZTransactionListResponse } },
    },
    async (request) => {
      const npoId = organisationSessionOf(request, READ).selectedNpoId;
      const [page, bursts] = await Promise.all([
        listTransactions(deps.db, npoId, request.query),
        recentBursts(deps.db, npoId),
      ]);
      return { ...page, card_testing_bursts: bursts };
    },
  );
  r.get(
    '/npo_admin/transactions/:id',
    {
      preHandler: requireAccess(READ),
      schema: { params: ZTransactionIdParams, response: { 200: ZTransactionResponse } },
    },
    async (request) => {
      const { selectedNpoId } = organisationSessionOf(request, READ);
      const [kind = '', id = '0'] = request.params.id.split('-');
      const transaction = await findTransaction(deps.db, selectedNpoId, kind, Number(id));
      if (!transaction) throw new AppError('NOT_FOUND', 'No such transaction.');
      return { transaction };
    },
  );
}
