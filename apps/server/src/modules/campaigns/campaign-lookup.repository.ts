import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { escapeLike } from './campaigns.repository.ts';

export type CampaignLookupRow = { id: number; name: string; campaign_url: string; status: string };

/**
 * A few of the organisation's campaigns whose name or address contains `term` (the search overlay):
 * the ones the Campaigns page lists (not fundraisers' pages), active ones first, then the newest.
 */
export async function findCampaignsMatching(db: Db, npoId: number, term: string, limit: number) {
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  const { rows } = await db.execute<CampaignLookupRow>(sql`
    SELECT c.id, c.name, c.campaign_url, c.status FROM campaigns c
    WHERE c.npo_id = ${npoId} AND c.parent_campaign_id IS NULL
      AND (lower(c.name) LIKE ${pattern} OR c.campaign_url LIKE ${pattern})
    ORDER BY c.status = 'active' DESC, c.created_at DESC, c.id DESC LIMIT ${limit}`);
  return rows;
}
