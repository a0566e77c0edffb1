import { ZReconciliationRefresh, ZReconciliationRefreshResponse } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { addDays, dayIn } from '../../platform/format/calendar.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess, requirePermission } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import type { ReconciliationStarter } from './reconciliation.jobs.ts';
import { markFetchRequested, selectStripeAccount } from './reconciliation-report.repository.ts';
import { payoutSources, STRIPE_NOT_CONNECTED } from './reconciliation-report.service.ts';

// The reports' access (docs/product/reports.md#who-sees-reports): fetching payouts changes no money,
// so whoever may see the report may refresh it.
const READ = 'dashboard';
/** Without a period, a refresh fetches the payouts that arrived in the last 90 days. */
const DEFAULT_DAYS = 90;

/**
 * POST /api/v1/npo_admin/reports/reconciliation/refresh: queues a fetch of the period's Stripe
 * payouts (decision 104) and answers the Stripe source, now refreshing (202).
 */
export async function reconciliationRoutes(
  app: FastifyInstance,
  deps: { db: Db; start: ReconciliationStarter },
): Promise<void> {
  const r = zodRouter(app, 'Reports');
  const { db } = deps;
  r.post(
    '/npo_admin/reports/reconciliation/refresh',
    {
      preHandler: [requireAccess(READ), requirePermission('reports.view')],
      schema: { body: ZReconciliationRefresh, response: { 202: ZReconciliationRefreshResponse } },
    },
    async (request, reply) => {
      const session = organisationSessionOf(request, READ);
      const npoId = session.selectedNpoId;
      const npo = await selectStripeAccount(db, npoId);
      if (!npo.accountId) throw new AppError('CONFLICT', STRIPE_NOT_CONNECTED);
      const today = dayIn(new Date(), npo.timeZone);
      const to = request.body.to ?? today;
      const from = request.body.from ?? addDays(to, -DEFAULT_DAYS);
      const requestedAt = new Date().toISOString();
      await db.transaction(async (tx) => {
        await markFetchRequested(tx, npoId, 'stripe');
        await recordAudit(tx, {
          npoId,
          actorUserId: session.user.id,
          action: 'reports.reconciliation_refreshed',
          targetType: 'report',
          data: { report: 'reconciliation', from, to },
          ip: request.ip ?? null,
        });
      });
      await deps.start({ npoId, from, to, requestedAt });
      // A connected account's source is always the first.
      const [source] = await payoutSources(db, npoId);
      if (!source) throw new Error('no Stripe source for a connected account');
      return reply.status(202).send({ source });
    },
  );
}
