import { currencyExponent, type TConsoleAnalytics } from '@kindling/contracts';
import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { consoleAnalyticsQuery } from '../api/console-growth.queries.ts';
import { ConsoleBarChart } from '../components/ConsoleBarChart.tsx';
import { ConsoleQueryState } from '../components/ConsoleQueryState.tsx';

const ENTRY = pageEntry('/console/analytics') ?? {
  title: 'Analytics',
  section: 'Console',
  description: '',
  emptyTitle: '',
};

function Analytics({ d }: { d: TConsoleAnalytics }) {
  const format = useFormat();
  const money = (minor: number) => format.money(minor, d.currency);
  const unit = 10 ** currencyExponent(d.currency);
  const months = d.months.map((m) => ({ ...m, label: format.month(m.month) }));
  if (d.months.every((m) => m.organisations_active === 0 && m.organisations_new === 0 && m.gross_minor === 0)) {
    return (
      <Alert color="gray" title={ENTRY.emptyTitle}>
        The figures come from the daily roll-up: they appear once organisations take gifts.
      </Alert>
    );
  }
  return (
    <>
      <Text size="sm" c="dimmed">
        Twelve months up to the last closed day, in {d.currency}. An organisation is active in a month when it took at
        least one gift.
      </Text>
      <ConsoleBarChart
        id="analytics-organisations"
        title="Organisations by month"
        data={months.map((m) => ({ label: m.label, Active: m.organisations_active, New: m.organisations_new }))}
        series={[
          { name: 'Active', color: 'teal.7' },
          { name: 'New', color: 'blue.7' },
        ]}
        valueFormatter={(n) => format.count(n)}
      />
      <ConsoleBarChart
        id="analytics-money"
        title={`Money by month (${d.currency})`}
        data={months.map((m) => ({
          label: m.label,
          Gross: m.gross_minor / unit,
          Refunds: m.refunds_minor / unit,
          Fees: m.fees_minor / unit,
        }))}
        series={[
          { name: 'Gross', color: 'teal.7' },
          { name: 'Refunds', color: 'red.7' },
          { name: 'Fees', color: 'orange.7' },
        ]}
        valueFormatter={(major) => money(Math.round(major * unit))}
      />
      <ConsoleBarChart
        id="analytics-sizes"
        title="Organisations by money processed over 12 months"
        description={`Gross in ${d.currency}; organisations not closed.`}
        data={d.sizes.map((b) => ({ label: b.label, Organisations: b.organisations }))}
        series={[{ name: 'Organisations', color: 'blue.7' }]}
        valueFormatter={(n) => format.count(n)}
      />
      <Stack gap="xs">
        <Title order={2} size="h4">
          By month
        </Title>
        <ScrollTable label="Growth by month" minWidth={760}>
          <Table striped aria-label="Growth by month">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th>New organisations</Table.Th>
                <Table.Th>Active organisations</Table.Th>
                <Table.Th>Retention</Table.Th>
                <Table.Th>New donors</Table.Th>
                <Table.Th>Gross</Table.Th>
                <Table.Th>Refunds</Table.Th>
                <Table.Th>Fees</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...months].reverse().map((m) => (
                <Table.Tr key={m.month}>
                  <Table.Td>{m.label}</Table.Td>
                  <Table.Td>{format.count(m.organisations_new)}</Table.Td>
                  <Table.Td>{format.count(m.organisations_active)}</Table.Td>
                  <Table.Td>{m.retention === null ? '—' : format.percent(m.retention, 1)}</Table.Td>
                  <Table.Td>{format.count(m.donors_new)}</Table.Td>
                  <Table.Td>{money(m.gross_minor)}</Table.Td>
                  <Table.Td>{money(m.refunds_minor)}</Table.Td>
                  <Table.Td>{money(m.fees_minor)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
    </>
  );
}

/** /console/analytics: growth and health over time (docs/product/console.md). */
export function ConsoleAnalyticsPage() {
  const analytics = useQuery(consoleAnalyticsQuery());
  return (
    <PageFrame entry={ENTRY}>
      <ConsoleQueryState query={analytics} what="analytics">
        {(d) => <Analytics d={d} />}
      </ConsoleQueryState>
    </PageFrame>
  );
}
