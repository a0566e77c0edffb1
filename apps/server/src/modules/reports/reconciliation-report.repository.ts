// The reconciliation report's reads and the fetch job's writes (decision 104): payouts by arrival
// date with their lines' sums, the lines matched to gifts by the provider's payment id, and the
// upsert that keeps one row per provider id however often a period is fetched again.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import type { ProviderPayout } from '../payments/index.ts';

export type PayoutPeriodFilter = {
  npoId: number;
  from?: string | undefined;
  to?: string | undefined;
  currency: string;
};

export type PayoutSumRow = {
  id: number;
  provider: string;
  payout_id: string;
  arrival_date: string;
  status: string;
  currency: string;
  amount_minor: number;
  lines: number;
  charges_gross: number;
  refunds: number;
  disputes: number;
  fees: number;
  net: number;
  unmatched: number;
};

export type PayoutLineRow = {
  id: number;
  provider: string;
  payout_id: string;
  arrival_date: string;
  transaction_id: string;
  kind: string;
  source_id: string | null;
  payment_reference: string | null;
  gross_minor: number;
  fee_minor: number;
  net_minor: number;
  donation_id: number | null;
  donor_name: string | null;
};

const periodWhere = (f: PayoutPeriodFilter) => sql`p.npo_id = ${f.npoId} AND p.currency = ${f.currency}
  ${f.from ? sql`AND p.arrival_date >= ${f.from}::date` : sql``}
  ${f.to ? sql`AND p.arrival_date <= ${f.to}::date` : sql``}`;

// A line for a payment (charge, refund, dispute) matches the organisation's gift with the same
// provider reference; fees and adjustments without a payment belong to no gift.
const MATCH = sql`LEFT JOIN donations d ON d.npo_id = l.npo_id AND d.provider = l.provider
  AND d.provider_reference = l.payment_reference`;
const PAYMENT_KINDS = sql`('charge', 'refund', 'dispute')`;

/** Each payout of the period with its lines summed: fees are what was kept (line fees and fee lines). */
export async function selectPayoutSums(db: Db, f: PayoutPeriodFilter): Promise<PayoutSumRow[]> {
  const { rows } = await db.execute<PayoutSumRow>(sql`
    SELECT p.id::int, p.provider, p.payout_id, p.arrival_date::text, p.status, p.currency,
      p.amount_minor::bigint AS amount_minor,
      count(l.id)::int AS lines,
      coalesce(sum(l.gross_minor) FILTER (WHERE l.kind = 'charge'), 0)::bigint AS charges_gross,
      coalesce(sum(l.gross_minor) FILTER (WHERE l.kind = 'refund'), 0)::bigint AS refunds,
      coalesce(sum(l.gross_minor) FILTER (WHERE l.kind IN ('dispute', 'adjustment', 'other')), 0)::bigint AS disputes,
      (coalesce(sum(l.fee_minor), 0) - coalesce(sum(l.gross_minor) FILTER (WHERE l.kind = 'fee'), 0))::bigint AS fees,
      coalesce(sum(l.net_minor), 0)::bigint AS net,
      count(l.id) FILTER (WHERE l.kind IN ${PAYMENT_KINDS} AND d.id IS NULL)::int AS unmatched
    FROM provider_payouts p
    LEFT JOIN provider_payout_lines l ON l.payout_row_id = p.id
    ${MATCH}
    WHERE ${periodWhere(f)}
    GROUP BY p.id
    ORDER BY p.arrival_date, p.provider, p.payout_id`);
  return rows.map((r) => ({
    ...r,
    ...Object.fromEntries(
      (['amount_minor', 'charges_gross', 'refunds', 'disputes', 'fees', 'net'] as const).map((k) => [k, Number(r[k])]),
    ),
  })) as PayoutSumRow[];
}

/** Every line of the period's payouts, with the gift it matches (null: none). */
export async function selectPayoutLines(db: Db, f: PayoutPeriodFilter): Promise<PayoutLineRow[]> {
  const { rows } = await db.execute<PayoutLineRow>(sql`
    SELECT l.id::int, p.provider, p.payout_id, p.arrival_date::text, l.transaction_id, l.kind, l.source_id,
      l.payment_reference, l.gross_minor::bigint AS gross_minor, l.fee_minor::bigint AS fee_minor,
      l.net_minor::bigint AS net_minor, d.id::int AS donation_id,
      nullif(trim(concat_ws(' ', dn.first_name, dn.last_name)), '') AS donor_name
    FROM provider_payouts p
    JOIN provider_payout_lines l ON l.payout_row_id = p.id
    ${MATCH}
    LEFT JOIN donors dn ON dn.id = d.donor_id
    WHERE ${periodWhere(f)}
    ORDER BY p.arrival_date, p.provider, p.payout_id, l.occurred_at, l.id`);
  return rows.map((r) => ({
    ...r,
    gross_minor: Number(r.gross_minor),
    fee_minor: Number(r.fee_minor),
    net_minor: Number(r.net_minor),
  }));
}

/** The currencies of the period's payouts, most payouts first. */
export async function selectPayoutCurrencies(db: Db, f: Omit<PayoutPeriodFilter, 'currency'>): Promise<string[]> {
  const { rows } = await db.execute<{ currency: string }>(sql`
    SELECT p.currency FROM provider_payouts p
    WHERE p.npo_id = ${f.npoId}
      ${f.from ? sql`AND p.arrival_date >= ${f.from}::date` : sql``}
      ${f.to ? sql`AND p.arrival_date <= ${f.to}::date` : sql``}
    GROUP BY p.currency ORDER BY count(*) DESC, p.currency`);
  return rows.map((r) => r.currency);
}

/**
 * The organisation's connected Stripe account (an `acct_` id, else null: nothing connected) and its
 * time zone, as the report, its refresh route and its fetch job all need them.
 */
export async function selectStripeAccount(
  db: Db,
  npoId: number,
): Promise<{ accountId: string | null; timeZone: string }> {
  const { rows } = await db.execute<{ stripe_account_id: string | null; time_zone: string }>(
    sql`SELECT stripe_account_id, time_zone FROM npos WHERE id = ${npoId}`,
  );
  const id = rows[0]?.stripe_account_id ?? null;
  return { accountId: id?.startsWith('acct_') ? id : null, timeZone: rows[0]?.time_zone ?? 'UTC' };
}

export type FetchRow = {
  provider: string;
  requested_at: string;
  fetched_at: string | null;
  error: string | null;
  payouts: number;
  last_payout_fetch: string | null;
};

/** Per provider: the last fetch asked for and done, and how many payouts are stored. */
export async function selectFetches(db: Db, npoId: number): Promise<FetchRow[]> {
  const { rows } = await db.execute<FetchRow>(sql`
    WITH stored AS (
      SELECT provider, count(*)::int AS payouts, max(fetched_at) AS last_payout_fetch
      FROM provider_payouts WHERE npo_id = ${npoId} GROUP BY provider)
    SELECT coalesce(f.provider, s.provider) AS provider, f.requested_at::text, f.fetched_at::text, f.error,
      coalesce(s.payouts, 0)::int AS payouts, s.last_payout_fetch::text
    FROM (SELECT * FROM reconciliation_fetches WHERE npo_id = ${npoId}) f
    FULL JOIN stored s ON s.provider = f.provider`);
  return rows;
}

/** A fetch asked for now: clears the last failure, keeps when the last one finished. */
export async function markFetchRequested(db: Tx, npoId: number, provider: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO reconciliation_fetches (npo_id, provider, requested_at, error)
    VALUES (${npoId}, ${provider}, now(), NULL)
    ON CONFLICT (npo_id, provider) DO UPDATE SET requested_at = now(), error = NULL`);
}

export async function markFetchFinished(db: Tx, npoId: number, provider: string, error: string | null): Promise<void> {
  await db.execute(sql`
    INSERT INTO reconciliation_fetches (npo_id, provider, requested_at, fetched_at, error)
    VALUES (${npoId}, ${provider}, now(), ${error === null ? sql`now()` : sql`NULL`}, ${error})
    ON CONFLICT (npo_id, provider) DO UPDATE SET
      fetched_at = CASE WHEN ${error}::text IS NULL THEN now() ELSE reconciliation_fetches.fetched_at END,
      error = ${error}`);
}

/**
 * Stores the payouts and their lines by the provider's ids: a payout fetched again updates its
 * status and amount, a line fetched again its figures; nothing is stored twice.
 */
export async function upsertPayouts(tx: Tx, npoId: number, provider: string, payouts: ProviderPayout[]): Promise<void> {
  for (const p of payouts) {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO provider_payouts (npo_id, provider, payout_id, arrival_date, status, amount_minor, currency, fetched_at)
      VALUES (${npoId}, ${provider}, ${p.id}, ${p.arrivalDate}::date, ${p.status}, ${p.amountMinor}, ${p.currency}, now())
      ON CONFLICT (npo_id, provider, payout_id) DO UPDATE SET arrival_date = EXCLUDED.arrival_date,
        status = EXCLUDED.status, amount_minor = EXCLUDED.amount_minor, currency = EXCLUDED.currency, fetched_at = now()
      RETURNING id::int`);
    const payoutRowId = rows[0]?.id;
    if (payoutRowId === undefined) throw new Error('payout upsert returned no row');
    for (const l of p.lines) {
      await tx.execute(sql`
        INSERT INTO provider_payout_lines (npo_id, payout_row_id, provider, transaction_id, kind, provider_type,
          source_id, payment_reference, description, occurred_at, gross_minor, fee_minor, net_minor, currency)
        VALUES (${npoId}, ${payoutRowId}, ${provider}, ${l.id}, ${l.kind}, ${l.providerType}, ${l.sourceId},
          ${l.paymentReference}, ${l.description}, ${l.occurredAt.toISOString()}::timestamptz, ${l.grossMinor},
          ${l.feeMinor}, ${l.netMinor}, ${l.currency})
        ON CONFLICT (npo_id, provider, transaction_id) DO UPDATE SET payout_row_id = EXCLUDED.payout_row_id,
          kind = EXCLUDED.kind, provider_type = EXCLUDED.provider_type, source_id = EXCLUDED.source_id,
          payment_reference = EXCLUDED.payment_reference, description = EXCLUDED.description,
          occurred_at = EXCLUDED.occurred_at, gross_minor = EXCLUDED.gross_minor, fee_minor = EXCLUDED.fee_minor,
          net_minor = EXCLUDED.net_minor, currency = EXCLUDED.currency`);
    }
  }
}

/** Payouts a provider reported, stored and stamped as fetched now (the job's and the demo's write). */
export async function storeProviderPayouts(
  db: Db,
  npoId: number,
  provider: string,
  payouts: ProviderPayout[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await upsertPayouts(tx, npoId, provider, payouts);
    await markFetchFinished(tx, npoId, provider, null);
  });
}
