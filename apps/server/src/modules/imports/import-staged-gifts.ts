// The import's staged rows as the donations module records them, in SQL (decision 102, "Set-based
// recording"): a batch is a range of file rows, read, converted and written by the database in one
// statement. What a run knows once (rates, campaigns, the day each date stands for) goes in as a
// few small arrays; the rows themselves never travel through the server.
import { type SQL, sql } from 'drizzle-orm';
import { arrayParam } from '../../platform/db/raw-rows.ts';
import type { Tx } from '../../platform/db/tx.ts';
import type { ImportedGiftRows } from '../donations/index.ts';
import { donationImportRows } from './imports.tables.ts';

/** What a run looked up once, for every row still to record. */
export type RunLookups = {
  importId: number;
  /** Currencies with a rate to the base currency (major units of base per major unit, and the minor-unit shift). */
  rates: Map<string, { fxRate: string; shift: number }>;
  /** Currencies without one, and convertToBase's reason. */
  rateErrors: Map<string, string>;
  /** The campaigns the rows name that are the organisation's, with the campaign each counts for. */
  campaigns: Map<number, { campaignId: number; peerCampaignId: number | null }>;
  /** Noon of each date in the organisation's zone: the day lists and exports show (decision 027). */
  days: Map<string, Date>;
};

/** File rows after `from` through `to`. */
export type RowRange = { from: number; to: number };

export const CAMPAIGN_NOT_FOUND = 'Campaign not found.';

const inRange = (range: RowRange) => sql`r.file_row > ${range.from}::int AND r.file_row <= ${range.to}::int`;

/** A staged row recording would refuse: a currency without a rate, a campaign that is not the organisation's. */
const refused = (l: RunLookups) =>
  sql`(r.currency <> ALL(${arrayParam([...l.rates.keys()])}::text[])
    OR (r.campaign_id IS NOT NULL AND r.campaign_id <> ALL(${arrayParam([...l.campaigns.keys()])}::bigint[])))`;

/**
 * Marks the range's rows recording would refuse with their reason (as toImported refused them one
 * at a time before: the rate first, then the campaign) and answers how many.
 */
export async function markRefusedRows(tx: Tx, l: RunLookups, range: RowRange): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    WITH marked AS (
      UPDATE ${donationImportRows} r SET reason = coalesce((SELECT e.reason
          FROM unnest(${arrayParam([...l.rateErrors.keys()])}::text[], ${arrayParam([...l.rateErrors.values()])}::text[])
            AS e(currency, reason) WHERE e.currency = r.currency), ${CAMPAIGN_NOT_FOUND}::text)
      WHERE r.import_id = ${l.importId}::bigint AND ${inRange(range)} AND r.reason IS NULL AND ${refused(l)}
      RETURNING 1
    ) SELECT count(*)::int AS n FROM marked`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The range's rows still to record as ImportedGiftRows. Every lookup is a LEFT JOIN: a row the
 * lookups miss (they cover every row, so only a damaged one) reaches the insert with a NULL that
 * the table refuses, and the run stops at that row, rather than the row being skipped unseen.
 */
export function stagedGiftRows(l: RunLookups, range: RowRange, onlyIf: SQL = sql`true`): ImportedGiftRows {
  const rates = [...l.rates.entries()];
  const campaigns = [...l.campaigns.entries()];
  const days = [...l.days.entries()];
  return sql`(SELECT 'import-' || r.import_id::text || '-' || r.file_row::text AS reference,
      c.campaign_id, c.peer_campaign_id, r.amount_minor, r.currency, x.fx_rate, x.shift, r.payment_method,
      CASE WHEN coalesce(r.reference, '') <> '' THEN 'Imported, reference ' || r.reference ELSE '' END AS comment,
      r.email, r.first_name, r.last_name, d.at AS occurred_at, r.file_row AS ord
    FROM ${donationImportRows} r
    LEFT JOIN unnest(${arrayParam(rates.map(([c]) => c))}::text[], ${arrayParam(rates.map(([, v]) => v.fxRate))}::numeric[],
      ${arrayParam(rates.map(([, v]) => v.shift))}::int[]) AS x(currency, fx_rate, shift) ON x.currency = r.currency
    LEFT JOIN unnest(${arrayParam(campaigns.map(([id]) => id))}::bigint[], ${arrayParam(campaigns.map(([, v]) => v.campaignId))}::bigint[],
      ${arrayParam(campaigns.map(([, v]) => v.peerCampaignId))}::bigint[]) AS c(id, campaign_id, peer_campaign_id) ON c.id = r.campaign_id
    LEFT JOIN unnest(${arrayParam(days.map(([day]) => day))}::text[], ${arrayParam(days.map(([, at]) => at.toISOString()))}::timestamptz[])
      AS d(day, at) ON d.day = r.date
    WHERE r.import_id = ${l.importId}::bigint AND ${inRange(range)} AND r.reason IS NULL AND ${onlyIf}) AS g`;
}

/**
 * The donors' part of the rows still to record (recording would not refuse them), split into
 * `parts` by e-mail so that a large file's donors are written in transactions of a bounded size.
 */
export const stagedDonorRows = (l: RunLookups, range: RowRange, part: { index: number; parts: number }) =>
  stagedGiftRows(
    l,
    range,
    // A row without a day (damaged) has no first-gift date to give a new donor: its batch stops at it.
    sql`NOT ${refused(l)} AND d.at IS NOT NULL
      AND mod(abs(hashtext(lower(r.email)))::bigint, ${part.parts}::bigint) = ${part.index}::bigint`,
  );
