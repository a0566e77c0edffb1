import type {
  TContactListResponse,
  TContactSort,
  TSegment,
  TSegmentCount,
  TSegmentGroupInput,
  TSegmentInput,
  TSegmentList,
  TSegmentOptions,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

export const SEGMENT_PAGE_SIZE = 25;
export type SegmentDonorsState = { sort: TContactSort; direction: 'asc' | 'desc'; page: number };

/** Query keys of the segment screens; the organisation id is in every key. */
export const segmentKeys = {
  all: ['crm-segments'] as const,
  list: (npoId: number | null) => [...segmentKeys.all, 'list', npoId] as const,
  one: (npoId: number | null, id: number) => [...segmentKeys.all, 'one', npoId, id] as const,
  donors: (npoId: number | null, id: number, state: SegmentDonorsState) =>
    [...segmentKeys.all, 'donors', npoId, id, state] as const,
  count: (npoId: number | null, rules: TSegmentGroupInput | null) =>
    [...segmentKeys.all, 'count', npoId, rules] as const,
  options: (npoId: number | null) => [...segmentKeys.all, 'options', npoId] as const,
};

export const segmentQueries = {
  list: (npoId: number | null) =>
    queryOptions({
      queryKey: segmentKeys.list(npoId),
      queryFn: ({ signal }) => api<TSegmentList>('GET', '/npo_admin/segments', { signal }),
      enabled: npoId !== null,
    }),
  one: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: segmentKeys.one(npoId, id),
      queryFn: ({ signal }) => api<TSegment>('GET', `/npo_admin/segments/${id}`, { signal }),
      enabled: npoId !== null && id > 0,
      retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
    }),
  donors: (npoId: number | null, id: number, state: SegmentDonorsState) =>
    queryOptions({
      queryKey: segmentKeys.donors(npoId, id, state),
      queryFn: ({ signal }) =>
        api<TContactListResponse>('GET', `/npo_admin/segments/${id}/donors`, {
          query: { ...state, per_page: SEGMENT_PAGE_SIZE },
          signal,
        }),
      enabled: npoId !== null && id > 0,
    }),
  options: (npoId: number | null) =>
    queryOptions({
      queryKey: segmentKeys.options(npoId),
      queryFn: ({ signal }) => api<TSegmentOptions>('GET', '/npo_admin/segments/options', { signal }),
      enabled: npoId !== null,
    }),
  /** The live count of rules being edited (the caller debounces the rules). */
  count: (npoId: number | null, rules: TSegmentGroupInput | null) =>
    queryOptions({
      queryKey: segmentKeys.count(npoId, rules),
      queryFn: ({ signal }) => api<TSegmentCount>('POST', '/npo_admin/segments/count', { body: { rules }, signal }),
      enabled: npoId !== null && rules !== null && rules.rules.length > 0,
      retry: false,
    }),
};

export const createSegment = (body: TSegmentInput) => api<TSegment>('POST', '/npo_admin/segments', { body });
export const saveSegment = (id: number, body: TSegmentInput) =>
  api<TSegment>('PUT', `/npo_admin/segments/${id}`, { body });
export const deleteSegment = (id: number) => api<void>('DELETE', `/npo_admin/segments/${id}`);
export const addSegmentMembers = (id: number, contactIds: number[]) =>
  api<void>('POST', `/npo_admin/segments/${id}/members`, { body: { contact_ids: contactIds } });
export const removeSegmentMember = (id: number, contactId: number) =>
  api<void>('DELETE', `/npo_admin/segments/${id}/members/${contactId}`);
