import { SEARCH_RESULTS_PER_KIND, type TSearchResults } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { findCampaignsMatching } from '../campaigns/index.ts';
import { findDonationsByReference } from '../donations/index.ts';
import { findDonorsMatching } from '../donors/index.ts';

/**
 * What the shell's search overlay finds besides pages: each kind asked of the module that owns it,
 * side by side (three short index reads), scoped to the selected organisation.
 */
export async function searchOrganisation(db: Db, npoId: number, term: string): Promise<TSearchResults> {
  const [donors, donations, campaigns] = await Promise.all([
    findDonorsMatching(db, npoId, term, SEARCH_RESULTS_PER_KIND),
    findDonationsByReference(db, npoId, term, SEARCH_RESULTS_PER_KIND),
    findCampaignsMatching(db, npoId, term, SEARCH_RESULTS_PER_KIND),
  ]);
  return { donors, donations, campaigns };
}
