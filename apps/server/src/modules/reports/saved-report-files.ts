// A saved report rendered as its attachment (docs/product/reports.md#saved-reports): its filters
// resolved on the day it runs, the report read as the page reads it, narrowed to the chosen
// columns, and written by the reports' own CSV/XLSX/PDF writers (table-report-files.ts).
import {
  INCOME_GROUPING_LABELS,
  INCOME_REPORT_COLUMNS,
  TABLE_REPORTS,
  type TIncomeReport,
  type TReportFormat,
  type TTableReport,
  type TTableReportName,
  ZIncomeReportQuery,
  ZTableReportQuery,
} from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { addDays } from '../../platform/format/calendar.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { getIncomeReport, reportOrganisationName } from './income.service.ts';
import { REPORT_CONTENT_TYPES } from './report-files.ts';
import { tableCsv, tablePdf, tableXlsx } from './table-report-files.ts';
import { getTableReport, viewOf } from './table-reports.service.ts';

export type SavedReportDefinition = {
  name: string;
  report: string;
  view: string | null;
  filters: Record<string, string>;
  columns: string[];
};

const isTableReport = (report: string): report is TTableReportName => Object.hasOwn(TABLE_REPORTS, report);

/** Every report of the picker: income and the table reports (a report added to TABLE_REPORTS joins). */
export function checkReportKind(report: string, view: string | null): void {
  if (report === 'income') return;
  if (!isTableReport(report)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Choose a report of the reports centre: income, ${Object.keys(TABLE_REPORTS).join(', ')}.`,
      {
        report: 'unknown',
      },
    );
  }
  viewOf(report, view ?? undefined);
}

/** The period preset's days counted from `today`, as the reports page counts them. */
function periodDays(filters: Record<string, string>, today: string): { from?: string; to?: string } {
  const year = Number(today.slice(0, 4));
  switch (filters.period ?? 'this-year') {
    case 'last-year':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
    case 'last-12-months': {
      const from = addDays(`${year - 1}${today.slice(4)}`, 1);
      return { from, to: today };
    }
    case 'all-time':
      return {};
    case 'custom':
      return { from: filters.from || undefined, to: filters.to || undefined };
    default:
      return { from: `${year}-01-01`, to: today };
  }
}

/**
 * The report's query for `today`; `closedMonth` (an after-month-end send) replaces a preset period
 * with the month that closed, custom dates stay. Bad filters are 400 with the report's own messages.
 */
export function queryOf(
  saved: Pick<SavedReportDefinition, 'report' | 'view' | 'filters'>,
  today: string,
  closedMonth?: { from: string; to: string },
) {
  const { period: _p, from: _f, to: _t, view: _v, report: _r, ...rest } = saved.filters;
  const days = closedMonth && saved.filters.period !== 'custom' ? closedMonth : periodDays(saved.filters, today);
  const raw = { ...rest, ...days, ...(saved.view ? { view: saved.view } : {}) };
  const parsed = saved.report === 'income' ? ZIncomeReportQuery.safeParse(raw) : ZTableReportQuery.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('VALIDATION_FAILED', issue?.message ?? 'These filters are not valid.', {
      [`filters.${String(issue?.path[0] ?? 'filters')}`]: 'invalid',
    });
  }
  return parsed.data;
}

/** The income report in the table shape, so the same writers and column choice serve every report. */
export function incomeAsTable(report: TIncomeReport): TTableReport {
  return {
    report: 'campaigns',
    view: 'income',
    title: 'Income',
    currency: report.currency,
    period: report.period,
    columns: [
      { key: 'label', label: INCOME_GROUPING_LABELS[report.group_by], kind: 'text' },
      ...INCOME_REPORT_COLUMNS.map((c) => ({ key: c.key, label: c.label, kind: c.kind })),
    ],
    rows: report.rows.map((r) => ({ key: r.key, cells: { ...r } })),
    totals: { label: 'Total', ...report.totals },
    chart: { label: 'label', value: 'net' },
    note: '',
  };
}

/** Only the chosen columns, in the order chosen, after the first; none chosen or none known: all. */
export function narrowColumns(report: TTableReport, chosen: readonly string[]): TTableReport {
  const [first, ...rest] = report.columns;
  const kept = chosen.flatMap((key) => rest.filter((c) => c.key === key));
  if (!first || kept.length === 0) return report;
  return { ...report, columns: [first, ...kept] };
}

export type RenderedReport = { filename: string; content: Buffer; contentType: string; title: string };

/** The saved report as a file of `format`, read from `db` (the reports' pool). */
export async function renderSavedReport(
  db: Db,
  npoId: number,
  saved: SavedReportDefinition,
  format: TReportFormat,
  today: string,
  closedMonth?: { from: string; to: string },
): Promise<RenderedReport> {
  checkReportKind(saved.report, saved.view);
  const query = queryOf(saved, today, closedMonth);
  const table =
    saved.report === 'income'
      ? incomeAsTable(await getIncomeReport(db, npoId, query as Parameters<typeof getIncomeReport>[2]))
      : await getTableReport(db, npoId, saved.report as TTableReportName, query);
  const report = { ...narrowColumns(table, saved.columns), title: `${saved.name} (${table.title})` };
  const organisation = await reportOrganisationName(db, npoId);
  const content =
    format === 'csv'
      ? tableCsv(report)
      : format === 'xlsx'
        ? await tableXlsx(report, organisation)
        : await tablePdf(report, organisation);
  const slug =
    saved.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'report';
  return {
    filename: `${slug}-${today}.${format}`,
    content,
    contentType: REPORT_CONTENT_TYPES[format],
    title: report.title,
  };
}
