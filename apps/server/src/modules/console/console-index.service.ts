import { currencyExponent, type TConsoleIndex } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { describePath, ratePath, usableRates } from '../donations/index.ts';
import { figuresThrough, liveLedgerByDay, rolledMoneySince } from './console-figures.repository.ts';
import { activePlans, jobFigures, type MoneyRow, organisationCounts } from './console-index.repository.ts';
import { getPlatformSettings } from './console-settings.ts';

/**
 * Each organisation's base currency into the reporting currency with the platform's own rates (the
 * fetched reference rates, else the defaults; never an organisation's manual rate), as the
 * exchange-rates page would convert them (docs/decisions/046-platform-console.md).
 */
export async function factorsInto(db: Db, to: string, currencies: string[]) {
  const rows = await usableRates(db, 0, [...currencies, to]);
  const factors = new Map<string, number>([[to, 1]]);
  for (const from of currencies) {
    if (from === to) continue;
    const path = ratePath(rows, from, to);
    if (path) factors.set(from, describePath(path).rate * 10 ** (currencyExponent(to) - currencyExponent(from)));
  }
  return factors;
}

type Point = TConsoleIndex['by_day'][number];

function sumPeriods(rows: MoneyRow[], factors: Map<string, number>, periods: string[]): Point[] {
  const byPeriod = new Map(
    periods.map((p) => [p, { period: p, donations: 0, gross_minor: 0, refunds_minor: 0, fees_minor: 0 }]),
  );
  for (const r of rows) {
    const point = byPeriod.get(r.period);
    const factor = factors.get(r.currency);
    if (!point || factor === undefined) continue;
    point.donations += r.donations;
    point.gross_minor += Math.round(r.gross * factor);
    point.refunds_minor += Math.round(r.refunds * factor);
    point.fees_minor += Math.round(r.fees * factor);
  }
  return [...byPeriod.values()];
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The console's index: organisations, money by day and month, plans, jobs and live health. */
export async function consoleIndex(db: Db, now = new Date()): Promise<TConsoleIndex> {
  // The health probe, the settings and the roll-up's end in one round trip's time (the index's cost
  // under load is mostly round trips one after another, bench/console/statements.ts).
  const probe = async () => {
    const started = performance.now();
    await db.execute(sql`SELECT 1`);
    return Math.round((performance.now() - started) * 10) / 10;
  };
  const [databaseMs, settings, through] = await Promise.all([probe(), getPlatformSettings(db), figuresThrough(db)]);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayFrom = new Date(today - 29 * 86_400_000);
  const monthFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  // The days after the roll-up are read from the ledger once, for the months and the days alike.
  const live = await liveLedgerByDay(db, through, monthFrom);
  const [months, days, organisations, plans, jobs] = await Promise.all([
    rolledMoneySince(db, monthFrom, 'month', through, live),
    rolledMoneySince(db, dayFrom, 'day', through, live),
    organisationCounts(db, monthStart),
    activePlans(db),
    jobFigures(db),
  ]);
  const currencies = [...new Set(months.map((r) => r.currency))];
  const factors = await factorsInto(db, settings.reporting_currency, currencies);
  const dayKeys = Array.from({ length: 30 }, (_, i) => utcDay(new Date(dayFrom.getTime() + i * 86_400_000)));
  const monthKeys = Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(monthFrom.getUTCFullYear(), monthFrom.getUTCMonth() + i, 1)).toISOString().slice(0, 7),
  );
  return {
    reporting_currency: settings.reporting_currency,
    organisations,
    by_day: sumPeriods(days, factors, dayKeys),
    by_month: sumPeriods(months, factors, monthKeys),
    active_plans: plans,
    failed_jobs: jobs.failed,
    health: { database_ms: databaseMs, queue_depth: jobs.queued },
    unconverted: currencies.filter((c) => !factors.has(c)),
  };
}
