import { currencyExponent, type TConsoleAnalytics, type TConsoleGrowthMonth } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { closedMonthsSince } from './console-figures.repository.ts';
import { factorsInto } from './console-index.service.ts';
import { getPlatformSettings } from './console-settings.ts';

// /console/analytics: twelve months of growth and health from the roll-up's months alone (closed days,
// docs/decisions/063-console-growth.md and 095-console-monthly-figures.md); an organisation is active in a month
// when it took at least one gift in it.

/** Money processed over the twelve months, in major units of the reporting currency. */
const SIZE_BUCKETS = [
  { label: 'None', from: 0 },
  { label: 'Under 1,000', from: 1 },
  { label: '1,000 – 10,000', from: 1_000 },
  { label: '10,000 – 100,000', from: 10_000 },
  { label: '100,000 – 1 million', from: 100_000 },
  { label: '1 million or more', from: 1_000_000 },
] as const;

const monthKey = (d: Date) => d.toISOString().slice(0, 7);
const monthsFrom = (first: Date, n: number) =>
  Array.from({ length: n }, (_, i) => monthKey(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1))));

async function readRollUp(db: Db, from: Date) {
  return (await closedMonthsSince(db, from.toISOString().slice(0, 10))).map((r) => ({
    ...r,
    month: r.month.slice(0, 7),
  }));
}

async function newOrganisationsByMonth(db: Db, from: Date): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ month: string; n: number }>(sql`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*)::int AS n
    FROM npos WHERE created_at >= ${from.toISOString()}::timestamptz GROUP BY 1`);
  return new Map(rows.map((r) => [r.month, Number(r.n)]));
}

/** New donors of closed days, from the roll-up's months (decision 095). */
async function newDonorsByMonth(db: Db, from: Date): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ month: string; n: number }>(sql`
    SELECT to_char(month, 'YYYY-MM') AS month, sum(donors_new)::int AS n
    FROM console_monthly_donors WHERE month >= ${from.toISOString().slice(0, 10)}::date GROUP BY 1`);
  return new Map(rows.map((r) => [r.month, Number(r.n)]));
}

export async function consoleAnalytics(db: Db, now = new Date()): Promise<TConsoleAnalytics> {
  // One month before the first shown, for the first month's retention.
  const before = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, 1));
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const [settings, money, newOrganisations, newDonors, organisationCount] = await Promise.all([
    getPlatformSettings(db),
    readRollUp(db, before),
    newOrganisationsByMonth(db, first),
    newDonorsByMonth(db, first),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM npos WHERE status <> 'closed'`),
  ]);
  const factors = await factorsInto(db, settings.reporting_currency, [...new Set(money.map((r) => r.currency))]);
  const keys = monthsFrom(first, 12);
  const months = new Map<string, TConsoleGrowthMonth>(
    keys.map((month) => [
      month,
      {
        month,
        organisations_new: newOrganisations.get(month) ?? 0,
        organisations_active: 0,
        retention: null,
        donors_new: newDonors.get(month) ?? 0,
        gross_minor: 0,
        refunds_minor: 0,
        fees_minor: 0,
      },
    ]),
  );
  const active = new Map<string, Set<number>>();
  const processed = new Map<number, number>();
  for (const r of money) {
    if (r.donations > 0) active.set(r.month, (active.get(r.month) ?? new Set()).add(r.npo_id));
    const point = months.get(r.month);
    const factor = factors.get(r.currency);
    if (!point || factor === undefined) continue;
    const gross = Math.round(r.gross * factor);
    point.gross_minor += gross;
    point.refunds_minor += Math.round(r.refunds * factor);
    point.fees_minor += Math.round(r.fees * factor);
    processed.set(r.npo_id, (processed.get(r.npo_id) ?? 0) + gross);
  }
  let previous = active.get(monthKey(before));
  for (const point of months.values()) {
    const current = active.get(point.month) ?? new Set<number>();
    point.organisations_active = current.size;
    point.retention = previous?.size ? [...previous].filter((id) => current.has(id)).length / previous.size : null;
    previous = current;
  }
  return {
    currency: settings.reporting_currency,
    months: [...months.values()],
    sizes: sizeBuckets(processed, Number(organisationCount.rows[0]?.n ?? 0), settings.reporting_currency),
  };
}

function sizeBuckets(processed: Map<number, number>, organisations: number, currency: string) {
  const unit = 10 ** currencyExponent(currency);
  const counts = SIZE_BUCKETS.map(() => 0);
  for (const minor of processed.values()) {
    if (minor <= 0) continue;
    const major = minor / unit;
    let i = SIZE_BUCKETS.length - 1;
    while (i > 1 && major < (SIZE_BUCKETS[i]?.from ?? 0)) i--;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  const withMoney = counts.reduce((a, b) => a + b, 0);
  counts[0] = Math.max(0, organisations - withMoney);
  return SIZE_BUCKETS.map((b, i) => ({ label: b.label, from_minor: b.from * unit, organisations: counts[i] ?? 0 }));
}
