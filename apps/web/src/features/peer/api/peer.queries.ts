// The fundraiser's and staff's calls for fundraiser pages (docs/decisions/044-peer-to-peer-pages.md).
import type {
  TPeerGift,
  TPeerPage,
  TPeerPageInput,
  TPeerSettings,
  TPeerStaffRow,
  TPeerStaffView,
  TPeerTextInput,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

export const peerKeys = {
  all: ['peer'] as const,
  dashboard: (npoId: number | null) => [...peerKeys.all, 'dashboard', npoId] as const,
  page: (npoId: number | null, id: number) => [...peerKeys.all, 'page', npoId, id] as const,
  gifts: (npoId: number | null, id: number) => [...peerKeys.all, 'gifts', npoId, id] as const,
  url: (npoId: number | null, id: number, url: string) => [...peerKeys.all, 'url', npoId, id, url] as const,
  staff: (npoId: number | null, campaignId: number) => [...peerKeys.all, 'staff', npoId, campaignId] as const,
};

export const peerQueries = {
  dashboard: (npoId: number | null) =>
    queryOptions({
      queryKey: peerKeys.dashboard(npoId),
      queryFn: ({ signal }) => api<{ pages: TPeerPage[] }>('GET', '/npo_admin/peer_dashboard', { signal }),
    }),
  page: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: peerKeys.page(npoId, id),
      queryFn: ({ signal }) => api<{ page: TPeerPage }>('GET', `/npo_admin/peer_pages/${id}`, { signal }),
    }),
  gifts: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: peerKeys.gifts(npoId, id),
      queryFn: ({ signal }) =>
        api<{ page: TPeerPage; gifts: TPeerGift[] }>('GET', `/npo_admin/peer_pages/${id}/donations`, { signal }),
    }),
  url: (npoId: number | null, id: number, url: string) =>
    queryOptions({
      queryKey: peerKeys.url(npoId, id, url),
      queryFn: ({ signal }) =>
        api<{ available: boolean; message: string | null }>('GET', `/npo_admin/peer_pages/${id}/url_check`, {
          query: { campaign_url: url },
          signal,
        }),
    }),
  staff: (npoId: number | null, campaignId: number) =>
    queryOptions({
      queryKey: peerKeys.staff(npoId, campaignId),
      queryFn: ({ signal }) => api<TPeerStaffView>('GET', `/npo_admin/peer_to_peer/${campaignId}`, { signal }),
    }),
};

export const peerApi = {
  save: (id: number, body: TPeerPageInput) => api<{ page: TPeerPage }>('PUT', `/npo_admin/peer_pages/${id}`, { body }),
  shared: (id: number) => api<void>('POST', `/npo_admin/peer_pages/${id}/shared`),
  thank: (id: number, donationId: number, body: { send_email: boolean; message: string }) =>
    api<{ gift: TPeerGift }>('POST', `/npo_admin/peer_pages/${id}/donations/${donationId}/thank`, { body }),
  act: (campaignId: number, pageId: number, action: string) =>
    api<TPeerStaffRow>('POST', `/npo_admin/peer_to_peer/${campaignId}/pages/${pageId}/action`, { body: { action } }),
  editText: (campaignId: number, pageId: number, body: TPeerTextInput) =>
    api<TPeerStaffRow>('PUT', `/npo_admin/peer_to_peer/${campaignId}/pages/${pageId}/text`, { body }),
  saveSettings: (campaignId: number, body: TPeerSettings) =>
    api<TPeerSettings>('PUT', `/npo_admin/peer_to_peer/${campaignId}/settings`, { body }),
};
