import type { TAdminOverview, TLaunchpad } from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

/** The organisation id is in each key: switching organisation never shows the other's state. */
export const overviewQueries = {
  overview: (npoId: number | null, enabled = true) =>
    queryOptions({
      queryKey: ['admin-overview', npoId],
      queryFn: ({ signal }) => api<TAdminOverview>('GET', '/npo_admin/admin_overview', { signal }),
      enabled: npoId !== null && enabled,
      retry: false,
    }),
  launchpad: (npoId: number | null) =>
    queryOptions({
      queryKey: ['launchpad', npoId],
      queryFn: ({ signal }) => api<TLaunchpad>('GET', '/npo_admin/launchpad', { signal }),
      enabled: npoId !== null,
      retry: false,
    }),
};
