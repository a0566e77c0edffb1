import type {
  TAuditQuery,
  TAuditResponse,
  TMemberSessionsResponse,
  TSecuritySettings,
  TSecuritySettingsRequest,
  TSignInHistoryResponse,
} from '@kindling/contracts';
import { CONSTANTS } from '@kindling/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

const BASE = '/npo_admin/security';

/** The organisation id is part of every key: switching organisation never shows the other's data. */
export const securityKeys = {
  of: (npoId: number | null) => ['security', npoId] as const,
  settings: (npoId: number | null) => [...securityKeys.of(npoId), 'settings'] as const,
  sessions: (npoId: number | null) => [...securityKeys.of(npoId), 'sessions'] as const,
  signIns: (npoId: number | null, page: number, outcome: string) =>
    [...securityKeys.of(npoId), 'sign-ins', page, outcome] as const,
  audit: (npoId: number | null, query: TAuditQuery) => [...securityKeys.of(npoId), 'audit', query] as const,
};

/** Query-string values without the empty ones. */
export const auditParams = (query: Partial<TAuditQuery>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

export const securityQueries = {
  settings: (npoId: number | null) =>
    queryOptions({
      queryKey: securityKeys.settings(npoId),
      queryFn: ({ signal }) => api<TSecuritySettings>('GET', `${BASE}/settings`, { signal }),
    }),
  sessions: (npoId: number | null) =>
    queryOptions({
      queryKey: securityKeys.sessions(npoId),
      queryFn: ({ signal }) => api<TMemberSessionsResponse>('GET', `${BASE}/sessions`, { signal }),
    }),
  signIns: (npoId: number | null, page: number, outcome: 'all' | 'failed') =>
    queryOptions({
      queryKey: securityKeys.signIns(npoId, page, outcome),
      queryFn: ({ signal }) =>
        api<TSignInHistoryResponse>('GET', `${BASE}/sign_ins`, { query: { page, per_page: 10, outcome }, signal }),
      placeholderData: keepPreviousData,
    }),
  audit: (npoId: number | null, query: TAuditQuery) =>
    queryOptions({
      queryKey: securityKeys.audit(npoId, query),
      queryFn: ({ signal }) => api<TAuditResponse>('GET', `${BASE}/audit`, { query: auditParams(query), signal }),
      placeholderData: keepPreviousData,
    }),
};

export const securityApi = {
  saveSettings: (body: TSecuritySettingsRequest) => api<TSecuritySettings>('PUT', `${BASE}/settings`, { body }),
  revokeSession: (id: number) => api<void>('DELETE', `${BASE}/sessions/${id}`),
  /** The CSV export's address for a download link (the browser sends the session cookie). */
  exportUrl: (query: TAuditQuery) => {
    const { page: _page, per_page: _perPage, ...filter } = query;
    const params = new URLSearchParams(auditParams(filter));
    const qs = params.toString();
    return `${CONSTANTS.apiBase}${BASE}/audit/export${qs ? `?${qs}` : ''}`;
  },
};
