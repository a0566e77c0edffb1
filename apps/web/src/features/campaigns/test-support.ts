import type { TCampaignListItem, TCampaignListResponse } from '@kindling/contracts';

/** A list row as the server sends it; money in the organisation's base currency. */
export function campaignItem(id: number, overrides: Partial<TCampaignListItem> = {}): TCampaignListItem {
  return {
    id,
    name: `Campaign ${id}`,
    campaign_url: `campaign-${id}`,
    status: 'active',
    campaign_type: 'donation',
    image_url: null,
    currency: 'USD',
    raised_minor: 123_456,
    raised_currency: 'USD',
    donors: 12,
    donations_count: 15,
    peer_campaigns: 0,
    goal_minor: null,
    parent_campaign_id: null,
    starts_at: null,
    ends_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const listOf = (campaigns: TCampaignListItem[], total = campaigns.length): TCampaignListResponse => ({
  campaigns,
  total,
  page: 1,
  per_page: 25,
});
