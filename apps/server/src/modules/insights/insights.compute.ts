// Computes and stores one organisation's insights for every time range (decision 076). Run by the
// insights job, nightly and when staff press Refresh Insights; GET /insights reads the stored rows.
import { INSIGHT_TIME_RANGE_DAYS, INSIGHT_TIME_RANGES, type TInsightCategory } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { campaignInsights } from './campaign-insights.ts';
import { churnInsights, churnModel, modelQuality } from './churn-insights.ts';
import { donorInsights, donorRows } from './donor-insights.ts';
import type { InsightContext, StoredInsight } from './insight-kit.ts';
import { insightResults } from './insights.tables.ts';
import { nextActionInsights } from './next-action-insights.ts';
import { paymentInsights } from './payment-insights.ts';
import { fraudInsights, geographicalInsights } from './risk-insights.ts';

export async function computeInsights(db: Db, npoId: number, now = new Date()): Promise<void> {
  const npo = await db.execute<{ base_currency: string; locale: string; time_zone: string }>(
    sql`SELECT base_currency, locale, time_zone FROM npos WHERE id = ${npoId}`,
  );
  const org = npo.rows[0];
  if (!org) return;
  const base: Omit<InsightContext, 'days'> = {
    db,
    npoId,
    currency: org.base_currency,
    locale: org.locale || 'en-US',
    zone: org.time_zone || 'UTC',
    now,
  };
  // The churn model does not depend on the time range: trained once per run.
  const churn = await churnModel({ ...base, days: 30 });
  const quality = modelQuality(churn.scorer);
  for (const range of INSIGHT_TIME_RANGES) {
    const ctx: InsightContext = { ...base, days: INSIGHT_TIME_RANGE_DAYS[range] };
    const insights: Record<TInsightCategory, StoredInsight[]> = {
      donor_insights: donorInsights(ctx, await donorRows(ctx)),
      campaign_insights: await campaignInsights(ctx),
      churn_insights: churnInsights(ctx, churn.scorer, churn.scored),
      next_action_insights: await nextActionInsights(ctx, churn.scored),
      payment_insights: await paymentInsights(ctx),
      fraud_insights: await fraudInsights(ctx),
      geographical_insights: await geographicalInsights(ctx),
    };
    await db
      .insert(insightResults)
      .values({
        npoId,
        timeRange: range,
        currency: org.base_currency,
        insights,
        churnModel: quality,
        computedAt: now,
        requestedAt: null,
      })
      .onConflictDoUpdate({
        target: [insightResults.npoId, insightResults.timeRange],
        set: { currency: org.base_currency, insights, churnModel: quality, computedAt: now, requestedAt: null },
      });
  }
}
