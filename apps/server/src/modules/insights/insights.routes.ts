import { ZInsightsQuery, ZInsightsRefresh, ZInsightsResponse } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import type { InsightsJobs } from './insights.jobs.ts';
import { getInsights } from './insights.service.ts';

// The AI Insights page is in the CRM of the dashboard group (docs/product/insights.md): every
// dashboard role reads and refreshes its organisation's insights.
const READ = 'dashboard';

export async function insightsRoutes(app: FastifyInstance, deps: { db: Db; insights: InsightsJobs }): Promise<void> {
  const r = zodRouter(app, 'AI insights');
  r.get(
    '/insights',
    { preHandler: requireAccess(READ), schema: { querystring: ZInsightsQuery, response: { 200: ZInsightsResponse } } },
    (request) => getInsights(deps.db, organisationSessionOf(request, READ).selectedNpoId, request.query),
  );
  r.post(
    '/insights/refresh',
    { preHandler: requireAccess(READ), schema: { response: { 200: ZInsightsRefresh } } },
    async (request) => {
      const queued = await deps.insights.refresh(organisationSessionOf(request, READ).selectedNpoId);
      return { status: 'success' as const, data: { queued } };
    },
  );
}
