import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { campaigns } from './campaigns.tables.ts';

/** Every campaign of the organisation by name: the session's campaign filter list. */
export function listCampaignRefs(db: Tx, npoId: number) {
  return db
    .select({ id: campaigns.id, name: campaigns.name, campaign_url: campaigns.campaignUrl, status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.npoId, npoId))
    .orderBy(asc(campaigns.name), asc(campaigns.id));
}
