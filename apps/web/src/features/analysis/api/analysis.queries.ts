import type {
  TGiftAnalysis,
  THomeAnalysis,
  TLapsedAnalysis,
  TRecurringAnalysis,
  TRetentionAnalysis,
} from '@kindling/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

/** A period of whole days, both included (the server's ZAnalysisPeriodQuery). */
export type PeriodRange = { from: string; to: string };

/**
 * Query keys of the home charts and the analysis page, written once. The organisation id is in
 * every key, so switching organisation never shows the previous one's figures.
 */
export const analysisKeys = {
  all: ['analysis'] as const,
  home: (npoId: number | null, months = 12) => [...analysisKeys.all, 'home', npoId, months] as const,
  gifts: (npoId: number | null, p: PeriodRange) => [...analysisKeys.all, 'gifts', npoId, p] as const,
  retention: (npoId: number | null, p: PeriodRange) => [...analysisKeys.all, 'retention', npoId, p] as const,
  lapsed: (npoId: number | null) => [...analysisKeys.all, 'lapsed', npoId] as const,
  recurring: (npoId: number | null, p: PeriodRange) => [...analysisKeys.all, 'recurring', npoId, p] as const,
};

const periodQuery = <T>(key: readonly unknown[], path: string, npoId: number | null, period: PeriodRange) =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => api<T>('GET', path, { query: period, signal }),
    enabled: npoId !== null,
    // The figures of the previous period stay on screen (dimmed) while the new ones load.
    placeholderData: keepPreviousData,
  });

export const analysisQueries = {
  /** The home charts over the last `months` months (the user's dashboard settings; twelve by default). */
  home: (npoId: number | null, months = 12, enabled = true) =>
    queryOptions({
      queryKey: analysisKeys.home(npoId, months),
      queryFn: ({ signal }) => api<THomeAnalysis>('GET', '/npo_admin/analysis/home', { query: { months }, signal }),
      enabled: npoId !== null && enabled,
    }),
  gifts: (npoId: number | null, p: PeriodRange) =>
    periodQuery<TGiftAnalysis>(analysisKeys.gifts(npoId, p), '/npo_admin/analysis/gifts', npoId, p),
  retention: (npoId: number | null, p: PeriodRange) =>
    periodQuery<TRetentionAnalysis>(analysisKeys.retention(npoId, p), '/npo_admin/analysis/retention', npoId, p),
  recurring: (npoId: number | null, p: PeriodRange) =>
    periodQuery<TRecurringAnalysis>(analysisKeys.recurring(npoId, p), '/npo_admin/analysis/recurring', npoId, p),
  lapsed: (npoId: number | null) =>
    queryOptions({
      queryKey: analysisKeys.lapsed(npoId),
      queryFn: ({ signal }) => api<TLapsedAnalysis>('GET', '/npo_admin/analysis/lapsed', { signal }),
      enabled: npoId !== null,
    }),
};
