// Tax report queries (docs/product/reports.md#tax): receipts issued by number range, US written
// acknowledgements (single gifts of 250 USD or more) and Gift Aid declared gifts.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { donorNameSql } from '../donors/index.ts';
import { giftsWhere, type IncomeScope, type ReportFilter } from './income.repository.ts';

/** At most this many gifts are listed; the total line still counts every one. */
export const TAX_LIST_LIMIT = 5_000;

const within = (column: SQL, scope: IncomeScope) => {
  const c: SQL[] = [];
  if (scope.start) c.push(sql`${column} >= ${scope.start.toISOString()}::timestamptz`);
  if (scope.end) c.push(sql`${column} < ${scope.end.toISOString()}::timestamptz`);
  return c.length ? sql.join(c, sql` AND `) : sql`true`;
};

export type ReceiptRangeRecord = {
  month: string;
  first_number: string;
  last_number: string;
  receipts: number;
  amount: number;
};

/** Receipts e-mailed in the period, per month they were sent: the first and last number sent and how many. */
export async function selectReceiptRanges(
  db: Db,
  scope: IncomeScope,
  filter: ReportFilter,
): Promise<ReceiptRangeRecord[]> {
  const anyDay = { ...scope, start: null, end: null };
  const { rows } = await db.execute<ReceiptRangeRecord>(sql`
    SELECT to_char(date_trunc('month', d.receipt_sent_at AT TIME ZONE ${scope.zone}), 'YYYY-MM') AS month,
      (array_agg(d.receipt_number ORDER BY d.receipt_sent_at, d.id))[1] AS first_number,
      (array_agg(d.receipt_number ORDER BY d.receipt_sent_at DESC, d.id DESC))[1] AS last_number,
      count(*)::int AS receipts, sum(d.base_amount_minor)::bigint AS amount
    FROM donations d
    WHERE ${giftsWhere(anyDay, filter)} AND d.receipt_number IS NOT NULL AND d.receipt_sent_at IS NOT NULL
      AND ${within(sql`d.receipt_sent_at`, scope)}
    GROUP BY 1 ORDER BY 1`);
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
  const { rows } = await db.execute<TaxGiftRecord>(sql`
    SELECT d.id, to_char(d.created_at AT TIME ZONE ${scope.zone}, 'YYYY-MM-DD') AS day, ${donorNameSql('dn')} AS donor,
      dn.email, d.amount_minor::bigint AS amount, d.receipt_number,
      to_char(d.receipt_sent_at AT TIME ZONE ${scope.zone}, 'YYYY-MM-DD') AS receipt_sent, d.status,
      d.gift_aid_name AS declared_name, d.gift_aid_postcode AS postcode, d.gift_aid_declared_on::text AS declared_on,
      count(*) OVER ()::int AS total_gifts, sum(d.amount_minor) OVER ()::bigint AS total_amount
    FROM donations d JOIN donors dn ON dn.id = d.donor_id
    WHERE ${giftsWhere(scope, filter)} AND ${where}
    ORDER BY d.created_at, d.id
    LIMIT ${TAX_LIST_LIMIT}`);
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
