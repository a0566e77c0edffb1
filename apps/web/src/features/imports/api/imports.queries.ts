import {
  CONSTANTS,
  type TImportListResponse,
  type TImportResponse,
  type TImportUploadResponse,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, uploadFile } from '../../../app/api-client.ts';

/** The organisation is in every key: switching organisation never shows another's imports. */
export const importKeys = {
  all: (npoId: number | null) => ['imports', npoId] as const,
  list: (npoId: number | null) => ['imports', npoId, 'list'] as const,
  one: (npoId: number | null, id: number) => ['imports', npoId, 'one', id] as const,
};

export const importQueries = {
  list: (npoId: number | null) =>
    queryOptions({
      queryKey: importKeys.list(npoId),
      queryFn: ({ signal }) => api<TImportListResponse>('GET', '/npo_admin/imports', { signal }).then((r) => r.imports),
    }),
  one: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: importKeys.one(npoId, id),
      queryFn: ({ signal }) => getImport(id, signal),
    }),
};

function getImport(id: number, signal?: AbortSignal) {
  return api<TImportResponse>('GET', `/npo_admin/imports/${id}`, { signal }).then((r) => r.import);
}

/** POST /npo_admin/imports as multipart (the JSON client cannot send a file): checks it, answers the preview. */
function upload(file: File): Promise<TImportUploadResponse> {
  return uploadFile('/npo_admin/imports', file);
}

export const importApi = {
  upload,
  get: getImport,
  start: (id: number) => api<TImportResponse>('POST', `/npo_admin/imports/${id}/start`).then((r) => r.import),
  /** Runs a failed import again; rows it recorded before are not recorded twice. */
  retry: (id: number) => api<TImportResponse>('POST', `/npo_admin/imports/${id}/retry`).then((r) => r.import),
  errorsUrl: (id: number) => `${CONSTANTS.apiBase}/npo_admin/imports/${id}/errors.csv`,
};
