import {
  CONSTANTS,
  type TRecurringImportListResponse,
  type TRecurringImportPlansResponse,
  type TRecurringImportResponse,
  type TRecurringImportUploadResponse,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, uploadFile } from '../../../app/api-client.ts';

const BASE = '/npo_admin/recurring_imports';

/** The organisation is in every key: switching organisation never shows another's imports. */
export const recurringImportKeys = {
  list: (npoId: number | null) => ['recurring-imports', npoId, 'list'] as const,
  one: (npoId: number | null, id: number) => ['recurring-imports', npoId, 'one', id] as const,
  plans: (npoId: number | null, id: number) => ['recurring-imports', npoId, 'plans', id] as const,
};

function getRecurringImport(id: number, signal?: AbortSignal) {
  return api<TRecurringImportResponse>('GET', `${BASE}/${id}`, { signal }).then((r) => r.import);
}

export const recurringImportQueries = {
  list: (npoId: number | null) =>
    queryOptions({
      queryKey: recurringImportKeys.list(npoId),
      queryFn: ({ signal }) => api<TRecurringImportListResponse>('GET', BASE, { signal }).then((r) => r.imports),
    }),
  one: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: recurringImportKeys.one(npoId, id),
      queryFn: ({ signal }) => getRecurringImport(id, signal),
    }),
  plans: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: recurringImportKeys.plans(npoId, id),
      queryFn: ({ signal }) =>
        api<TRecurringImportPlansResponse>('GET', `${BASE}/${id}/plans`, { signal }).then((r) => r.plans),
    }),
};

export const recurringImportApi = {
  get: getRecurringImport,
  upload: (file: File) => uploadFile<TRecurringImportUploadResponse>(BASE, file),
  start: (id: number) => api<TRecurringImportResponse>('POST', `${BASE}/${id}/start`).then((r) => r.import),
  errorsUrl: (id: number) => `${CONSTANTS.apiBase}${BASE}/${id}/errors.csv`,
};
