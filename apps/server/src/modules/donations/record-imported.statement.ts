// Imported gifts recorded a batch at a time (docs/decisions/102-streaming-donation-import.md): the
// same rows recordSucceededPayment writes for one gift (donor found or created by e-mail, the
// donation once per provider reference with its receipt number, its ledger line, the audit entry),
// for up to a few thousand gifts in one statement. Not its webhook events: an imported gift is
// history, not a new gift, and neither webhook receivers nor workflows are told of it
// (docs/decisions/107-imported-gifts-are-not-announced.md). A million-row file
// cannot afford a round trip per gift; the giving triggers are per statement, so they run once.
// The gifts come as SQL (`ImportedGiftRows`): the import reads them straight from its staged rows,
// so no batch travels through the server and back ("Set-based recording" in decision 102).
import { type SQL, sql } from 'drizzle-orm';
import { arrayParam } from '../../platform/db/raw-rows.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { auditInsertSql } from '../audit/index.ts';
import { giftEmailSql } from '../donors/index.ts';

/** One checked gift of an import, its amount already converted (rate as convertToBase gives it). */
export type ImportedGift = {
  /** The provider reference: one donation per (provider, reference), ever. */
  reference: string;
  campaignId: number | null;
  peerCampaignId: number | null;
  amountMinor: number;
  currency: string;
  /** Major units of the base currency per major unit of `currency`, 8 decimals; '1' for the base itself. */
  fxRate: string;
  /** exponent(base) − exponent(currency): the power of ten between their minor units. */
  shift: number;
  paymentMethod: string | null;
  comment: string;
  email: string;
  firstName: string;
  lastName: string;
  occurredAt: Date;
};

/**
 * A FROM item yielding one row per gift, with ImportedGift's fields as columns: reference,
 * campaign_id, peer_campaign_id, amount_minor, currency, fx_rate, shift, payment_method, comment,
 * email, first_name, last_name, occurred_at, and ord (the gift's order in its file).
 */
export type ImportedGiftRows = SQL;

export type ImportedBatch = {
  npoId: number;
  provider: string;
  baseCurrency: string;
  /** Who entered the gifts: the person who uploaded the file. */
  createdByUserId: number | null;
  gifts: ImportedGiftRows;
};

/** Gifts held by the caller as ImportedGiftRows (the batch bench and tests). */
export function importedGiftRows(gifts: readonly ImportedGift[]): ImportedGiftRows {
  const col = <T>(pick: (g: ImportedGift) => T) => arrayParam(gifts.map(pick));
  return sql`unnest(${col((g) => g.reference)}::text[], ${col((g) => g.campaignId)}::bigint[],
    ${col((g) => g.peerCampaignId)}::bigint[], ${col((g) => g.amountMinor)}::bigint[], ${col((g) => g.currency)}::text[],
    ${col((g) => g.fxRate)}::numeric[], ${col((g) => g.shift)}::int[], ${col((g) => g.paymentMethod)}::text[],
    ${col((g) => g.comment)}::text[], ${col((g) => g.email)}::text[], ${col((g) => g.firstName)}::text[],
    ${col((g) => g.lastName)}::text[], ${col((g) => g.occurredAt.toISOString())}::timestamptz[])
    WITH ORDINALITY AS g(reference, campaign_id, peer_campaign_id, amount_minor, currency, fx_rate, shift,
      payment_method, comment, email, first_name, last_name, occurred_at, ord)`;
}

/** The gifts, each with the address its donor is found under (a merged donor's is the kept donor's). */
const withGiftEmail = (npoId: number, gifts: ImportedGiftRows) =>
  sql`SELECT g.*, ${giftEmailSql(sql`${npoId}::bigint`, sql`g.email`)} AS gift_email FROM ${gifts}`;

/**
 * Finds or creates the donors of the gifts, by e-mail: a donor's names become those of the last
 * gift that gives them; a new donor's first-gift date is its first gift's. The import does this
 * for a whole file before its gift batches (decision 102, "Set-based recording"), so that batches
 * recorded at the same time never lock the same donor row.
 */
export async function upsertImportedDonors(tx: Tx, batch: { npoId: number; gifts: ImportedGiftRows }): Promise<void> {
  const npo = sql`${batch.npoId}::bigint`;
  const todo = sql`todo AS (${withGiftEmail(batch.npoId, batch.gifts)})`;
  // A donor's names as the last row that gives them (a later gift's non-empty names win, as one
  // gift at a time would leave them); a new donor's first-gift date is its first row's. A donor
  // whose names stay as they are is not written again (decision 102, "Recording speed"): most rows
  // of a migration are a returning donor's, and rewriting each donor row cost more than the gift.
  // ON CONFLICT locks that donor even so, and the next statement, with a snapshot of its own, finds it.
  const changes = (column: string) =>
    sql.raw(`(EXCLUDED.${column} <> '' AND EXCLUDED.${column} IS DISTINCT FROM donors.${column})`);
  const keep = (column: string) =>
    sql.raw(`${column} = CASE WHEN EXCLUDED.${column} <> '' THEN EXCLUDED.${column} ELSE donors.${column} END`);
  await tx.execute(sql`
    WITH ${todo}, people AS (
      SELECT (array_agg(gift_email ORDER BY ord))[1] AS email,
        (array_agg(first_name ORDER BY ord DESC))[1] AS first_name,
        coalesce((array_agg(last_name ORDER BY ord DESC) FILTER (WHERE last_name <> ''))[1], '') AS last_name,
        (array_agg(occurred_at ORDER BY ord))[1] AS since, min(ord) AS first_ord
      FROM todo GROUP BY lower(gift_email)
    )
    -- The address fields of an imported donor are empty: an existing donor's stay as they are.
    INSERT INTO donors (npo_id, email, first_name, last_name, address, address2, city, state, postal_code, country, created_at)
    SELECT ${npo}, p.email, p.first_name, p.last_name, '', '', '', '', '', '', p.since
    FROM people p ORDER BY p.first_ord
    ON CONFLICT (npo_id, lower(email)) WHERE email <> '' DO UPDATE SET
      ${keep('first_name')}, ${keep('last_name')}, updated_at = now()
    WHERE ${changes('first_name')} OR ${changes('last_name')}`);
}

/**
 * Records the batch's gifts that are not recorded yet; a gift whose reference has a donation
 * (an earlier run of the same import) is left as it is. Each gift's donor must exist
 * (upsertImportedDonors): the answer counts the gifts recorded, those already there, and those
 * whose donor was not found (recorded nowhere; the caller creates their donors and runs again).
 */
export async function recordImportedGifts(
  tx: Tx,
  batch: ImportedBatch,
): Promise<{ created: number; existing: number; withoutDonor: number }> {
  const { npoId, provider, baseCurrency } = batch;
  const npo = sql`${npoId}::bigint`;
  const todo = sql`g AS (${withGiftEmail(npoId, batch.gifts)}), todo AS (
      -- One index probe per gift: as an anti-join the planner hashed every gift recorded under the
      -- provider (the import's earlier batches), per batch, twice (decision 102, "Recording speed").
      SELECT g.*, done.found IS NOT NULL AS done FROM g
      LEFT JOIN LATERAL (SELECT 1 AS found FROM donations d
        WHERE d.provider = ${provider}::text AND d.provider_reference = g.reference LIMIT 1) done ON true
    )`;
  const { rows } = await tx.execute<{ created: number; existing: number; without_donor: number }>(sql`
    WITH ${todo}, numbered AS MATERIALIZED (
      -- nextval in a materialised select list: once per gift (a LATERAL without a reference to the
      -- row is planned once, giving every gift the same id), over the gifts in file order (a sorted
      -- subquery is not flattened) so that ids and receipt numbers follow the file.
      SELECT s.*, nextval(pg_get_serial_sequence('donations', 'id')) AS id FROM (
        SELECT t.*, dn.id AS donor_id
        FROM todo t
        -- One probe of the organisation's e-mail index per gift: as a join, the planner read and hashed
        -- every donor of the organisation for each batch (33,000 per batch of a 100,000-row file,
        -- ten times that for a million rows; decision 102, "Recording speed").
        JOIN LATERAL (SELECT dn.id FROM donors dn
          WHERE dn.npo_id = ${npo} AND lower(dn.email) = lower(t.gift_email) AND dn.email <> '' LIMIT 1) dn ON true
        WHERE NOT t.done ORDER BY t.ord) s
    ), inserted AS (
      INSERT INTO donations (id, npo_id, campaign_id, peer_campaign_id, donor_id, amount_minor, fee_covered_minor, currency,
        base_amount_minor, base_currency, fx_rate, interval, status, payment_method, comment, provider, provider_reference,
        created_by_user_id, receipt_number, created_at, updated_at) OVERRIDING SYSTEM VALUE
      SELECT n.id, ${npo}, n.campaign_id, n.peer_campaign_id, n.donor_id, n.amount_minor, 0, n.currency,
        CASE WHEN n.currency = ${baseCurrency}::text THEN n.amount_minor
          ELSE round(n.amount_minor::numeric * n.fx_rate * power(10::numeric, n.shift))::bigint END,
        ${baseCurrency}::text, n.fx_rate, 'once', 'succeeded', n.payment_method, n.comment, ${provider}::text, n.reference,
        ${batch.createdByUserId}::bigint,
        -- Receipt numbers as for every gift: {npo}-{id, at least 6 digits}.
        ${npoId}::text || '-' || lpad(n.id::text, greatest(6, length(n.id::text)), '0'), n.occurred_at, n.occurred_at
      FROM numbered n ORDER BY n.ord
      ON CONFLICT (provider, provider_reference) DO NOTHING
      RETURNING *
    ), ledger AS (
      -- giftLedgerLines of a gift without fees covered or platform fee: one gift line, the whole amount.
      INSERT INTO ledger_entries (npo_id, donation_id, kind, amount_minor, currency, base_amount_minor, base_currency, created_at)
      SELECT npo_id, id, 'gift', amount_minor, currency, base_amount_minor, base_currency, created_at FROM inserted
    ), audit AS (
      ${auditInsertSql(
        { npoId: npo, actorUserId: null, action: 'donation.recorded', targetType: 'donation', data: '{}', ip: null },
        {
          about: sql`inserted`,
          targetId: sql`inserted.id`,
          extraData: sql`jsonb_build_object('provider', inserted.provider, 'provider_reference', inserted.provider_reference,
            'amount_minor', inserted.amount_minor, 'currency', inserted.currency, 'donor_id', inserted.donor_id)`,
        },
      )}
    )
    SELECT (SELECT count(*)::int FROM inserted) AS created, (SELECT count(*)::int FROM todo WHERE done) AS existing,
      (SELECT count(*)::int FROM todo WHERE NOT done) - (SELECT count(*)::int FROM numbered) AS without_donor`);
  const row = rows[0];
  return {
    created: Number(row?.created ?? 0),
    existing: Number(row?.existing ?? 0),
    withoutDonor: Number(row?.without_donor ?? 0),
  };
}
