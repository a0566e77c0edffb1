import { CONSTANTS, type TConsoleOrganisationList, type TConsoleTransactionList } from '@kindling/contracts';
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
