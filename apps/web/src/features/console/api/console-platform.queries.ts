import {
  CONSTANTS,
  type TConsoleAnnouncement,
  type TConsoleAnnouncementList,
  type TConsoleAnnouncementRequest,
  type TConsoleOrganisationList,
  type TConsoleSales,
  type TConsoleSalesOrganisations,
  type TConsoleSecurity,
  type TConsoleTransactionList,
} from '@kindling/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';
import { consoleKeys } from './console.queries.ts';

/** The transactions screen's filters as the form holds them (empty: not filtered). */
export type TransactionFilters = {
  npo_id: string;
  provider: string;
  kind: string;
  status: string;
  from: string;
  to: string;
  min_minor: string;
  max_minor: string;
  q: string;
};

export const NO_TRANSACTION_FILTERS: TransactionFilters = {
  npo_id: '',
  provider: '',
  kind: '',
  status: '',
  from: '',
  to: '',
  min_minor: '',
  max_minor: '',
  q: '',
};

const paramsOf = (filters: TransactionFilters, cursor: string | null) =>
  Object.fromEntries(
    Object.entries({ ...filters, cursor: cursor ?? '' })
      .map(([k, v]) => [k, v.trim()] as const)
      .filter(([, v]) => v !== ''),
  );

export const consolePlatformQueries = {
  transactions: (filters: TransactionFilters, cursor: string | null) =>
    queryOptions({
      queryKey: [...consoleKeys.all, 'transactions', filters, cursor] as const,
      queryFn: ({ signal }) =>
        api<TConsoleTransactionList>('GET', '/console/transactions', { query: paramsOf(filters, cursor), signal }),
      placeholderData: keepPreviousData,
    }),
};

export const transactionsExportUrl = (filters: TransactionFilters) => {
  const qs = new URLSearchParams(paramsOf(filters, null)).toString();
  return `${CONSTANTS.apiBase}/console/transactions/export${qs ? `?${qs}` : ''}`;
};

/** The organisation filter's choices: the first hundred by newest (search narrows further on the server). */
export const organisationChoices = () =>
  queryOptions({
    queryKey: [...consoleKeys.all, 'organisation-choices'] as const,
    queryFn: ({ signal }) =>
      api<TConsoleOrganisationList>('GET', '/console/organizations', { query: { per_page: 100 }, signal }),
    staleTime: 60_000,
  });

// con24b: the sales screen's figures and export (docs/product/console.md#consolesales).
export const consoleSalesQuery = () =>
  queryOptions({
    queryKey: [...consoleKeys.all, 'sales'] as const,
    queryFn: ({ signal }) => api<TConsoleSales>('GET', '/console/sales', { signal }),
  });

/** The owed-fees table's page (decision 096): the period, order, name search and page live on the server. */
export type SalesTableState = { period: string; sort: string; q: string; page: number };

export const consoleSalesOrganisationsQuery = (state: SalesTableState) =>
  queryOptions({
    queryKey: [...consoleKeys.all, 'sales', 'organisations', state] as const,
    queryFn: ({ signal }) =>
      api<TConsoleSalesOrganisations>('GET', '/console/sales/organizations', {
        signal,
        query: {
          period: state.period,
          sort: state.sort,
          page: state.page,
          ...(state.q.trim() ? { q: state.q.trim() } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });

export const salesExportUrl = () => `${CONSTANTS.apiBase}/console/sales/export`;

// con24b: announcements and the security screen.
export const consoleAnnouncementsQuery = () =>
  queryOptions({
    queryKey: [...consoleKeys.all, 'announcements'] as const,
    queryFn: ({ signal }) => api<TConsoleAnnouncementList>('GET', '/console/announcements', { signal }),
  });

export const sendAnnouncement = (body: TConsoleAnnouncementRequest) =>
  api<TConsoleAnnouncement>('POST', '/console/announcements', { body });

export const consoleSecurityQuery = () =>
  queryOptions({
    queryKey: [...consoleKeys.all, 'security'] as const,
    queryFn: ({ signal }) => api<TConsoleSecurity>('GET', '/console/security', { signal }),
  });
