import type { TInsightsQuery, TInsightsResponse } from '@kindling/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

export type InsightFilters = Partial<Omit<TInsightsQuery, 'insights'>> & { time_range: TInsightsQuery['time_range'] };

export const insightKeys = {
  all: ['insights'] as const,
  list: (npoId: number | null, filters: InsightFilters) => [...insightKeys.all, npoId, filters] as const,
};

export const insightQueries = {
  /** Every category at once: the tabs switch without a call; filters ask the server again. */
  list: (npoId: number | null, filters: InsightFilters, refreshing: boolean) =>
    queryOptions({
      queryKey: insightKeys.list(npoId, filters),
      queryFn: ({ signal }) => api<TInsightsResponse>('GET', '/insights', { query: filters, signal }),
      enabled: npoId !== null,
      placeholderData: keepPreviousData,
      // While the job runs, look again every few seconds until its result is stored.
      refetchInterval: refreshing ? 3000 : false,
    }),
};

export const refreshInsights = () => api<{ status: string; data: { queued: boolean } }>('POST', '/insights/refresh');
