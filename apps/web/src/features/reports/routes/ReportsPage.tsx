import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { currencyExponent, type TIncomeReport } from '@kindling/contracts';
import { BarChart } from '@mantine/charts';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import type { PageEntry } from '../../../shared/page-entry.ts';
import { bucketLabel, ChartCard, cardState, majorFormatter, methodName, toMajor } from '../../analysis/index.ts';
import { downloadHref, type IncomeFilters, payoutFilters, reportQueries } from '../api/reports.queries.ts';
import { DownloadButtons } from '../components/DownloadButtons.tsx';
import { IncomeFiltersBar } from '../components/IncomeFiltersBar.tsx';
import { IncomeTable } from '../components/IncomeTable.tsx';
import { NoReportAccess } from '../components/NoReportAccess.tsx';
import { isReportName, ReportPicker } from '../components/ReportPicker.tsx';
import { isReportPeriod, type ReportPeriod, reportRange } from '../components/report-period.ts';
import { TableReportView } from '../components/TableReportView.tsx';
import { SaveCurrentReport } from '../saved/SaveCurrentReport.tsx';
import { SavedReportsPanel } from '../saved/SavedReportsPanel.tsx';

const ENTRY: PageEntry = pageEntry('/dashboard/reports') ?? {
  section: 'Finance',
  title: 'Reports',
  description: 'Income reports you can filter by period and download.',
  emptyTitle: 'No reports yet',
};

/** The report's filters live in the address, so a report can be shared and reloaded. */
function useIncomeFilters() {
  const [params, setParams] = useSearchParams();
  const format = useFormat();
  const named = params.get('period');
  const period: ReportPeriod = isReportPeriod(named) ? named : 'this-year';
  const range =
    period === 'custom'
      ? { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined }
      : reportRange(period, format.today());
  const list = (key: string) => (params.get(key) ?? '').split(',').filter(Boolean);
  const filters: IncomeFilters = {
    ...range,
    group_by: params.get('group_by') ?? 'month',
    campaign_id: list('campaign_id'),
    designation: list('designation'),
    payment_method: list('payment_method'),
    currency: list('currency'),
    segment_id: params.get('segment_id') ?? undefined,
  };
  const update = (patch: Record<string, string | string[] | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      const text = Array.isArray(value) ? value.join(',') : value;
      if (text) next.set(key, text);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const namedReport = params.get('report');
  return {
    report: isReportName(namedReport) ? namedReport : 'income',
    view: params.get('view') ?? undefined,
    setView: (view: string) => update({ view }),
    period,
    filters,
    setPeriod: (p: ReportPeriod) =>
      update({
        period: p,
        from: p === 'custom' ? filters.from : undefined,
        to: p === 'custom' ? filters.to : undefined,
      }),
    setRange: (from: string, to: string) => update({ period: 'custom', from, to }),
    setFilters: (patch: Partial<IncomeFilters>) => update(patch),
  };
}

/**
 * /dashboard/reports: the report picker, the shared filters, and the chosen report: income
 * (docs/product/reports.md#income) or a table report (campaigns, donors, tax), each with its chart,
 * table and downloads.
 */
export function ReportsPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const org = useFormat();
  const { report: chosen, view, setView, period, filters: asked, setPeriod, setRange, setFilters } = useIncomeFilters();
  // Filters kept from another report that do not apply to payouts are set aside, not sent.
  const filters = chosen === 'reconciliation' ? payoutFilters(asked) : asked;
  const income = useQuery({ ...reportQueries.income(npoId, filters), enabled: npoId !== null && chosen === 'income' });
  const options = useQuery(reportQueries.options(npoId));
  const segments = useQuery(reportQueries.segments(npoId));
  const report = income.data;
  const columns = (useSearchParams()[0].get('columns') ?? '').split(',').filter(Boolean);
  const currency = report?.currency ?? 'USD';
  const exponent = currencyExponent(currency);
  const labelOf = (row: TIncomeReport['rows'][number]) => {
    if (report?.group_by === 'month' || report?.group_by === 'day')
      return bucketLabel(row.key, report.group_by, org.locale);
    if (report?.group_by === 'method') return methodName(row.key);
    return row.label;
  };
  if (income.error instanceof ApiError && income.error.status === 403) {
    return (
      <PageFrame entry={ENTRY}>
        <NoReportAccess message={income.error.message} />
      </PageFrame>
    );
  }
  const span = filters.from || filters.to ? `${filters.from ?? '…'} – ${filters.to ?? '…'}` : 'All time';
  return (
    <PageFrame entry={ENTRY}>
      {/* crm20: year-end statements in bulk have their own page. */}
      <Anchor component={Link} to="/dashboard/reports/statements" size="sm">
        Year-end statements: e-mail every donor their annual statement
      </Anchor>
      {/* g23: Gift Aid claims have their own page. */}
      <Anchor component={Link} to="/dashboard/reports/gift-aid" size="sm">
        Gift Aid claims: claim back tax on UK gifts from HMRC
      </Anchor>
      {/* sr23: saved reports, and saving the one on screen. */}
      <SavedReportsPanel />
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <ReportPicker current={chosen} />
        <SaveCurrentReport npoId={npoId} report={chosen} view={view} filters={filters} />
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <IncomeFiltersBar
          grouping={chosen === 'income'}
          payouts={chosen === 'reconciliation'}
          period={period}
          filters={filters}
          options={options.data}
          segments={segments.data?.segments ?? []}
          onPeriod={setPeriod}
          onRange={setRange}
          onChange={setFilters}
        />
      </Paper>
      {chosen !== 'income' ? (
        <TableReportView npoId={npoId} report={chosen} view={view} filters={filters} span={span} onView={setView} />
      ) : (
        <Stack gap="md" aria-busy={income.isPlaceholderData}>
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <div>
              <Title order={2} size="h3">
                Income
              </Title>
              <Text size="sm" c="dimmed" aria-live="polite">
                {span}
                {report ? ` · ${report.totals.gifts} gifts · ${org.money(report.totals.net, currency)} net` : ''}
              </Text>
            </div>
            <DownloadButtons hrefOf={(format) => downloadHref(filters, format)} />
          </Group>
          <ChartCard
            title="Net income"
            id="income-chart"
            description={`Gifts net of refunds and disputes, in ${currency} at each gift's stored rate.`}
            state={cardState(income, (report?.rows.length ?? 0) === 0)}
            emptyText="No gifts match these filters."
            onRetry={() => void income.refetch()}
            rows={(report?.rows ?? []).map((r) => ({ label: labelOf(r), value: org.money(r.net, currency) }))}
            details={report && <IncomeTable report={report} labelOf={labelOf} columns={columns} />}
          >
            <BarChart
              accessibilityLayer={false}
              h={240}
              data={(report?.rows ?? []).map((r) => ({ line: labelOf(r), Net: toMajor(r.net, exponent) }))}
              dataKey="line"
              series={[{ name: 'Net', color: 'teal.6' }]}
              valueFormatter={majorFormatter(currency, exponent, org.locale)}
              yAxisProps={{ width: 80 }}
            />
          </ChartCard>
        </Stack>
      )}
    </PageFrame>
  );
}
