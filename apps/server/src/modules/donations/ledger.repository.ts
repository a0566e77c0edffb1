import { ledgerEntries } from './donations.tables.ts';
import type { DonationRow } from './record-payment.service.ts';
import type { Tx } from './tx.ts';

/**
 * The ledger rows of a new gift: `gift` (what the organisation receives for its cause),
 * `fee_covered` (what the donor added towards fees) and, when reported, a negative `platform_fee`.
 * The gift's base amount is the remainder, so the rows add up exactly to the donation's base amount.
 */
export async function writeGiftLedger(tx: Tx, d: DonationRow, platformFeeMinor: number): Promise<void> {
  // Integer arithmetic, rounding half up: the share of the base amount that `minor` is of the charge.
  const toBase = (minor: number) =>
    Number((2n * BigInt(minor) * BigInt(d.baseAmountMinor) + BigInt(d.amountMinor)) / (2n * BigInt(d.amountMinor)));
  const feeBase = toBase(d.feeCoveredMinor);
  const common = {
    npoId: d.npoId,
    donationId: d.id,
    currency: d.currency,
    baseCurrency: d.baseCurrency,
    createdAt: d.createdAt,
  };
  const rows: Array<typeof ledgerEntries.$inferInsert> = [
    {
      ...common,
      kind: 'gift',
      amountMinor: d.amountMinor - d.feeCoveredMinor,
      baseAmountMinor: d.baseAmountMinor - feeBase,
    },
  ];
  if (d.feeCoveredMinor > 0)
    rows.push({ ...common, kind: 'fee_covered', amountMinor: d.feeCoveredMinor, baseAmountMinor: feeBase });
  if (platformFeeMinor > 0) {
    rows.push({
      ...common,
      kind: 'platform_fee',
      amountMinor: -platformFeeMinor,
      baseAmountMinor: -toBase(platformFeeMinor),
    });
  }
  await tx.insert(ledgerEntries).values(rows);
}
