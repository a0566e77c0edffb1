import type { TDonationListFilter } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { addDays, midnightIn } from '../../platform/format/calendar.ts';
import { givingDays } from '../analysis/index.ts';
import {
  donationFilterWhere,
  donationOrderBy,
  donationRowColumns,
  donationRowJoins,
  oneOf,
} from './donation-list.sql.ts';

export type DonationListRecord = {
  id: number;
  created_at: Date | string;
  receipt_number: string | null;
  donor_id: number;
  first_name: string;
  last_name: string;
  email: string;
  amount_minor: number;
  fee_covered_minor: number;
  currency: string;
  base_amount_minor: number;
  base_currency: string;
  campaign_id: number | null;
  campaign_name: string | null;
  designation_name: string | null;
  payment_method: string | null;
  provider: string | null;
  provider_reference: string | null;
  interval: string;
  status: string;
  gift_aid: boolean;
  refunded_at: Date | string | null;
};

export type CurrencyTotal = { currency: string; count: number; amount_minor: number; base_amount_minor: number };

/** One page of the filtered, sorted donations (an index scan that stops after `limit` rows). */
export async function selectDonationPage(
  db: Db,
  npoId: number,
  filter: TDonationListFilter,
  limit: number,
  offset: number,
): Promise<DonationListRecord[]> {
  const { rows } = await db.execute<DonationListRecord>(sql`
    SELECT ${donationRowColumns}
    FROM donations d ${donationRowJoins}
    WHERE ${donationFilterWhere(npoId, filter)}
    ORDER BY ${donationOrderBy(filter.sort, filter.order)}
    LIMIT ${limit} OFFSET ${offset}`);
  return rows;
}

export async function organisationZone(db: Db, npoId: number): Promise<string> {
  return (await organisationCalendar(db, npoId)).timeZone;
}

/** The organisation's time zone and locale (decision 027): UTC and en-US when it has none. */
export async function organisationCalendar(db: Db, npoId: number): Promise<{ timeZone: string; locale: string }> {
  const { rows } = await db.execute<{ zone: string; locale: string }>(
    sql`SELECT time_zone AS zone, locale FROM npos WHERE id = ${npoId}`,
  );
  return { timeZone: rows[0]?.zone ?? 'UTC', locale: rows[0]?.locale ?? 'en-US' };
}

/** Filter keys that never narrow the set (sorting) or that the day sums' 'list' rows are keyed by. */
const SUMMED_PER_DAY = new Set(['date_from', 'date_to', 'status', 'currency', 'sort', 'order']);

/** Whether the filter uses only dates, statuses and currencies (the page's first view has none). */
const summablePerDay = (filter: Partial<TDonationListFilter>) =>
  Object.entries(filter).every(
    ([key, value]) => SUMMED_PER_DAY.has(key) || value === undefined || (Array.isArray(value) && value.length === 0),
  );

/**
 * Count and sums of the whole filtered set per currency. A filter of dates, statuses and currencies
 * only is read from the day sums (the analysis module's `givingDays`, 'list' rows: every donation
 * per day, status and currency); any other filter from the donations table alone (no join: the
 * filter never needs one), so the count costs no more than the sums.
 */
export async function selectDonationTotals(
  db: Db,
  npoId: number,
  filter: Partial<TDonationListFilter>,
): Promise<CurrencyTotal[]> {
  if (summablePerDay(filter)) {
    // The filter's days start at midnight in the organisation's time zone (decision 027).
    const zone = filter.date_from || filter.date_to ? await organisationZone(db, npoId) : 'UTC';
    const range = {
      from: filter.date_from ? midnightIn(filter.date_from, zone) : undefined,
      to: filter.date_to ? midnightIn(addDays(filter.date_to, 1), zone) : undefined,
    };
    const status = filter.status?.length ? sql`AND ${oneOf(sql`l.status`, filter.status)}` : sql``;
    const currency = filter.currency?.length ? sql`AND ${oneOf(sql`l.currency`, filter.currency)}` : sql``;
    const { rows } = await db.execute<CurrencyTotal>(sql`
      SELECT l.currency, sum(l.donations)::bigint AS count, sum(l.amount_minor)::bigint AS amount_minor,
        sum(l.gross)::bigint AS base_amount_minor
      FROM ${givingDays(npoId, 'list', range)} l
      WHERE true ${status} ${currency}
      GROUP BY l.currency ORDER BY l.currency`);
    return rows;
  }
  const { rows } = await db.execute<CurrencyTotal>(sql`
    SELECT d.currency, count(*)::bigint AS count, coalesce(sum(d.amount_minor), 0)::bigint AS amount_minor,
      coalesce(sum(d.base_amount_minor), 0)::bigint AS base_amount_minor
    FROM donations d
    WHERE ${donationFilterWhere(npoId, filter)}
    GROUP BY d.currency ORDER BY d.currency`);
  return rows;
}

export async function selectBaseCurrency(db: Db, npoId: number): Promise<string> {
  const { rows } = await db.execute<{ base_currency: string }>(sql`SELECT base_currency FROM npos WHERE id = ${npoId}`);
  return rows[0]?.base_currency ?? 'USD';
}

/**
 * The distinct methods, currencies and designations of the organisation's donations, in one pass.
 * The filter bar loads this once per visit (the web app caches it), not per filter change.
 */
async function distinctValues(db: Db, npoId: number) {
  const { rows } = await db.execute<{
    methods: string[] | null;
    currencies: string[] | null;
    designations: string[] | null;
  }>(sql`
    SELECT array_agg(DISTINCT payment_method) FILTER (WHERE payment_method IS NOT NULL) AS methods,
      array_agg(DISTINCT currency) AS currencies,
      array_agg(DISTINCT designation_name) FILTER (WHERE designation_name IS NOT NULL) AS designations
    FROM donations WHERE npo_id = ${npoId}`);
  const row = rows[0];
  return { methods: row?.methods ?? [], currencies: row?.currencies ?? [], designations: row?.designations ?? [] };
}

/** The choices of the filter bar: campaigns by name, and the values the donations hold. */
export async function selectFilterOptions(db: Db, npoId: number) {
  const [campaigns, values, baseCurrency] = await Promise.all([
    db.execute<{ id: number; name: string }>(
      sql`SELECT id, name FROM campaigns WHERE npo_id = ${npoId} AND parent_campaign_id IS NULL ORDER BY lower(name), id`,
    ),
    distinctValues(db, npoId),
    selectBaseCurrency(db, npoId),
  ]);
  return { campaigns: campaigns.rows, ...values, baseCurrency };
}
