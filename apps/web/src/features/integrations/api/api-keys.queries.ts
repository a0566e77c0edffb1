import type { TApiKey, TApiKeyCreated, TApiKeyInput, TApiKeyList } from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

/** Query keys of the organisation's API keys; the organisation id is in every key. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (npoId: number | null) => [...apiKeyKeys.all, npoId] as const,
};

export const apiKeyQueries = {
  list: (npoId: number | null, enabled = true) =>
    queryOptions({
      queryKey: apiKeyKeys.list(npoId),
      queryFn: ({ signal }) => api<TApiKeyList>('GET', '/npo_admin/api_keys', { signal }),
      enabled: npoId !== null && enabled,
    }),
};

export const createApiKey = (body: TApiKeyInput) => api<TApiKeyCreated>('POST', '/npo_admin/api_keys', { body });
export const revokeApiKey = (id: number) => api<TApiKey>('DELETE', `/npo_admin/api_keys/${id}`);
