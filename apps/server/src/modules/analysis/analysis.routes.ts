import {
  ZAnalysisPeriodQuery,
  ZGiftAnalysis,
  ZHomeAnalysis,
  ZHomeAnalysisQuery,
  ZLapsedAnalysis,
  ZOrganisationStats,
  ZRecurringAnalysis,
  ZRetentionAnalysis,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import {
  getGiftAnalysis,
  getHomeAnalysis,
  getLapsedAnalysis,
  getRecurringAnalysis,
  getRetentionAnalysis,
} from './analysis.service.ts';
import { getOrganisationStats } from './organisation-snapshot.ts';

// Every role of the dashboard group reads these (docs/product/sign-in.md#route-access: /dashboard/home and
// /dashboard/analysis), always for the session's selected organisation.
const READ = 'dashboard';

/** The home page's totals (account_details), its charts and the analysis page under /api/v1/npo_admin/analysis. */
export async function analysisRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Analysis');
  const { db } = deps;
  const npoOf = (request: Parameters<typeof organisationSessionOf>[0]) =>
    organisationSessionOf(request, READ).selectedNpoId;
  const periodRoute = { preHandler: requireAccess(READ), schema: { querystring: ZAnalysisPeriodQuery } };

  r.get(
    '/npo_admin/account_details',
    { preHandler: requireAccess(READ), schema: { response: { 200: ZOrganisationStats } } },
    (request) => getOrganisationStats(db, npoOf(request)),
  );
  r.get(
    '/npo_admin/analysis/home',
    {
      preHandler: requireAccess(READ),
      schema: { querystring: ZHomeAnalysisQuery, response: { 200: ZHomeAnalysis } },
    },
    (request) => getHomeAnalysis(db, npoOf(request), request.query.months),
  );
  r.get(
    '/npo_admin/analysis/gifts',
    { ...periodRoute, schema: { ...periodRoute.schema, response: { 200: ZGiftAnalysis } } },
    (request) => getGiftAnalysis(db, npoOf(request), request.query),
  );
  r.get(
    '/npo_admin/analysis/retention',
    { ...periodRoute, schema: { ...periodRoute.schema, response: { 200: ZRetentionAnalysis } } },
    (request) => getRetentionAnalysis(db, npoOf(request), request.query),
  );
  r.get(
    '/npo_admin/analysis/lapsed',
    { preHandler: requireAccess(READ), schema: { response: { 200: ZLapsedAnalysis } } },
    (request) => getLapsedAnalysis(db, npoOf(request)),
  );
  r.get(
    '/npo_admin/analysis/recurring',
    { ...periodRoute, schema: { ...periodRoute.schema, response: { 200: ZRecurringAnalysis } } },
    (request) => getRecurringAnalysis(db, npoOf(request), request.query),
  );
}
