import { currencyExponent, type TConsoleSales } from '@kindling/contracts';
import { Alert, Button, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { consoleSalesQuery, salesExportUrl } from '../api/console-platform.queries.ts';
import { ConsoleBarChart } from '../components/ConsoleBarChart.tsx';
import { ConsoleQueryState } from '../components/ConsoleQueryState.tsx';
import { SalesByOrganisation } from '../components/SalesByOrganisation.tsx';

const ENTRY = pageEntry('/console/sales') ?? { title: 'Sales', section: 'Console', description: '', emptyTitle: '' };
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </Card>
  );
}

/** /console/sales: the platform's own income (docs/product/console.md#consolesales). */
export function ConsoleSalesPage() {
  const sales = useQuery(consoleSalesQuery());
  return (
    <ConsoleQueryState query={sales} what="sales" frame={(children) => <PageFrame entry={ENTRY}>{children}</PageFrame>}>
      {(d) => <ConsoleSales d={d} />}
    </ConsoleQueryState>
  );
}

function ConsoleSales({ d }: { d: TConsoleSales }) {
  const format = useFormat();
  const money = (minor: number) => format.money(minor, d.reporting_currency);
  const exponent = currencyExponent(d.reporting_currency);
  const total = (key: 'gross_minor' | 'fees_minor' | 'owed_minor') => d.by_month.reduce((s, m) => s + m[key], 0);
  const exportButton = (
    <Button
      component="a"
      href={salesExportUrl()}
      download
      variant="default"
      size="xs"
      leftSection={<Download size={14} aria-hidden />}
    >
      Export CSV
    </Button>
  );
  return (
    <PageFrame entry={ENTRY} actions={exportButton}>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Figure label="Fees taken, 12 months" value={money(total('fees_minor'))} />
        <Figure label="Fees owed, 12 months" value={money(total('owed_minor'))} />
        <Figure label="Money processed, 12 months" value={money(total('gross_minor'))} />
      </SimpleGrid>
      {d.unconverted.length > 0 ? (
        <Alert color="yellow" title="Some money is left out">
          No exchange rate into {d.reporting_currency} for {d.unconverted.join(', ')}.
        </Alert>
      ) : null}
      <ConsoleBarChart
        id="sales-by-month"
        title={`Platform fees by month (${d.reporting_currency})`}
        description="Fees the payment providers took for the platform, and fees owed where no provider took them."
        type="stacked"
        data={d.by_month.map((m) => ({
          label: format.month(m.period),
          Taken: m.fees_minor / 10 ** exponent,
          Owed: m.owed_minor / 10 ** exponent,
        }))}
        series={[
          { name: 'Taken', color: 'teal.7' },
          { name: 'Owed', color: 'orange.7' },
        ]}
        valueFormatter={(major) => money(Math.round(major * 10 ** exponent))}
      />
      <Stack gap="xs">
        <Title order={2} size="h4">
          By month
        </Title>
        <ScrollTable label="Sales by month" minWidth={640}>
          <Table striped aria-label="Sales by month">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th>Money processed</Table.Th>
                <Table.Th>Fees taken</Table.Th>
                <Table.Th>Fees owed</Table.Th>
                <Table.Th>Organisations giving</Table.Th>
                <Table.Th>New organisations</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...d.by_month].reverse().map((m) => (
                <Table.Tr key={m.period}>
                  <Table.Td>{format.month(m.period)}</Table.Td>
                  <Table.Td>{money(m.gross_minor)}</Table.Td>
                  <Table.Td>{money(m.fees_minor)}</Table.Td>
                  <Table.Td>{money(m.owed_minor)}</Table.Td>
                  <Table.Td>{format.count(m.active_organisations)}</Table.Td>
                  <Table.Td>{format.count(m.new_organisations)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
      <SalesByOrganisation sales={d} />
    </PageFrame>
  );
}
