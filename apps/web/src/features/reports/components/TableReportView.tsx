import { currencyExponent, TABLE_REPORT_VIEW_LABELS, TABLE_REPORTS, type TTableReportName } from '@kindling/contracts';
import { BarChart } from '@mantine/charts';
import { Alert, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useFormat } from '../../../shared/format.ts';
import { ChartCard, cardState, majorFormatter, toMajor } from '../../analysis/index.ts';
import { type IncomeFilters, reportQueries, tableDownloadHref } from '../api/reports.queries.ts';
import { DownloadButtons } from './DownloadButtons.tsx';
import { NoReportAccess } from './NoReportAccess.tsx';
import { PayoutSources } from './PayoutSources.tsx';
import { ReportTable, useCellText } from './ReportTable.tsx';

const EMPTY_TEXT: Partial<Record<TTableReportName, string>> = {
  recurring: 'No recurring plans match these filters.',
  reconciliation: 'No payouts arrived in this period.',
};

type Props = {
  npoId: number | null;
  report: TTableReportName;
  view: string | undefined;
  filters: IncomeFilters;
  span: string;
  onView: (view: string) => void;
};

/**
 * One table report (campaigns, donors, tax; docs/product/reports.md): its views, downloads, a bar
 * chart of its chart column and the table with the total line. A filter the report cannot answer
 * (retention over all time) shows the server's sentence.
 */
export function TableReportView({ npoId, report, view, filters, span, onView }: Props) {
  const org = useFormat();
  const query = useQuery({
    ...reportQueries.table(npoId, report, filters, view),
    // rc23: while a payouts fetch runs, look again until it is done.
    refetchInterval: (q) => (q.state.data?.sources?.some((s) => s.refreshing) ? 2000 : false),
  });
  const data = query.data;
  const views = TABLE_REPORTS[report].views;
  const current = data?.view ?? view ?? views[0];
  const text = useCellText(data?.currency ?? 'USD');
  // sr23: a saved report's chosen columns ride in the address.
  const columns = (useSearchParams()[0].get('columns') ?? '').split(',').filter(Boolean);
  if (query.error instanceof ApiError && query.error.status === 403) {
    return <NoReportAccess message={query.error.message} />;
  }
  const refused = query.error instanceof ApiError && query.error.status === 400 ? query.error.message : null;
  const column = data?.columns.find((c) => c.key === data.chart.value);
  const labelColumn = data?.columns.find((c) => c.key === data.chart.label);
  const lines = (data?.rows ?? []).map((r) => ({
    label: labelColumn ? text(labelColumn, r.cells[labelColumn.key]) : r.key,
    raw: Number(r.cells[data?.chart.value ?? ''] ?? 0),
    shown: column ? text(column, r.cells[column.key]) : '',
  }));
  const money = column?.kind === 'money';
  const exponent = currencyExponent(data?.currency ?? 'USD');
  return (
    <Stack gap="md" aria-busy={query.isPlaceholderData}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3">
            {TABLE_REPORTS[report].title}
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite">
            {span}
          </Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {views.length > 1 && (
            <Select
              label="View"
              data={views.map((v) => ({ value: v, label: TABLE_REPORT_VIEW_LABELS[v] ?? v }))}
              value={current}
              onChange={(value) => value && onView(value)}
              allowDeselect={false}
              w={260}
            />
          )}
          <DownloadButtons hrefOf={(format) => tableDownloadHref(report, filters, view, format)} />
        </Group>
      </Group>
      {data?.sources && <PayoutSources sources={data.sources} period={{ from: filters.from, to: filters.to }} />}
      {refused ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<TriangleAlert size={18} aria-hidden />}
          title="Choose other filters"
        >
          {refused}
        </Alert>
      ) : (
        <ChartCard
          title={TABLE_REPORT_VIEW_LABELS[current ?? ''] ?? TABLE_REPORTS[report].title}
          id={`${report}-chart`}
          description={column ? `${column.label} per line.` : undefined}
          state={cardState(query, lines.length === 0)}
          emptyText={EMPTY_TEXT[report] ?? 'No gifts match these filters.'}
          onRetry={() => void query.refetch()}
          rows={lines.map((l) => ({ label: l.label, value: l.shown }))}
          details={data && <ReportTable report={data} columns={columns} />}
        >
          <BarChart
            accessibilityLayer={false}
            h={240}
            data={lines.map((l) => ({
              line: l.label,
              [column?.label ?? 'Value']: money ? toMajor(l.raw, exponent) : l.raw,
            }))}
            dataKey="line"
            series={[{ name: column?.label ?? 'Value', color: 'teal.6' }]}
            valueFormatter={money ? majorFormatter(data?.currency ?? 'USD', exponent, org.locale) : undefined}
            yAxisProps={{ width: 80 }}
          />
        </ChartCard>
      )}
    </Stack>
  );
}
