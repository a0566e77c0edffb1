// A donation's receipt PDF on demand (the donor portal's "download receipt"): the same facts and
// rendering as the e-mailed receipt, read-only, so downloading never stamps or numbers anything.
import type { Db } from '../../platform/db/client.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { buildReceipt } from './receipt-text.ts';
import { findReceiptSource } from './receipts.repository.ts';

/** The receipt of a succeeded donation of that organisation; null for an unknown or unpaid one. */
export async function renderDonationReceipt(
  db: Db,
  npoId: number,
  donationId: number,
): Promise<{ filename: string; pdf: Buffer } | null> {
  const source = await findReceiptSource(db, npoId, donationId);
  if (source?.status !== 'succeeded') return null;
  // The number the receipt job gives (npo-000id) when the e-mail has not gone out yet.
  const receiptNumber = source.facts.receiptNumber || `${npoId}-${String(donationId).padStart(6, '0')}`;
  const facts = { ...source.facts, receiptNumber };
  const pdf = await renderReceiptPdf(buildReceipt(facts), facts.organisation, facts.issuer);
  return { filename: `receipt-${receiptNumber}.pdf`, pdf };
}
