import type {
  TCampaign,
  TCampaignConversion,
  TCampaignInput,
  TCampaignListResponse,
  TCampaignStatus,
  TDonation,
  TPublicCampaign,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, uploadFile } from '../../../app/api-client.ts';

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
export type StaffCampaignResponse = { campaign: TCampaign & Partial<TPublicCampaign> & { editable?: true } };

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
  urlCheck: (npoId: number | null, url: string, id: number | null) =>
    [...campaignKeys.all, 'url-check', npoId, url, id] as const,
};

/** GET /npo_admin/campaign_url_check (the server's ZCampaignUrlCheckResponse). */
export type CampaignUrlCheck = { campaign_url: string; available: boolean; message: string | null };

export const campaignQueries = {
  urlCheck: (npoId: number | null, url: string, id: number | null) =>
    queryOptions({
      queryKey: campaignKeys.urlCheck(npoId, url, id),
      queryFn: ({ signal }) =>
        api<CampaignUrlCheck>('GET', '/npo_admin/campaign_url_check', {
          query: { campaign_url: url, campaign_id: id },
          signal,
        }),
      staleTime: 10_000,
      retry: false,
    }),
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
  // conv15: the campaign's funnel and abandoned gifts (docs/decisions/037-conversion-features.md).
  conversion: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: [...campaignKeys.all, 'conversion', npoId, id] as const,
      queryFn: ({ signal }) =>
        api<TCampaignConversion>('GET', `/npo_admin/campaigns/${id}/conversion`, { query: { days: 30 }, signal }),
    }),
};

export type ImagePurpose = 'campaign' | 'preset';

/**
 * POST /npo_admin/campaigns/{id}/image as multipart. 'campaign'
 * also sets the campaign's image at once; 'preset' only stores the file for a preset to point at.
 */
function uploadImage(id: number, purpose: ImagePurpose, file: File): Promise<{ image_url: string }> {
  return uploadFile(`/npo_admin/campaigns/${id}/image?purpose=${purpose}`, file, 'image');
}

export const campaignApi = {
  changeStatus: (id: number, status: TCampaignStatus) =>
    api<StaffCampaignResponse>('POST', `/npo_admin/campaigns/${id}/status`, { body: { status } }),
  create: (input: TCampaignInput) => api<StaffCampaignResponse>('POST', '/npo_admin/campaigns', { body: input }),
  update: (id: number, input: TCampaignInput) =>
    api<StaffCampaignResponse>('PUT', `/npo_admin/campaigns/${id}`, { body: input }),
  uploadImage,
};
