import { z } from 'zod';
import { checkPeriod, REPORT_FORMATS, reportFilterShape } from './reports.ts';

// The reports centre's table reports beside income (docs/product/reports.md): campaigns, donors and
// tax. Each answers one table (its `view`) with typed columns, a total line where the lines add up,
// and the column its chart draws; the page and the downloads render any of them the same way.
// Money is integer minor units of `currency` (the base currency unless the view says otherwise).

export const TABLE_REPORTS = {
  campaigns: { title: 'Campaigns and appeals', views: ['campaigns'] },
  donors: { title: 'Donors', views: ['retention', 'lapsed', 'pyramid', 'top'] },
  tax: { title: 'Tax', views: ['receipts', 'acknowledgements', 'gift_aid'] },
  recurring: { title: 'Recurring', views: ['mrr', 'plans', 'charges'] },
  reconciliation: { title: 'Reconciliation', views: ['payouts', 'transactions'] },
} as const;
export type TTableReportName = keyof typeof TABLE_REPORTS;
export const TABLE_REPORT_NAMES = Object.keys(TABLE_REPORTS) as TTableReportName[];

export const TABLE_REPORT_VIEW_LABELS: Record<string, string> = {
  campaigns: 'Raised against goal',
  retention: 'New, retained and lapsed',
  lapsed: 'Lapsed (LYBUNT, SYBUNT)',
  pyramid: 'Giving pyramid',
  top: 'Top donors',
  receipts: 'Receipts by number range',
  acknowledgements: 'US written acknowledgements',
  gift_aid: 'Gift Aid declared gifts',
  mrr: 'MRR movement',
  plans: 'Plans by status and interval',
  charges: 'Failed and recovered charges',
  payouts: 'Payouts',
  transactions: 'Payout transactions',
};

/** The income report's filters without its grouping, and the view (each report's first by default). */
const { group_by: _grouping, ...filterShape } = reportFilterShape;
const tableShape = { ...filterShape, view: z.string().max(40).optional() };
export const ZTableReportQuery = z.object(tableShape).superRefine(checkPeriod);
export type TTableReportQuery = z.infer<typeof ZTableReportQuery>;

export const ZTableReportDownloadQuery = z
  .object({ ...tableShape, format: z.enum(REPORT_FORMATS, { error: 'Download as csv, xlsx or pdf.' }) })
  .superRefine(checkPeriod);

export const TABLE_COLUMN_KINDS = ['text', 'count', 'money', 'percent', 'date'] as const;
export const ZTableColumn = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(TABLE_COLUMN_KINDS),
});
export type TTableColumn = z.infer<typeof ZTableColumn>;

const ZCell = z.union([z.string(), z.number(), z.null()]);
export const ZTableReportRow = z.object({ key: z.string(), cells: z.record(z.string(), ZCell) });
export type TTableReportRow = z.infer<typeof ZTableReportRow>;

/**
 * A provider on the reconciliation report (docs/product/reports.md#reconciliation): `reported`
 * when its payouts are in the report, with when they were last fetched and whether a fetch is
 * waiting; otherwise `message` says where to match its deposits instead.
 */
export const ZPayoutSource = z.object({
  provider: z.enum(['stripe', 'paypal', 'sandbox']),
  label: z.string(),
  reported: z.boolean(),
  message: z.string().nullable(),
  fetched_at: z.string().nullable(),
  /** A fetch is queued or running (the page polls until it is not). */
  refreshing: z.boolean(),
  /** The last fetch's failure, in the product's voice; null when it went through. */
  error: z.string().nullable(),
  can_refresh: z.boolean(),
});
export type TPayoutSource = z.infer<typeof ZPayoutSource>;

/** POST /npo_admin/reports/reconciliation/refresh: the period to fetch from Stripe (arrival dates). */
export const ZTableReport = z.object({
  report: z.enum(['campaigns', 'donors', 'tax', 'recurring', 'reconciliation']),
  view: z.string(),
  title: z.string(),
  currency: z.string(),
  period: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  columns: z.array(ZTableColumn),
  rows: z.array(ZTableReportRow),
  /** The total line (counts and money summed exactly), or null where lines do not add up. */
  totals: z.record(z.string(), ZCell).nullable(),
  /** The chart: bars of `value` per line, named by `label`. */
  chart: z.object({ label: z.string(), value: z.string() }),
  /** A sentence under the table: what the lines count, and any limit. */
  note: z.string(),
  /** rc23: the reconciliation report's providers: which report payouts, and when they were last fetched. */
  sources: z.array(ZPayoutSource).optional(),
});
export type TTableReport = z.infer<typeof ZTableReport>;

export const ZReconciliationRefresh = z
  .object({ from: reportFilterShape.from, to: reportFilterShape.to })
  .superRefine(checkPeriod);
export const ZReconciliationRefreshResponse = z.object({ source: ZPayoutSource });
export type TReconciliationRefreshResponse = z.infer<typeof ZReconciliationRefreshResponse>;
