// Tax report queries (docs/product/reports.md#tax): receipts issued by number range, US written
// acknowledgements (single gifts of 250 USD or more) and Gift Aid declared gifts.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { donorNameSql } from '../donors/index.ts';
import { giftsWhere, type IncomeScope, type ReportFilter } from './income.repository.ts';

/** At most this many gifts are listed; the total line still counts every one. */
export const TAX_LIST_LIMIT = 5_000;

export type ReceiptRangeRecord = {
  month: string;
  first_number: string;
  last_number: string;
  receipts: number;
  emailed: number;
  amount: number;
};

/**
 * A receipt number's place in number order as one text (its length, zero-padded, then the number,
 * compared byte by byte), so `1-000010` comes after `1-000009` and a longer number after shorter
 * ones; min and max of it find a month's first and last number without sorting its receipts.
 */
const NUMBER_KEY = sql`(lpad(length(d.receipt_number)::text, 6, '0') || d.receipt_number) COLLATE "C"`;

/**
 * Receipts issued for the period's gifts (a receipt number is given with the gift), per month the
 * gift was given: the first and last number, how many, how many were e-mailed, and their amount.
 * One aggregate per month over its range of the receipts' partial index (decision 103): no sort or
 * hash of the period's receipts; all time runs from the first receipted gift to the last.
 */
export async function selectReceiptRanges(
  db: Db,
  scope: IncomeScope,
  filter: ReportFilter,
): Promise<ReceiptRangeRecord[]> {
  const receipted = sql`d.npo_id = ${scope.npoId} AND d.status IN ('succeeded', 'refunded') AND d.receipt_number IS NOT NULL`;
  const start = scope.start
    ? sql`${scope.start.toISOString()}::timestamptz`
    : sql`(SELECT min(d.created_at) FROM donations d WHERE ${receipted})`;
  const end = scope.end
    ? sql`${scope.end.toISOString()}::timestamptz`
    : sql`(SELECT max(d.created_at) FROM donations d WHERE ${receipted})`;
  const { rows } = await db.execute<ReceiptRangeRecord>(sql`
    WITH b AS (SELECT ${start} AT TIME ZONE ${scope.zone} AS lo, ${end} AT TIME ZONE ${scope.zone} AS hi),
    m AS (
      SELECT month, month AT TIME ZONE ${scope.zone} AS month_start,
        (month + interval '1 month') AT TIME ZONE ${scope.zone} AS month_end
      FROM b, generate_series(date_trunc('month', b.lo), b.hi, interval '1 month') AS month
    )
    SELECT to_char(m.month, 'YYYY-MM') AS month, x.first_number, x.last_number, x.receipts, x.emailed, x.amount
    FROM m CROSS JOIN LATERAL (
      SELECT substr(min(${NUMBER_KEY}), 7) AS first_number, substr(max(${NUMBER_KEY}), 7) AS last_number,
        count(*)::int AS receipts, count(d.receipt_sent_at)::int AS emailed, sum(d.base_amount_minor)::bigint AS amount
      FROM donations d
      WHERE ${giftsWhere(scope, filter)} AND d.receipt_number IS NOT NULL
        AND d.created_at >= m.month_start AND d.created_at < m.month_end
    ) x
    WHERE x.receipts > 0
    ORDER BY 1`);
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

export type TaxGiftRecord = {
  id: number;
  day: string;
  donor: string;
  email: string | null;
  amount: number;
  receipt_number: string | null;
  receipt_sent: string | null;
  status: string;
  declared_name: string | null;
  postcode: string | null;
  declared_on: string | null;
  total_gifts: number;
  total_amount: number;
};

/**
 * The period's gifts matching `where` (in their own currency, `currency`), oldest first, at most
 * TAX_LIST_LIMIT, each with the count and sum of all of them.
 */
export async function selectTaxGifts(
  db: Db,
  scope: IncomeScope,
  filter: ReportFilter,
  where: SQL,
): Promise<TaxGiftRecord[]> {
  // The total apart from the list: the list stops after TAX_LIST_LIMIT gifts in time order
  // (the period index read in order), the total is one aggregate.
  const { rows } = await db.execute<TaxGiftRecord>(sql`
    WITH t AS (
      SELECT count(*)::int AS total_gifts, coalesce(sum(d.amount_minor), 0)::bigint AS total_amount
      FROM donations d WHERE ${giftsWhere(scope, filter)} AND ${where}
    ),
    l AS (
      SELECT d.id, d.created_at, d.donor_id, d.amount_minor, d.receipt_number, d.receipt_sent_at, d.status,
        d.gift_aid_name, d.gift_aid_postcode, d.gift_aid_declared_on
      FROM donations d WHERE ${giftsWhere(scope, filter)} AND ${where}
      ORDER BY d.created_at, d.id
      LIMIT ${TAX_LIST_LIMIT}
    )
    SELECT d.id, to_char(d.created_at AT TIME ZONE ${scope.zone}, 'YYYY-MM-DD') AS day, ${donorNameSql('dn')} AS donor,
      dn.email, d.amount_minor::bigint AS amount, d.receipt_number,
      to_char(d.receipt_sent_at AT TIME ZONE ${scope.zone}, 'YYYY-MM-DD') AS receipt_sent, d.status,
      d.gift_aid_name AS declared_name, d.gift_aid_postcode AS postcode, d.gift_aid_declared_on::text AS declared_on,
      t.total_gifts, t.total_amount
    FROM l d JOIN donors dn ON dn.id = d.donor_id CROSS JOIN t
    ORDER BY d.created_at, d.id`);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    amount: Number(r.amount),
    total_amount: Number(r.total_amount),
  }));
}

/** US written acknowledgements: single gifts of 250 USD or more (IRS Publication 1771). */
export const US_ACKNOWLEDGEMENT = sql`d.currency = 'USD' AND d.amount_minor >= 25000`;
/** Gifts with a Gift Aid declaration, in pounds (the only currency HMRC repays on). */
export const GIFT_AID_DECLARED = sql`d.gift_aid AND d.currency = 'GBP'`;
