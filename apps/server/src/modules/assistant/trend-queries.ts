// The analyst's predictive queries (docs/product/insights.md#forecast): monthly totals, the
// backtested forecast with its interval, growth month by month, and churn risk from the insights
// churn model. Read-only and scoped to the organisation.
import type { TAnalysis } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { addMonthsToFirst, dayIn, midnightIn } from '../../platform/format/calendar.ts';
import { churnRisk } from '../insights/index.ts';
import { type AnalystContext, giftFilter, money, rows, understood } from './analyst-kit.ts';
import { forecast, METHOD_NAMES } from './forecast.ts';

const MONTHS_BACK = 24;

/** Succeeded totals of the last 24 full months in the organisation's zone (oldest first), zero-filled. */
export async function monthlyTotals(ctx: AnalystContext) {
  const today = dayIn(ctx.now, ctx.zone);
  const from = addMonthsToFirst(today, -MONTHS_BACK);
  const found = await rows<{ month: string; total: string }>(
    ctx,
    sql`
    SELECT to_char(date_trunc('month', d.created_at AT TIME ZONE ${ctx.zone}), 'YYYY-MM') AS month, sum(d.base_amount_minor) AS total
    FROM donations d WHERE ${giftFilter(ctx, { period: false })} AND d.created_at >= ${midnightIn(from, ctx.zone).toISOString()}
    GROUP BY 1`,
  );
  const byMonth = new Map(found.map((r) => [r.month, Number(r.total)]));
  const months: { label: string; total: number }[] = [];
  for (let i = 0; i < MONTHS_BACK; i++) {
    const label = addMonthsToFirst(from, i).slice(0, 7);
    months.push({ label, total: byMonth.get(label) ?? 0 });
  }
  // Only months after the first gift count: a new organisation's empty past would drag forecasts down.
  const first = months.findIndex((m) => m.total > 0);
  return { months: first < 0 ? [] : months.slice(first), current: byMonth.get(today.slice(0, 7)) ?? 0, today };
}

export async function forecastGiving(ctx: AnalystContext): Promise<TAnalysis> {
  const { months, today } = await monthlyTotals(ctx);
  const horizon = ctx.q.horizon === 'quarter' ? 3 : 1;
  const result = forecast(
    months.map((m) => m.total),
    horizon,
  );
  if (!result)
    return {
      type: 'text',
      title: 'Not enough history to forecast',
      text: `A forecast needs at least four full months of gifts to test itself on; this organisation has ${months.length}.`,
      suggestions: [],
    };
  const shown = months.slice(-12);
  const next = Array.from({ length: horizon }, (_, h) => addMonthsToFirst(today, 1 + h).slice(0, 7));
  const perMonth = (v: number) => Math.round(v / horizon);
  const last = shown.at(-1);
  const what = horizon === 3 ? `next quarter (${next[0]} to ${next[2]})` : `next month (${next[0]})`;
  const error = result.mape != null ? `${Math.round(result.mape)}%` : 'not measurable';
  return {
    type: 'chart',
    chart: 'line',
    title: `Forecast for ${what}: ${money(ctx, result.value)}`,
    points: [
      ...shown.map((m) => ({
        label: m.label,
        values: { actual: m.total, forecast: m === last ? m.total : null, low: null, high: null },
      })),
      ...next.map((label) => ({
        label,
        values: {
          actual: null,
          forecast: perMonth(result.value),
          low: perMonth(result.low),
          high: perMonth(result.high),
        },
      })),
    ],
    series: [
      { key: 'actual', label: 'Raised', kind: 'line' },
      { key: 'forecast', label: 'Forecast', kind: 'line' },
      { key: 'low', label: '80% interval, low', kind: 'band' },
      { key: 'high', label: '80% interval, high', kind: 'band' },
    ],
    currency: ctx.currency,
    note: `Method: ${METHOD_NAMES[result.method]}, chosen because it had the smaller error when backtested on this organisation's own last ${result.backtests} ${horizon === 3 ? 'quarters' : 'months'} (mean absolute error ${error}). 80% interval: ${money(ctx, result.low)} to ${money(ctx, result.high)}. The current month so far is left out. ${understood(ctx, { period: false })}`.trim(),
  };
}

export async function growth(ctx: AnalystContext): Promise<TAnalysis> {
  const { months } = await monthlyTotals(ctx);
  const shown = months.slice(-12);
  if (shown.length < 2)
    return {
      type: 'text',
      title: 'Not enough history',
      text: 'Growth needs at least two full months of gifts.',
      suggestions: [],
    };
  const year = shown.reduce((a, m) => a + m.total, 0);
  const before = months.slice(-24, -12).reduce((a, m) => a + m.total, 0);
  const yoy =
    before > 0
      ? `${year >= before ? '+' : ''}${Math.round((100 * (year - before)) / before)}% against the 12 months before`
      : 'no earlier year to compare';
  return {
    type: 'chart',
    chart: 'bar',
    title: 'Giving month by month',
    points: shown.map((m) => ({ label: m.label, values: { raised: m.total } })),
    series: [{ key: 'raised', label: 'Raised', kind: 'bar' }],
    currency: ctx.currency,
    note: `The last ${shown.length} full months raised ${money(ctx, year)} (${yoy}). ${understood(ctx, { period: false })}`.trim(),
  };
}

export async function churnRiskTable(ctx: AnalystContext): Promise<TAnalysis> {
  const { quality, donors } = await churnRisk(ctx.db, ctx, ctx.now);
  const risky = donors.filter((d) => d.risk >= 50).slice(0, ctx.q.limit);
  const model =
    quality.method === 'rules'
      ? `Scored by stated rules: ${quality.note}`
      : `Logistic regression trained on this organisation's donors: AUC ${quality.auc?.toFixed(2)} on ${quality.held_out} held-out donors, against ${quality.recency_auc?.toFixed(2)} for days since the last gift alone.`;
  if (!risky.length)
    return {
      type: 'text',
      title: 'No donor at high churn risk',
      text: `No donor has a churn risk of 50% or more. ${model}`,
      suggestions: [],
    };
  return {
    type: 'table',
    title: 'Donors most likely to stop giving',
    columns: [
      { key: 'donor', label: 'Donor' },
      { key: 'risk', label: 'Churn risk' },
      { key: 'last_gift', label: 'Days since last gift' },
      { key: 'gifts', label: 'Gifts in the last year' },
      { key: 'plan', label: 'Recurring plan' },
    ],
    rows: risky.map((d) => ({
      donor: d.name,
      risk: `${d.risk}%`,
      last_gift: d.recencyDays,
      gifts: d.gifts365,
      plan: d.recurring ? (d.failed365 > 0 ? `Yes, ${d.failed365} failed` : 'Yes') : 'No',
    })),
    note: `Risk of no gift in the next 180 days. ${model}`,
  };
}
