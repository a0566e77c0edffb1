import { currencyExponent, type TConsoleSales } from '@kindling/contracts';
import { Alert, Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { consoleSalesQuery, salesExportUrl } from '../api/console-platform.queries.ts';
import { ConsoleBarChart } from '../components/ConsoleBarChart.tsx';
import { ConsoleQueryState } from '../components/ConsoleQueryState.tsx';

const ENTRY = pageEntry('/console/sales') ?? { title: 'Sales', section: 'Console', description: '', emptyTitle: '' };
const SHOWN = 100;
const ALL = 'all';

type Row = {
  npo_id: number;
  name: string;
  fee_bps: number;
  gross_minor: number;
  fees_minor: number;
  owed_minor: number;
};

/** Each organisation's figures over the 12 months or one of them, most owed first. */
export function organisationsFor(sales: TConsoleSales, period: string): Row[] {
  const rows = sales.by_organisation.map((o) => {
    if (period === ALL) return o;
    const m = o.months.find((x) => x.period === period);
    return { ...o, gross_minor: m?.gross_minor ?? 0, fees_minor: m?.fees_minor ?? 0, owed_minor: m?.owed_minor ?? 0 };
  });
  return rows
    .filter((o) => o.gross_minor !== 0 || o.fees_minor !== 0)
    .sort((a, b) => b.owed_minor - a.owed_minor || b.fees_minor - a.fees_minor || a.npo_id - b.npo_id);
}

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
  const [period, setPeriod] = useState(ALL);
  const money = (minor: number) => format.money(minor, d.reporting_currency);
  const exponent = currencyExponent(d.reporting_currency);
  const total = (key: 'gross_minor' | 'fees_minor' | 'owed_minor') => d.by_month.reduce((s, m) => s + m[key], 0);
  const organisations = organisationsFor(d, period);
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
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h4">
            By organisation
          </Title>
          <Select
            label="Period"
            w={220}
            allowDeselect={false}
            value={period}
            onChange={(v) => setPeriod(v ?? ALL)}
            data={[
              { value: ALL, label: 'Last 12 months' },
              ...[...d.by_month].reverse().map((m) => ({ value: m.period, label: format.month(m.period) })),
            ]}
          />
        </Group>
        {organisations.length === 0 ? (
          <Text c="dimmed">No organisation processed money in this period.</Text>
        ) : (
          <ScrollTable label="Sales by organisation" minWidth={640}>
            <Table striped aria-label="Sales by organisation">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Organisation</Table.Th>
                  <Table.Th>Rate</Table.Th>
                  <Table.Th>Money processed</Table.Th>
                  <Table.Th>Fees taken</Table.Th>
                  <Table.Th>Fees owed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {organisations.slice(0, SHOWN).map((o) => (
                  <Table.Tr key={o.npo_id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/console/organizations/${o.npo_id}`}>
                        {o.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{format.percent(o.fee_bps, 10_000)}</Table.Td>
                    <Table.Td>{money(o.gross_minor)}</Table.Td>
                    <Table.Td>{money(o.fees_minor)}</Table.Td>
                    <Table.Td>{money(o.owed_minor)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        {organisations.length > SHOWN ? (
          <Text size="sm" c="dimmed">
            The {format.count(SHOWN)} organisations owing the most are shown; the export has all{' '}
            {format.count(organisations.length)}.
          </Text>
        ) : null}
      </Stack>
    </PageFrame>
  );
}
