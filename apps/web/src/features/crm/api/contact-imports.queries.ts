import {
  CONSTANTS,
  type TContactImportMapping,
  type TContactImportResponse,
  type TContactImportSummary,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, uploadFile } from '../../../app/api-client.ts';

/** The organisation is in every key: switching organisation never shows another's import. */
export const contactImportKeys = {
  one: (npoId: number | null, id: number) => ['crm-contact-imports', npoId, id] as const,
};

export const contactImportQueries = {
  one: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: contactImportKeys.one(npoId, id),
      queryFn: ({ signal }) =>
        api<TContactImportResponse>('GET', `/npo_admin/contact_imports/${id}`, { signal }).then((r) => r.import),
      enabled: npoId !== null && id > 0,
    }),
};

export const contactImportApi = {
  /** Multipart POST: the server reads the file as it streams and answers its columns and a first mapping. */
  upload: (file: File) => uploadFile<TContactImportResponse>('/npo_admin/contact_imports', file),
  preview: (id: number, body: TContactImportMapping) =>
    api<TContactImportResponse>('POST', `/npo_admin/contact_imports/${id}/preview`, { body }),
  start: (id: number) =>
    api<{ import: TContactImportSummary }>('POST', `/npo_admin/contact_imports/${id}/start`).then((r) => r.import),
  errorsUrl: (id: number) => `${CONSTANTS.apiBase}/npo_admin/contact_imports/${id}/errors.csv`,
};
