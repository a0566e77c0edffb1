// The built-in analyst (docs/product/insights.md#assistant): reads a question into one of the fixed,
// read-only queries with its period, campaign and amounts, and runs it in the caller's organisation.
// Nothing in the question reaches SQL except as a bound parameter, and no query takes an organisation
// from it. A question it cannot place gets a text listing what it can answer.
import { PREDEFINED_PROMPT_TEXTS, type TAnalysis, type TInsightTimeRange } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { AnalystContext } from './analyst-kit.ts';
import { campaignComparison, campaignOptimization, underperformingCampaigns } from './campaign-queries.ts';
import { donationFrequency, lapsedDonors, topDonors } from './donor-queries.ts';
import { type Intent, lastDays, parseQuestion, type Question } from './parse.ts';
import { failedPayments, fraudSigns, paymentMethods } from './payment-queries.ts';
import { churnRiskTable, forecastGiving, growth } from './trend-queries.ts';

export const QUERIES: Record<Intent, (ctx: AnalystContext) => Promise<TAnalysis>> = {
  top_donors: topDonors,
  lapsed_donors: lapsedDonors,
  donation_frequency: donationFrequency,
  campaign_comparison: campaignComparison,
  underperforming_campaigns: underperformingCampaigns,
  campaign_optimization: campaignOptimization,
  forecast: forecastGiving,
  churn_risk: churnRiskTable,
  growth,
  payment_methods: paymentMethods,
  failed_payments: failedPayments,
  fraud: fraudSigns,
};

/** Intents whose own default period is a year rather than the call's time range. */
const YEAR_BY_DEFAULT = new Set<Intent>(['lapsed_donors']);

export const HELP_TEXT =
  'I answer questions about this organisation’s own gifts, donors, campaigns and payments: top donors, lapsed donors, how often donors give, campaign comparison, campaigns behind their pace, what to change in a campaign, a forecast for next month or quarter, churn risk, growth month by month, payment methods, failed payments and signs of fraud. Name a period (this quarter, last month, the last 90 days, in 2025), a campaign by its name, or an amount (over $100) to narrow an answer.';

/** What every question needs of its organisation: money, locale, time zone and its own campaigns. */
export type Organisation = {
  name: string;
  currency: string;
  locale: string;
  zone: string;
  campaigns: { id: number; name: string }[];
};

export async function organisationOf(db: Db, npoId: number): Promise<Organisation> {
  const org = (
    await db.execute<{ name: string; base_currency: string; locale: string; time_zone: string }>(
      sql`SELECT name, base_currency, locale, time_zone FROM npos WHERE id = ${npoId}`,
    )
  ).rows[0];
  const campaigns = (
    await db.execute<{ id: number; name: string }>(
      sql`SELECT id, name FROM campaigns WHERE npo_id = ${npoId} AND parent_campaign_id IS NULL`,
    )
  ).rows.map((c) => ({ id: Number(c.id), name: c.name }));
  return {
    name: org?.name ?? '',
    currency: org?.base_currency ?? 'USD',
    locale: org?.locale || 'en-US',
    zone: org?.time_zone || 'UTC',
    campaigns,
  };
}

/** Runs one fixed query for a read question, always in `npoId` (the session's organisation). */
export function runQuery(db: Db, npoId: number, org: Organisation, q: Question, now: Date): Promise<TAnalysis> {
  const intent = q.intent;
  if (!intent) return Promise.resolve(helpAnswer());
  if (YEAR_BY_DEFAULT.has(intent) && !q.periodNamed) q.period = lastDays(365, now, org.zone);
  const ctx: AnalystContext = { db, npoId, currency: org.currency, locale: org.locale, zone: org.zone, now, q };
  return QUERIES[intent](ctx);
}

export const helpAnswer = (): TAnalysis => ({
  type: 'text',
  title: 'I can’t answer that yet',
  text: HELP_TEXT,
  suggestions: [...PREDEFINED_PROMPT_TEXTS],
});

/** The built-in analyst: reads the question with its rules, then runs the query it names. */
export async function analyze(
  db: Db,
  npoId: number,
  input: { prompt: string; time_range: TInsightTimeRange },
  now = new Date(),
): Promise<TAnalysis> {
  const org = await organisationOf(db, npoId);
  const q = parseQuestion(input.prompt, {
    now,
    timeRange: input.time_range,
    campaigns: org.campaigns,
    zone: org.zone,
  });
  return runQuery(db, npoId, org, q, now);
}
