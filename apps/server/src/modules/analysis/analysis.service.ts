import {
  currencyExponent,
  type TAnalysisPeriodQuery,
  type TGiftAnalysis,
  type THomeAnalysis,
  type TLapsedAnalysis,
  type TRecurringAnalysis,
  type TRetentionAnalysis,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { addMonthsToFirst, dayIn, midnightIn } from '../../platform/format/calendar.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { givingYearIn, retentionBoundariesIn } from '../donors/index.ts';
import * as gifts from './gifts.repository.ts';
import { granularityOf, labelsOf, periodOf, previousPeriodOf } from './period.ts';
import { selectPlanFigures, selectPlanSeries, selectRecovery } from './recurring.repository.ts';
import { selectLapsed, selectRetentionCounts } from './retention.repository.ts';

const LAPSED_LIST_LENGTH = 50;

/** Percent with one decimal, or null when there is nothing to divide by. */
const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
/** Gift bands in major units of the base currency (scaled by its exponent). */
const BAND_EDGES_MAJOR = [0, 10, 25, 50, 100, 250, 500, 1000];

type Organisation = { currency: string; fiscalYearStartMonth: number; zone: string };

async function organisationOf(db: Db, npoId: number): Promise<Organisation> {
  const { rows } = await db.execute<{ currency: string; start_month: number; zone: string }>(
    sql`SELECT base_currency AS currency, fiscal_year_start_month AS start_month, time_zone AS zone
      FROM npos WHERE id = ${npoId}`,
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', 'Organisation not found.');
  return { currency: row.currency, fiscalYearStartMonth: row.start_month, zone: row.zone };
}

/**
 * The home page's charts: the last `months` months (twelve unless the user's dashboard settings
 * say otherwise) by month, by campaign and by method, and the latest gifts.
 */
export async function getHomeAnalysis(db: Db, npoId: number, months = 12, now = new Date()): Promise<THomeAnalysis> {
  const { currency, zone } = await organisationOf(db, npoId);
  const since = midnightIn(addMonthsToFirst(dayIn(now, zone), 1 - months), zone);
  const [raised, byCampaign, byMethod, recent] = await Promise.all([
    gifts.selectMoneySeries(db, npoId, { start: since, end: now, zone }, 'month'),
    gifts.selectByCampaign(db, npoId, since, 8),
    gifts.selectByMethod(db, npoId, since),
    gifts.selectRecentDonations(db, npoId, 8),
  ]);
  return { currency, raised_by_month: raised, by_campaign: byCampaign, by_method: byMethod, recent_donations: recent };
}

export async function getGiftAnalysis(db: Db, npoId: number, query: TAnalysisPeriodQuery): Promise<TGiftAnalysis> {
  const { currency, zone } = await organisationOf(db, npoId);
  const period = periodOf(query, zone);
  const granularity = granularityOf(period);
  const scale = 10 ** currencyExponent(currency);
  const [totals, series, distribution] = await Promise.all([
    gifts.selectGiftTotals(db, npoId, period),
    gifts.selectMoneySeries(db, npoId, period, granularity),
    gifts.selectDistribution(
      db,
      npoId,
      period,
      BAND_EDGES_MAJOR.map((edge) => edge * scale),
    ),
  ]);
  const { gross, ...net } = totals;
  return {
    currency,
    period: labelsOf(period),
    gross,
    refunded: gross - net.total,
    ...net,
    granularity,
    series,
    distribution,
  };
}

export async function getRetentionAnalysis(
  db: Db,
  npoId: number,
  query: TAnalysisPeriodQuery,
): Promise<TRetentionAnalysis> {
  const { zone } = await organisationOf(db, npoId);
  const period = periodOf(query, zone);
  const previous = previousPeriodOf(period);
  const c = await selectRetentionCounts(db, npoId, period, previous);
  const rate = (base: number, retained: number) => ({ base, retained, rate: percent(retained, base) });
  return {
    period: labelsOf(period),
    previous_period: labelsOf(previous),
    overall: rate(c.overall_base, c.overall_retained),
    new: rate(c.new_base, c.new_retained),
    repeat: rate(c.repeat_base, c.repeat_retained),
  };
}

/** LYBUNT/SYBUNT as of `now`, by the organisation's giving year (calendar or fiscal). */
export async function getLapsedAnalysis(db: Db, npoId: number, now = new Date()): Promise<TLapsedAnalysis> {
  const org = await organisationOf(db, npoId);
  const bounds = retentionBoundariesIn(now, org.fiscalYearStartMonth, org.zone);
  const groups = await selectLapsed(db, npoId, bounds, LAPSED_LIST_LENGTH);
  return {
    currency: org.currency,
    giving_year: givingYearIn(now, org.fiscalYearStartMonth, org.zone),
    fiscal_year_start_month: org.fiscalYearStartMonth,
    ...groups,
  };
}

export async function getRecurringAnalysis(
  db: Db,
  npoId: number,
  query: TAnalysisPeriodQuery,
): Promise<TRecurringAnalysis> {
  const { currency, zone } = await organisationOf(db, npoId);
  const period = periodOf(query, zone);
  const [figures, recovery, series] = await Promise.all([
    selectPlanFigures(db, npoId, period),
    selectRecovery(db, npoId, period),
    selectPlanSeries(db, npoId, period),
  ]);
  const { voluntary, failed, ...plans } = figures;
  return {
    currency,
    period: labelsOf(period),
    ...plans,
    churn: { voluntary, failed, rate: percent(voluntary + failed, plans.plans_at_start) },
    recovery: { ...recovery, rate: percent(recovery.recovered, recovery.past_due) },
    series,
  };
}
