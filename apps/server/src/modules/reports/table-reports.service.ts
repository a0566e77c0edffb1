// The campaigns, donors and tax reports (docs/product/reports.md): the shared filters and scope of
// the income report, then each report's own service for the chosen view.
import {
  TABLE_REPORT_VIEW_LABELS,
  TABLE_REPORTS,
  type TTableReport,
  type TTableReportName,
  type TTableReportQuery,
} from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { campaignsReport } from './campaigns-report.service.ts';
import { donorsReport } from './donors-report.service.ts';
import { reportScope } from './income.service.ts';
import { reconciliationReport } from './reconciliation-report.service.ts';
import { recurringReport } from './recurring-report.service.ts';
import { taxReport } from './tax-report.service.ts';

/** The view asked for, or the report's first; an unknown one is 400 naming the choices. */
export function viewOf(report: TTableReportName, view: string | undefined): string {
  const views: readonly string[] = TABLE_REPORTS[report].views;
  if (view === undefined || view === '') return views[0] ?? '';
  if (!views.includes(view)) {
    throw new AppError('VALIDATION_FAILED', `Choose a view of this report: ${views.join(', ')}.`, { view: 'unknown' });
  }
  return view;
}

/** One table report, read from `db` (the reports' pool, decision 077). */
export async function getTableReport(
  db: Db,
  npoId: number,
  report: TTableReportName,
  query: TTableReportQuery,
): Promise<TTableReport> {
  const view = viewOf(report, query.view);
  const { org, scope } = await reportScope(db, npoId, query);
  const ctx = { scope, filter: query, currency: org.currency, startMonth: org.fiscalYearStartMonth };
  let body: Awaited<ReturnType<typeof campaignsReport>> & Partial<Pick<TTableReport, 'currency' | 'sources'>>;
  if (report === 'campaigns') body = await campaignsReport(db, scope, query, org.currency);
  else if (report === 'donors') body = await donorsReport(db, view, ctx);
  else if (report === 'recurring') body = await recurringReport(db, view, ctx);
  else if (report === 'reconciliation')
    body = await reconciliationReport(db, view, { npoId, filter: query, baseCurrency: org.currency });
  else body = await taxReport(db, view, ctx);
  const { currency = org.currency, ...rest } = body;
  return {
    report,
    view,
    title: `${TABLE_REPORTS[report].title}: ${TABLE_REPORT_VIEW_LABELS[view] ?? view}`,
    currency,
    period: { from: query.from ?? null, to: query.to ?? null },
    ...rest,
  };
}
