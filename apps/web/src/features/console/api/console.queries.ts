import type {
  TConsoleFeeRequest,
  TConsoleIndex,
  TConsoleOrganisationDetail,
  TConsoleOrganisationList,
  TConsoleUser,
  TConsoleUserList,
  TPlatformLogoResponse,
  TPlatformNotice,
  TPlatformSettings,
  TPlatformSettingsRequest,
} from '@kindling/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

const BASE = '/console';

export const consoleKeys = {
  all: ['console'] as const,
  index: () => [...consoleKeys.all, 'index'] as const,
  organisations: (page: number, q: string, status: string) =>
    [...consoleKeys.all, 'organisations', page, q, status] as const,
  organisation: (id: number) => [...consoleKeys.all, 'organisation', id] as const,
  users: (page: number, q: string) => [...consoleKeys.all, 'users', page, q] as const,
  settings: () => [...consoleKeys.all, 'settings'] as const,
};

const params = (values: Record<string, string | number>) =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

export const consoleQueries = {
  index: () =>
    queryOptions({
      queryKey: consoleKeys.index(),
      queryFn: ({ signal }) => api<TConsoleIndex>('GET', BASE, { signal }),
    }),
  organisations: (page: number, q: string, status: string) =>
    queryOptions({
      queryKey: consoleKeys.organisations(page, q, status),
      queryFn: ({ signal }) =>
        api<TConsoleOrganisationList>('GET', `${BASE}/organizations`, {
          query: params({ page, per_page: 25, q, status }),
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  organisation: (id: number) =>
    queryOptions({
      queryKey: consoleKeys.organisation(id),
      queryFn: ({ signal }) => api<TConsoleOrganisationDetail>('GET', `${BASE}/organizations/${id}`, { signal }),
    }),
  users: (page: number, q: string) =>
    queryOptions({
      queryKey: consoleKeys.users(page, q),
      queryFn: ({ signal }) =>
        api<TConsoleUserList>('GET', `${BASE}/users`, { query: params({ page, per_page: 25, q }), signal }),
      placeholderData: keepPreviousData,
    }),
  settings: () =>
    queryOptions({
      queryKey: consoleKeys.settings(),
      queryFn: ({ signal }) => api<TPlatformSettings>('GET', `${BASE}/settings`, { signal }),
    }),
  notice: (userId: number | null, npoId: number | null) =>
    queryOptions({
      queryKey: ['platform-notice', userId, npoId] as const,
      queryFn: ({ signal }) => api<TPlatformNotice>('GET', '/platform/notice', { signal }),
      staleTime: 60_000,
    }),
};

export type OrganisationAction = 'suspend' | 'reactivate' | 'close' | 'verify' | 'unverify';
export type UserAction = 'reset_second_factor' | 'sign_out_everywhere' | 'lock' | 'unlock' | 'resend_verification';

export const consoleApi = {
  actOnOrganisation: (id: number, action: OrganisationAction, reason: string) =>
    api<TConsoleOrganisationDetail>('POST', `${BASE}/organizations/${id}/${action}`, { body: { reason } }),
  changeFee: (id: number, body: TConsoleFeeRequest) =>
    api<TConsoleOrganisationDetail>('PUT', `${BASE}/organizations/${id}/fee`, { body }),
  actOnUser: (id: number, action: UserAction, reason: string) =>
    api<TConsoleUser>('POST', `${BASE}/users/${id}/${action}`, { body: { reason } }),
  /** The banner's "Resend the link" for the signed-in user's own address (decision 078). */
  resendOwnVerification: () => api<{ message: string }>('POST', '/account/email_verification'),
  saveSettings: (body: TPlatformSettingsRequest) => api<TPlatformSettings>('PUT', `${BASE}/settings`, { body }),
  /** The platform logo (decision 083): a multipart upload whose reason travels in the query. */
  uploadLogo: (file: File, reason: string) => {
    const body = new FormData();
    body.append('file', file);
    return api<TPlatformLogoResponse>('POST', `${BASE}/settings/logo`, { body, query: { reason } });
  },
  removeLogo: (reason: string) => api<TPlatformLogoResponse>('DELETE', `${BASE}/settings/logo`, { query: { reason } }),
};
