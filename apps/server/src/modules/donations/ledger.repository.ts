import { type SQL, sql } from 'drizzle-orm';
import { arrayParam } from '../../platform/db/raw-rows.ts';
import { ledgerEntries, type ledgerKinds } from './donations.tables.ts';

type GiftAmounts = { amountMinor: number; feeCoveredMinor: number; baseAmountMinor: number };
export type LedgerLine = { kind: (typeof ledgerKinds)[number]; amountMinor: number; baseAmountMinor: number };

/**
 * The ledger lines of a new gift: `gift` (what the organisation receives for its cause),
 * `fee_covered` (what the donor added towards fees) and, when reported, a negative `platform_fee`.
 * The gift's base amount is the remainder, so the lines add up exactly to the donation's base amount.
 */
export function giftLedgerLines(d: GiftAmounts, platformFeeMinor: number): LedgerLine[] {
  // Integer arithmetic, rounding half up: the share of the base amount that `minor` is of the charge.
  const toBase = (minor: number) =>
    Number((2n * BigInt(minor) * BigInt(d.baseAmountMinor) + BigInt(d.amountMinor)) / (2n * BigInt(d.amountMinor)));
  const feeBase = toBase(d.feeCoveredMinor);
  const lines: LedgerLine[] = [
    { kind: 'gift', amountMinor: d.amountMinor - d.feeCoveredMinor, baseAmountMinor: d.baseAmountMinor - feeBase },
  ];
  if (d.feeCoveredMinor > 0)
    lines.push({ kind: 'fee_covered', amountMinor: d.feeCoveredMinor, baseAmountMinor: feeBase });
  if (platformFeeMinor > 0) {
    lines.push({ kind: 'platform_fee', amountMinor: -platformFeeMinor, baseAmountMinor: -toBase(platformFeeMinor) });
  }
  return lines;
}

/** Lines as the three arrays ledgerInsertSql binds. */
export type LedgerArrays = { kinds: string[]; amounts: number[]; bases: number[] };

export const ledgerArraysOf = (lines: readonly LedgerLine[]): LedgerArrays => ({
  kinds: lines.map((l) => l.kind),
  amounts: lines.map((l) => l.amountMinor),
  bases: lines.map((l) => l.baseAmountMinor),
});

/**
 * The lines as an INSERT for the donation statement: one row per line for the donation in
 * `about`. Each value is a LedgerArrays value or a placeholder for one.
 */
export function ledgerInsertSql(v: { [K in keyof LedgerArrays]: unknown }, about: SQL): SQL {
  return sql`INSERT INTO ${ledgerEntries} (npo_id, donation_id, kind, amount_minor, currency, base_amount_minor, base_currency, created_at)
    SELECT d.npo_id, d.id, line.kind, line.amount_minor, d.currency, line.base_amount_minor, d.base_currency, d.created_at
    FROM ${about} AS d, unnest(${arrayParam(v.kinds)}::text[], ${arrayParam(v.amounts)}::bigint[], ${arrayParam(v.bases)}::bigint[])
      AS line(kind, amount_minor, base_amount_minor)`;
}
