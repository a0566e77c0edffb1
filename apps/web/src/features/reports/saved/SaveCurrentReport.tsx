import { INCOME_REPORT_COLUMNS, type TTableReportName } from '@kindling/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { type IncomeFilters, reportQueries } from '../api/reports.queries.ts';
import { SaveReportDialog } from './SaveReportDialog.tsx';

/** Address keys that are not filters: the report, its view, the columns and the saved report opened. */
const NOT_FILTERS = new Set(['report', 'view', 'columns', 'saved']);

type Props = { npoId: number | null; report: string; view: string | undefined; filters: IncomeFilters };

/**
 * The page's “Save report”: the report on screen with its view, the address's filters and the
 * report's columns to choose from (the table's own, read from the query the page already made).
 */
export function SaveCurrentReport({ npoId, report, view, filters }: Props) {
  const [params] = useSearchParams();
  const table = useQuery({
    ...reportQueries.table(npoId, report as TTableReportName, filters, view),
    enabled: npoId !== null && report !== 'income',
  });
  const saved: Record<string, string> = {};
  for (const [key, value] of params) if (!NOT_FILTERS.has(key) && value) saved[key] = value;
  const columns =
    report === 'income'
      ? INCOME_REPORT_COLUMNS.map(({ key, label }) => ({ key, label }))
      : (table.data?.columns.slice(1) ?? []).map(({ key, label }) => ({ key, label }));
  const chosen = (params.get('columns') ?? '').split(',').filter(Boolean);
  return (
    <SaveReportDialog
      report={report}
      view={report === 'income' ? null : (table.data?.view ?? view ?? null)}
      filters={saved}
      columns={columns}
      chosen={chosen}
    />
  );
}
