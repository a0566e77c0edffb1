import type { TAiUserQuery, TAnalyzeRequest, TAnalyzeResponse } from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

// The assistant's calls (spec 01 §7; docs/product/insights.md#assistant).

export const savedQueryKeys = {
  all: ['ai-user-queries'] as const,
  list: (npoId: number | null) => [...savedQueryKeys.all, npoId] as const,
};

export const savedQueries = (npoId: number | null) =>
  queryOptions({
    queryKey: savedQueryKeys.list(npoId),
    queryFn: ({ signal }) =>
      api<{ status: string; data: TAiUserQuery[] }>('GET', '/npo_admin/ai_user_queries', { signal }).then(
        (r) => r.data,
      ),
    enabled: npoId !== null,
  });

export const saveQuery = (query: string) =>
  api<{ status: string; data: TAiUserQuery }>('POST', '/npo_admin/ai_user_queries', { body: { query } });

export const clearQueries = () => api<{ status: string }>('DELETE', '/ai/user_queries/destroy_all');

export const analyze = (body: TAnalyzeRequest) => api<TAnalyzeResponse>('POST', '/ai/analyze', { body });
