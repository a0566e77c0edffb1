import type {
  TDonationFilterOptions,
  TIncomeReport,
  TReportFormat,
  TSegmentList,
  TTableReport,
  TTableReportName,
} from '@kindling/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

/** The income report's filters as query-string values (docs/product/reports.md#filters). */
export type IncomeFilters = {
  from?: string;
  to?: string;
  group_by: string;
  campaign_id: string[];
  designation: string[];
  payment_method: string[];
  currency: string[];
  segment_id?: string;
};

/**
 * The filters the reconciliation report takes: a payout holds gifts of every campaign, designation,
 * method and donor, so it is filtered by period and one currency only (docs/product/reports.md#reconciliation).
 */
export function payoutFilters(f: IncomeFilters): IncomeFilters {
  return {
    from: f.from,
    to: f.to,
    group_by: f.group_by,
    campaign_id: [],
    designation: [],
    payment_method: [],
    currency: f.currency.slice(0, 1),
  };
}

/** Only the filters set, lists comma-separated, as the server reads them. */
export function incomeQuery(f: IncomeFilters): Record<string, string> {
  const q: Record<string, string> = { group_by: f.group_by };
  if (f.from) q.from = f.from;
  if (f.to) q.to = f.to;
  for (const key of ['campaign_id', 'designation', 'payment_method', 'currency'] as const) {
    if (f[key].length) q[key] = f[key].join(',');
  }
  if (f.segment_id) q.segment_id = f.segment_id;
  return q;
}

/** The download's address: the browser saves it with the session cookie (a plain link). */
export const downloadHref = (f: IncomeFilters, format: TReportFormat) =>
  `/api/v1/npo_admin/reports/income/download?${new URLSearchParams({ ...incomeQuery(f), format })}`;

/** A table report's query: the shared filters without the income report's grouping, and the view. */
export function tableQuery(f: IncomeFilters, view: string | undefined): Record<string, string> {
  const { group_by: _grouping, ...rest } = incomeQuery(f);
  return view ? { ...rest, view } : rest;
}

export const tableDownloadHref = (
  report: TTableReportName,
  f: IncomeFilters,
  view: string | undefined,
  format: TReportFormat,
) => `/api/v1/npo_admin/reports/${report}/download?${new URLSearchParams({ ...tableQuery(f, view), format })}`;

export const reportQueries = {
  table: (npoId: number | null, report: TTableReportName, f: IncomeFilters, view: string | undefined) =>
    queryOptions({
      queryKey: ['reports', report, npoId, tableQuery(f, view)],
      queryFn: ({ signal }) =>
        api<TTableReport>('GET', `/npo_admin/reports/${report}`, { query: tableQuery(f, view), signal }),
      enabled: npoId !== null,
      placeholderData: keepPreviousData,
      retry: false,
    }),
  income: (npoId: number | null, f: IncomeFilters) =>
    queryOptions({
      queryKey: ['reports', 'income', npoId, incomeQuery(f)],
      queryFn: ({ signal }) =>
        api<TIncomeReport>('GET', '/npo_admin/reports/income', { query: incomeQuery(f), signal }),
      enabled: npoId !== null,
      placeholderData: keepPreviousData,
    }),
  // The same choices as the donations list's filter bar, so a report and the list mean the same.
  options: (npoId: number | null) =>
    queryOptions({
      queryKey: ['reports', 'options', npoId],
      queryFn: ({ signal }) => api<TDonationFilterOptions>('GET', '/npo_admin/donations/filter_options', { signal }),
      enabled: npoId !== null,
      staleTime: 60_000,
    }),
  segments: (npoId: number | null) =>
    queryOptions({
      queryKey: ['reports', 'segments', npoId],
      queryFn: ({ signal }) => api<TSegmentList>('GET', '/npo_admin/segments', { signal }),
      enabled: npoId !== null,
      staleTime: 60_000,
    }),
};
