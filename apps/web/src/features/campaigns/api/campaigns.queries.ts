import type { TCampaign, TCampaignListResponse, TCampaignStatus, TDonation } from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

export const CAMPAIGNS_PAGE_SIZE = 25;
export const DONATIONS_PAGE_SIZE = 25;

export type CampaignListParams = {
  npoId: number | null;
  search: string;
  status: TCampaignStatus | null;
  page: number;
};

/** GET /npo_admin/campaigns/{id}/donations (the server's ZCampaignDonationsResponse). */
export type CampaignDonationsResponse = {
  donations: TDonation[];
  total: number;
  page: number;
  per_page: number;
};

/** The staff answer of GET /npo_admin/campaigns/{id}: the editor's fields and totals, and more. */
export type StaffCampaignResponse = { campaign: TCampaign & { editable?: true } };

/**
 * Query keys of the campaign screens, written once. The organisation id is part of every key, so
 * switching organisation never shows the previous one's campaigns from the cache.
 */
export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (p: CampaignListParams) => [...campaignKeys.lists(), p] as const,
  detail: (npoId: number | null, id: number) => [...campaignKeys.all, 'detail', npoId, id] as const,
  donations: (npoId: number | null, id: number, page: number) =>
    [...campaignKeys.all, 'donations', npoId, id, page] as const,
};

export const campaignQueries = {
  list: (p: CampaignListParams) =>
    queryOptions({
      queryKey: campaignKeys.list(p),
      queryFn: ({ signal }) =>
        api<TCampaignListResponse>('GET', '/npo_admin/campaigns', {
          query: { search: p.search || undefined, status: p.status, page: p.page, per_page: CAMPAIGNS_PAGE_SIZE },
          signal,
        }),
    }),
  detail: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: campaignKeys.detail(npoId, id),
      queryFn: ({ signal }) => api<StaffCampaignResponse>('GET', `/npo_admin/campaigns/${id}`, { signal }),
    }),
  donations: (npoId: number | null, id: number, page: number) =>
    queryOptions({
      queryKey: campaignKeys.donations(npoId, id, page),
      queryFn: ({ signal }) =>
        api<CampaignDonationsResponse>('GET', `/npo_admin/campaigns/${id}/donations`, {
          query: { page, per_page: DONATIONS_PAGE_SIZE },
          signal,
        }),
    }),
};

export const campaignApi = {
  changeStatus: (id: number, status: TCampaignStatus) =>
    api<StaffCampaignResponse>('POST', `/npo_admin/campaigns/${id}/status`, { body: { status } }),
};
