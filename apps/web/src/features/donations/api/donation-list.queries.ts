import type { TDonationFilterOptions, TDonationListPageOnly, TDonationListTotals } from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';
import { type DonationListState, filterQuery, matchQuery } from '../list-params.ts';

export const DONATIONS_LIST_PAGE_SIZE = 25;

/**
 * Query keys of the donations list, written once. The organisation id is part of every key, so
 * switching organisation never shows the previous one's donations from the cache.
 */
export const donationListKeys = {
  all: ['donation-list'] as const,
  list: (npoId: number | null, state: DonationListState) =>
    [...donationListKeys.all, 'list', npoId, filterQuery(state), state.page] as const,
  totals: (npoId: number | null, state: DonationListState) =>
    [...donationListKeys.all, 'totals', npoId, matchQuery(state)] as const,
  filterOptions: (npoId: number | null) => [...donationListKeys.all, 'filter-options', npoId] as const,
};

export const donationListQueries = {
  list: (npoId: number | null, state: DonationListState) =>
    queryOptions({
      queryKey: donationListKeys.list(npoId, state),
      queryFn: ({ signal }) =>
        api<TDonationListPageOnly>('GET', '/npo_admin/donations', {
          query: {
            ...filterQuery(state),
            page: state.page,
            per_page: DONATIONS_LIST_PAGE_SIZE,
            include_totals: 'false',
          },
          signal,
        }),
    }),
  /** Totals and count of a filter, read once per filter: paging and sorting do not change them. */
  totals: (npoId: number | null, state: DonationListState) =>
    queryOptions({
      queryKey: donationListKeys.totals(npoId, state),
      queryFn: ({ signal }) =>
        api<TDonationListTotals>('GET', '/npo_admin/donations/totals', { query: matchQuery(state), signal }),
    }),
  /** The filter bar's choices change rarely: kept for five minutes. */
  filterOptions: (npoId: number | null) =>
    queryOptions({
      queryKey: donationListKeys.filterOptions(npoId),
      queryFn: ({ signal }) => api<TDonationFilterOptions>('GET', '/npo_admin/donations/filter_options', { signal }),
      staleTime: 5 * 60_000,
    }),
};
