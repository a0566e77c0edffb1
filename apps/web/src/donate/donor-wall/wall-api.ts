// The donor wall's one call (docs/product/donation-form.md#donor-wall).
import type { TDonorWallEntry, TDonorWallResponse } from '@kindling/contracts/donor-wall.ts';
import { adoptMoneyPattern } from '@kindling/contracts/money-rules.ts';

export type WallPage = { campaignId: number; peerCampaignId: number | null };

/**
 * One page of supporters, newest first. `fresh` skips the browser's copy (the answer may be kept
 * 10 s), for the look right after this visitor gave.
 */
export async function fetchWall(page: WallPage, cursor: string | null, fresh = false): Promise<TDonorWallResponse> {
  const query = new URLSearchParams({ campaign_id: String(page.campaignId) });
  if (page.peerCampaignId !== null) query.set('peer_campaign_id', String(page.peerCampaignId));
  if (cursor) query.set('cursor', cursor);
  const response = await fetch(`/api/v1/npo_admin/campaign_page/supporters?${query}`, {
    cache: fresh ? 'no-cache' : 'default',
  });
  if (!response.ok) throw new Error(`donor wall ${response.status}`);
  const wall = (await response.json()) as TDonorWallResponse;
  // The wall's amounts are written with the server's patterns: no Intl object while the page loads.
  for (const pattern of wall.money_patterns ?? []) adoptMoneyPattern(pattern);
  return wall;
}

/** The newest page laid over the list: unseen gifts on top, gifts no longer listed (refunded) gone. */
export function mergeNewest(current: TDonorWallEntry[], newest: TDonorWallEntry[]): TDonorWallEntry[] {
  const fresh = new Set(newest.map((e) => e.key));
  const oldest = newest.at(-1)?.given_at ?? '';
  // Older entries than the newest page covers stay (loaded by 'Show more'); newer ones follow the page.
  const older = current.filter((e) => !fresh.has(e.key) && e.given_at < oldest);
  return [...newest, ...older];
}
