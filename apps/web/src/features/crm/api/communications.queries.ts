import type {
  TCommunicationInput,
  TCommunicationList,
  TCommunicationListQuery,
  TGuide,
  TGuidePage,
  TGuidePageInput,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

/** Query keys of the communications record and guide; the organisation id is in every key. */
export const communicationKeys = {
  all: ['crm-communications'] as const,
  list: (npoId: number | null, query: TCommunicationListQuery) =>
    [...communicationKeys.all, 'list', npoId, query] as const,
  guide: (npoId: number | null) => ['crm-communications-guide', npoId] as const,
};

export const communicationQueries = {
  list: (npoId: number | null, query: TCommunicationListQuery) =>
    queryOptions({
      queryKey: communicationKeys.list(npoId, query),
      queryFn: ({ signal }) =>
        api<TCommunicationList>('GET', '/npo_admin/communications', {
          query,
          signal,
        }),
      enabled: npoId !== null,
    }),
  guide: (npoId: number | null) =>
    queryOptions({
      queryKey: communicationKeys.guide(npoId),
      queryFn: ({ signal }) => api<TGuide>('GET', '/npo_admin/communications_guide', { signal }),
      enabled: npoId !== null,
    }),
};

export const logCommunication = (body: TCommunicationInput) =>
  api<{ id: number }>('POST', '/npo_admin/communications', { body });
export const deleteCommunication = (id: number) => api<void>('DELETE', `/npo_admin/communications/${id}`);
export const saveGuidePage = (slug: string, body: TGuidePageInput) =>
  api<TGuide>('PUT', `/npo_admin/communications_guide/${encodeURIComponent(slug)}`, { body });
export const addGuidePage = (body: TGuidePageInput) =>
  api<TGuidePage>('POST', '/npo_admin/communications_guide', { body });
export const removeGuidePage = (slug: string) =>
  api<TGuide>('DELETE', `/npo_admin/communications_guide/${encodeURIComponent(slug)}`);
