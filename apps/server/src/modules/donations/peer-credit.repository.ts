import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';

/**
 * Moves the soft credit of a removed fundraiser page's gifts back to the campaign
 * (docs/decisions/044-peer-to-peer-pages.md): the gifts stay, with their amounts, donors and
 * campaign; only the page they named is cleared. Returns the gifts' ids, for the audit entry.
 */
export async function clearPeerCredit(tx: Tx, npoId: number, peerCampaignId: number): Promise<number[]> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    UPDATE donations SET peer_campaign_id = NULL, updated_at = now()
    WHERE npo_id = ${npoId} AND peer_campaign_id = ${peerCampaignId}
    RETURNING id`);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
