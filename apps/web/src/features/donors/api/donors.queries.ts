import type {
  TDonorDetail,
  TDonorListResponse,
  TDonorMergePreview,
  TDonorProfileInput,
  TGivingYearSetting,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';
import { type DonorListState, listQuery } from '../list-params.ts';

export const DONORS_PAGE_SIZE = 25;

/** Query keys of the donor screens; the organisation id is in every key (no cross-organisation cache). */
export const donorKeys = {
  all: ['donors'] as const,
  list: (npoId: number | null, state: DonorListState) => [...donorKeys.all, 'list', npoId, state] as const,
  detail: (npoId: number | null, id: number) => [...donorKeys.all, 'detail', npoId, id] as const,
  mergePreview: (npoId: number | null, id: number, duplicateId: number) =>
    [...donorKeys.all, 'merge-preview', npoId, id, duplicateId] as const,
};

export const donorQueries = {
  list: (npoId: number | null, state: DonorListState) =>
    queryOptions({
      queryKey: donorKeys.list(npoId, state),
      queryFn: ({ signal }) =>
        api<TDonorListResponse>('GET', '/npo_admin/donors', {
          query: { ...listQuery(state), per_page: DONORS_PAGE_SIZE },
          signal,
        }),
      enabled: npoId !== null,
    }),
  detail: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: donorKeys.detail(npoId, id),
      queryFn: ({ signal }) => api<TDonorDetail>('GET', `/npo_admin/donors/${id}`, { signal }),
      enabled: npoId !== null && Number.isInteger(id) && id > 0,
      retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
    }),
  mergePreview: (npoId: number | null, id: number, duplicateId: number) =>
    queryOptions({
      queryKey: donorKeys.mergePreview(npoId, id, duplicateId),
      queryFn: ({ signal }) =>
        api<TDonorMergePreview>('GET', `/npo_admin/donors/${id}/merge_preview`, {
          query: { duplicate_id: duplicateId },
          signal,
        }),
      staleTime: 0,
    }),
};

export const saveDonorProfile = (id: number, body: TDonorProfileInput) =>
  api<TDonorDetail>('PATCH', `/npo_admin/donors/${id}`, { body });

export const mergeDonor = (id: number, duplicateId: number) =>
  api<TDonorDetail>('POST', `/npo_admin/donors/${id}/merge`, { body: { duplicate_id: duplicateId } });

export const saveGivingYear = (month: number) =>
  api<TGivingYearSetting>('PATCH', '/npo_admin/organisation/giving_year', { body: { fiscal_year_start_month: month } });

/** The statement's address; the browser downloads it with the session cookie. */
export const statementUrl = (id: number, year: number) => `/api/v1/npo_admin/donors/${id}/statement.pdf?year=${year}`;
