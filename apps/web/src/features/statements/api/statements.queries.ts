import type { TStatementBasis, TStatementOverview, TStatementRun, TStatementRunDetail } from '@kindling/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

// Year-end statements in bulk (docs/product/reports.md#year-end-statements).
const BASE = '/npo_admin/reports/statements';
export type StatementPeriod = { year: number; basis: TStatementBasis };
const queryOf = (p: StatementPeriod) => ({ year: String(p.year), basis: p.basis });

export const statementKeys = { all: ['statements'] as const };

export const statementQueries = {
  overview: (npoId: number | null, p: StatementPeriod) =>
    queryOptions({
      queryKey: [...statementKeys.all, 'overview', npoId, p.year, p.basis],
      queryFn: ({ signal }) => api<TStatementOverview>('GET', BASE, { query: queryOf(p), signal }),
      enabled: npoId !== null,
      placeholderData: keepPreviousData,
    }),
  run: (npoId: number | null, runId: number) =>
    queryOptions({
      queryKey: [...statementKeys.all, 'run', npoId, runId],
      queryFn: ({ signal }) => api<TStatementRunDetail>('GET', `${BASE}/runs/${runId}`, { signal }),
      enabled: npoId !== null,
    }),
};

export const statementApi = {
  start: (p: StatementPeriod) => api<TStatementRun>('POST', `${BASE}/runs`, { body: p }),
  /** The PDFs' addresses: the browser saves them with the session cookie (plain links). */
  previewHref: (p: StatementPeriod) => `/api/v1${BASE}/preview.pdf?${new URLSearchParams(queryOf(p))}`,
  postHref: (p: StatementPeriod) => `/api/v1${BASE}/post.pdf?${new URLSearchParams(queryOf(p))}`,
};
