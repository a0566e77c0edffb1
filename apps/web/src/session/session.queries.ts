import type {
  TAuthConfigResponse,
  TOrganisationStats,
  TRefreshResponse,
  TSelectNpoResponse,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../app/api-client.ts';

/**
 * Query keys of the session and of the data tied to the selected organisation, written once here so
 * that the provider, the sign-in screen and the shell cannot drift apart.
 */
export const sessionKeys = {
  all: ['session'] as const,
  refresh: () => [...sessionKeys.all, 'refresh'] as const,
  authConfig: () => [...sessionKeys.all, 'auth-config'] as const,
  accountDetails: (npoId: number | null) => [...sessionKeys.all, 'account-details', npoId] as const,
};

export const sessionQueries = {
  /** Public configuration of the sign-in screen (Google client id, Stripe authorize address). */
  authConfig: () =>
    queryOptions({
      queryKey: sessionKeys.authConfig(),
      queryFn: ({ signal }) => api<TAuthConfigResponse>('GET', '/auth/config', { signal }),
      staleTime: 5 * 60 * 1000,
    }),
  /** Organisation statistics; loaded once an organisation is selected and the user is signed in. */
  accountDetails: (npoId: number | null) =>
    queryOptions({
      queryKey: sessionKeys.accountDetails(npoId),
      queryFn: ({ signal }) => api<TOrganisationStats>('GET', '/npo_admin/account_details', { signal }),
      enabled: npoId !== null,
    }),
};

export const fetchRefresh = (roleName: string | null, signal?: AbortSignal) =>
  api<TRefreshResponse>('GET', '/refresh', { query: { role_name: roleName }, signal });

export const fetchSelectNpo = (query: { npo_id: number; role_name: string; code: number }) =>
  api<TSelectNpoResponse>('GET', '/npo_admin/select_npo', { query });
