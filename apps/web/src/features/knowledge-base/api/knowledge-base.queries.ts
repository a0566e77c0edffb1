import type { TKbArticle, TKbArticleInput, TKbList } from '@kindling/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

const BASE = '/npo_admin/knowledge_base/articles';

/** Query keys of the knowledge base; the organisation id is in every key. */
export const kbKeys = {
  all: ['knowledge-base'] as const,
  list: (npoId: number | null, q: string) => [...kbKeys.all, 'list', npoId, q] as const,
  article: (npoId: number | null, key: string) => [...kbKeys.all, 'article', npoId, key] as const,
};

export const kbQueries = {
  list: (npoId: number | null, q: string) =>
    queryOptions({
      queryKey: kbKeys.list(npoId, q),
      queryFn: ({ signal }) => api<TKbList>('GET', BASE, { signal, query: { q: q || undefined } }),
      enabled: npoId !== null,
      placeholderData: keepPreviousData,
    }),
  article: (npoId: number | null, key: string | null) =>
    queryOptions({
      queryKey: kbKeys.article(npoId, key ?? ''),
      queryFn: ({ signal }) => api<TKbArticle>('GET', `${BASE}/${encodeURIComponent(key ?? '')}`, { signal }),
      enabled: npoId !== null && key !== null,
    }),
};

export const createArticle = (body: TKbArticleInput) => api<TKbArticle>('POST', BASE, { body });
export const saveArticle = (key: string, body: TKbArticleInput) => api<TKbArticle>('PUT', `${BASE}/${key}`, { body });
export const deleteArticle = (key: string) => api<void>('DELETE', `${BASE}/${key}`);
