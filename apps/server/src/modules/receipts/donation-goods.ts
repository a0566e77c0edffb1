// What a donor received in return for a gift (a crowdfunding reward, …): its description and
// fair-market value, so the receipt states the deductible part (gift minus fair-market value) and,
// in the US, the quid-pro-quo disclosure (docs/product/receipts.md#goods-and-services). A feature that
// gives something back records it here; the receipt reads it with the donation.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';

/** Records (or replaces) what the gift brought; returns whether its receipt has already been e-mailed. */
export async function recordGoodsReceived(
  tx: Tx,
  goods: { npoId: number; donationId: number; description: string; fairMarketValueMinor: number },
): Promise<{ receiptSent: boolean }> {
  await tx.execute(sql`
    INSERT INTO donation_goods (donation_id, npo_id, description, fair_market_value_minor)
    VALUES (${goods.donationId}, ${goods.npoId}, ${goods.description}, ${goods.fairMarketValueMinor})
    ON CONFLICT (donation_id) DO UPDATE
      SET description = EXCLUDED.description, fair_market_value_minor = EXCLUDED.fair_market_value_minor`);
  const { rows } = await tx.execute<{ sent: boolean }>(sql`
    SELECT receipt_sent_at IS NOT NULL AS sent FROM donations
    WHERE id = ${goods.donationId} AND npo_id = ${goods.npoId}`);
  return { receiptSent: rows[0]?.sent === true };
}
