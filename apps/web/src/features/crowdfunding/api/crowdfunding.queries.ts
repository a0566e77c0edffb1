// The staff crowdfunding API (docs/product/crowdfunding.md#staff) for the list, detail and edit screens.
import type {
  TCrowdfundingCreate,
  TCrowdfundingDetail,
  TCrowdfundingSettings,
  TUpdateAdmin,
  TUpdateInput,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, uploadFile } from '../../../app/api-client.ts';

export const crowdfundingKeys = { all: ['crowdfunding'] as const };

export const detailQuery = (id: number) =>
  queryOptions({
    queryKey: [...crowdfundingKeys.all, 'detail', id] as const,
    queryFn: ({ signal }) => api<TCrowdfundingDetail>('GET', `/npo_admin/crowdfunding/${id}`, { signal }),
  });

export const createCrowdfunding = (input: TCrowdfundingCreate) =>
  api<TCrowdfundingDetail>('POST', '/npo_admin/crowdfunding', { body: input });
export const saveSettings = (id: number, input: TCrowdfundingSettings) =>
  api<TCrowdfundingDetail>('PUT', `/npo_admin/crowdfunding/${id}`, { body: input });
export const uploadGalleryImage = (id: number, file: File) =>
  uploadFile<{ image_url: string }>(`/npo_admin/crowdfunding/${id}/images`, file);
export const setFulfilled = (claimId: number, fulfilled: boolean) =>
  api('PUT', `/npo_admin/crowdfunding_claims/${claimId}/fulfilled`, { body: { fulfilled } });
export const saveUpdate = (campaignId: number, updateId: number | null, input: TUpdateInput) =>
  updateId === null
    ? api<TUpdateAdmin>('POST', `/npo_admin/crowdfunding/${campaignId}/updates`, { body: input })
    : api<TUpdateAdmin>('PUT', `/npo_admin/crowdfunding_updates/${updateId}`, { body: input });
export const publishUpdate = (updateId: number, emailBackers: boolean) =>
  api<TUpdateAdmin>('POST', `/npo_admin/crowdfunding_updates/${updateId}/publish`, {
    body: { email_backers: emailBackers },
  });
/** A draft page goes live through the campaigns' own status change (it needs campaigns.publish). */
export const publishPage = (id: number) =>
  api('POST', `/npo_admin/campaigns/${id}/status`, { body: { status: 'active' } });
