import type {
  TReportRecipientList,
  TReportScheduleInput,
  TSavedReport,
  TSavedReportInput,
  TSavedReportList,
  TSavedReportUpdate,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

// Saved and scheduled reports (docs/product/reports.md#saved-reports).
const BASE = '/npo_admin/reports/saved';
export const savedReportKeys = { all: ['saved-reports'] as const };

export const savedReportQueries = {
  list: (npoId: number | null) =>
    queryOptions({
      queryKey: [...savedReportKeys.all, 'list', npoId],
      queryFn: ({ signal }) => api<TSavedReportList>('GET', BASE, { signal }),
      enabled: npoId !== null,
      retry: false,
    }),
  recipients: (npoId: number | null) =>
    queryOptions({
      queryKey: [...savedReportKeys.all, 'recipients', npoId],
      queryFn: ({ signal }) => api<TReportRecipientList>('GET', `${BASE}/recipients`, { signal }),
      enabled: npoId !== null,
      staleTime: 60_000,
    }),
};

export const savedReportApi = {
  create: (body: TSavedReportInput) => api<TSavedReport>('POST', BASE, { body }),
  update: (id: number, body: TSavedReportUpdate) => api<TSavedReport>('PATCH', `${BASE}/${id}`, { body }),
  remove: (id: number) => api<void>('DELETE', `${BASE}/${id}`),
  schedule: (id: number, body: TReportScheduleInput) => api<TSavedReport>('PUT', `${BASE}/${id}/schedule`, { body }),
  unschedule: (id: number) => api<TSavedReport>('DELETE', `${BASE}/${id}/schedule`),
};

/** The reports page's address of a saved report: its report, view, filters and columns. */
export function savedReportHref(r: Pick<TSavedReport, 'report' | 'view' | 'filters' | 'columns' | 'id'>): string {
  const params = new URLSearchParams(r.filters);
  if (r.report !== 'income') params.set('report', r.report);
  if (r.view) params.set('view', r.view);
  if (r.columns.length) params.set('columns', r.columns.join(','));
  params.set('saved', String(r.id));
  return `/dashboard/reports?${params}`;
}
