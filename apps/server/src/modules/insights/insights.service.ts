// GET /insights reads the stored result of the insights job and filters it (docs/product/insights.md,
// decision 076): categories, amount, payment method, location and the fraud risk threshold.
import { INSIGHT_CATEGORIES, type TInsightsQuery, type TInsightsResponse } from '@kindling/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { StoredInsight } from './insight-kit.ts';
import { insightResults } from './insights.tables.ts';

/** Whether a stored insight passes the call's filters; a filter applies only to insights that carry its facet. */
export function passes(insight: StoredInsight, category: string, query: TInsightsQuery): boolean {
  const f = insight.facets ?? {};
  if (query.amount !== undefined && f.amount !== undefined && f.amount < query.amount) return false;
  if (query.payment_method && f.method !== undefined && f.method !== query.payment_method) return false;
  if (query.location && f.country !== undefined && f.country !== query.location) return false;
  if (category === 'fraud_insights' && f.risk !== undefined && f.risk < query.risk_threshold) return false;
  return true;
}

export async function getInsights(db: Db, npoId: number, query: TInsightsQuery): Promise<TInsightsResponse> {
  const [stored] = await db
    .select()
    .from(insightResults)
    .where(and(eq(insightResults.npoId, npoId), eq(insightResults.timeRange, query.time_range)));
  const currency =
    stored?.currency ??
    (await db.execute<{ c: string }>(sql`SELECT base_currency AS c FROM npos WHERE id = ${npoId}`)).rows[0]?.c ??
    'USD';
  const categories = query.insights?.length ? [...new Set(query.insights)] : [...INSIGHT_CATEGORIES];
  const insights: TInsightsResponse['data']['insights'] = {};
  for (const category of categories) {
    const list = (stored?.insights?.[category] ?? []) as StoredInsight[];
    insights[category] = list
      .filter((i) => passes(i, category, query))
      .map(({ facets: _facets, ...insight }) => insight);
  }
  return {
    status: 'success',
    data: {
      insights,
      time_range: query.time_range,
      computed_at: stored?.computedAt?.toISOString() ?? null,
      refreshing: stored?.requestedAt != null,
      currency,
      churn_model: (stored?.churnModel as TInsightsResponse['data']['churn_model']) ?? null,
    },
  };
}

/** Marks every time range as being refreshed, so the page can say so until the job stores its result. */
export async function markRefreshRequested(db: Db, npoId: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO insight_results (npo_id, time_range, currency, insights, requested_at)
    SELECT ${npoId}, r, n.base_currency, '{}'::jsonb, now() FROM npos n, unnest(${sql.param(['last_7_days', 'last_30_days', 'last_90_days'])}::text[]) r
    WHERE n.id = ${npoId}
    ON CONFLICT (npo_id, time_range) DO UPDATE SET requested_at = now()`);
}
