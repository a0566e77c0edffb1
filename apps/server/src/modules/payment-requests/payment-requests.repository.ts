// Reads and writes of payment requests. The status is derived in SQL (one expression, used by the
// list's filter and every read), so it is never stale: a due date passing makes a request overdue.
import type { TPaymentRequestStatus } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';

/** The status of `r` (payment_requests) for organisation `n` (npos, for its day). */
export const statusSql = sql`CASE
  WHEN r.cancelled_at IS NOT NULL THEN 'cancelled'
  WHEN r.paid_at IS NOT NULL THEN 'paid'
  WHEN r.expires_at IS NOT NULL AND r.expires_at <= now() THEN 'expired'
  WHEN r.due_on IS NOT NULL AND r.due_on < (now() AT TIME ZONE n.time_zone)::date THEN 'overdue'
  WHEN r.paid_minor > 0 THEN 'partly_paid'
  ELSE 'open' END`;

/** What is still asked: a fixed request's remainder, a minimum request's minimum, nothing once closed. */
const outstandingSql = sql`CASE WHEN r.cancelled_at IS NOT NULL OR r.paid_at IS NOT NULL
  OR (r.expires_at IS NOT NULL AND r.expires_at <= now()) THEN 0
  WHEN r.amount_kind = 'minimum' THEN r.amount_minor
  ELSE GREATEST(r.amount_minor - r.paid_minor, 0) END`;

export type RequestRow = {
  id: number;
  npo_id: number;
  public_id: string;
  status: TPaymentRequestStatus;
  donor_id: number | null;
  payer_first_name: string;
  payer_last_name: string;
  payer_email: string;
  amount_kind: 'fixed' | 'minimum';
  amount_minor: number;
  paid_minor: number;
  outstanding_minor: number;
  currency: string;
  purpose: string;
  description: string;
  campaign_id: number;
  campaign_name: string;
  designation_id: number | null;
  due_on: string | null;
  expires_at: Date | string | null;
  reference: string;
  allow_fee_cover: boolean;
  instalments: number;
  last_sent_at: Date | string | null;
  cancelled_at: Date | string | null;
  created_at: Date | string;
  organisation: string;
  logo_url: string | null;
  locale: string;
  time_zone: string;
};

const selectRequests = (where: SQL) => sql`
  SELECT r.id::int, r.npo_id::int, r.public_id, ${statusSql} AS status, r.donor_id::int, r.payer_first_name,
    r.payer_last_name, r.payer_email, r.amount_kind, r.amount_minor::bigint::float8 AS amount_minor,
    r.paid_minor::float8 AS paid_minor, (${outstandingSql})::float8 AS outstanding_minor, r.currency, r.purpose,
    r.description, r.campaign_id::int, c.name AS campaign_name, r.designation_id::int, r.due_on::text,
    r.expires_at, r.reference, r.allow_fee_cover, r.instalments, r.last_sent_at, r.cancelled_at, r.created_at,
    n.name AS organisation, n.logo_url, n.locale, n.time_zone
  FROM payment_requests r JOIN npos n ON n.id = r.npo_id JOIN campaigns c ON c.id = r.campaign_id
  WHERE ${where}`;

export async function listRequests(
  db: Db,
  npoId: number,
  filter: { status?: TPaymentRequestStatus | undefined; donorId?: number | undefined },
): Promise<RequestRow[]> {
  const conditions = [sql`r.npo_id = ${npoId}`];
  if (filter.status) conditions.push(sql`${statusSql} = ${filter.status}`);
  if (filter.donorId) conditions.push(sql`r.donor_id = ${filter.donorId}`);
  const { rows } = await db.execute<RequestRow>(
    sql`${selectRequests(sql.join(conditions, sql` AND `))} ORDER BY r.created_at DESC, r.id DESC LIMIT 500`,
  );
  return rows;
}

export async function outstandingTotals(db: Db, npoId: number) {
  const { rows } = await db.execute<{ currency: string; amount_minor: number }>(sql`
    SELECT r.currency, sum(${outstandingSql})::float8 AS amount_minor
    FROM payment_requests r WHERE r.npo_id = ${npoId}
    GROUP BY r.currency HAVING sum(${outstandingSql}) > 0 ORDER BY r.currency`);
  return rows;
}

export async function findRequest(db: Db | Tx, npoId: number, id: number): Promise<RequestRow | null> {
  const { rows } = await db.execute<RequestRow>(selectRequests(sql`r.npo_id = ${npoId} AND r.id = ${id}`));
  return rows[0] ?? null;
}

export async function findByPublicId(db: Db | Tx, publicId: string): Promise<RequestRow | null> {
  const { rows } = await db.execute<RequestRow>(selectRequests(sql`r.public_id = ${publicId}`));
  return rows[0] ?? null;
}

/** The same request, its row locked until the transaction ends: payments against it queue here. */
export async function lockByPublicId(tx: Tx, publicId: string): Promise<RequestRow | null> {
  await tx.execute(sql`SELECT 1 FROM payment_requests WHERE public_id = ${publicId} FOR UPDATE`);
  return findByPublicId(tx, publicId);
}

export async function lockById(tx: Tx, npoId: number, id: number): Promise<RequestRow | null> {
  await tx.execute(sql`SELECT 1 FROM payment_requests WHERE npo_id = ${npoId} AND id = ${id} FOR UPDATE`);
  return findRequest(tx, npoId, id);
}

export async function requestPayments(db: Db, requestId: number) {
  const { rows } = await db.execute<{
    donation_id: number;
    amount_minor: number;
    currency: string;
    paid_at: Date | string;
    payment_method: string | null;
    provider: string | null;
    receipt_number: string | null;
  }>(sql`
    SELECT d.id::int AS donation_id, p.amount_minor::float8 AS amount_minor, d.currency, d.created_at AS paid_at,
      d.payment_method, d.provider, d.receipt_number
    FROM payment_request_payments p JOIN donations d ON d.id = p.donation_id
    WHERE p.request_id = ${requestId} ORDER BY d.created_at, d.id`);
  return rows;
}

/**
 * Counts a donation against a locked request: once per donation, and the request is paid when a
 * fixed request's amount is reached or a minimum request received any payment.
 */
export async function addPayment(tx: Tx, request: RequestRow, donationId: number, amountMinor: number) {
  const inserted = await tx.execute(sql`
    INSERT INTO payment_request_payments (donation_id, request_id, amount_minor)
    VALUES (${donationId}, ${request.id}, ${amountMinor}) ON CONFLICT (donation_id) DO NOTHING RETURNING 1`);
  if (inserted.rows.length === 0) return false;
  const paid = request.paid_minor + amountMinor;
  const complete = request.amount_kind === 'minimum' || paid >= request.amount_minor;
  await tx.execute(sql`
    UPDATE payment_requests SET paid_minor = ${paid}, paid_at = ${complete ? sql`now()` : sql`NULL`}
    WHERE id = ${request.id}`);
  return true;
}
