import type { TConsoleIndex } from '@kindling/contracts';
import { Alert, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { consoleQueries } from '../api/console.queries.ts';
import { ConsoleQueryState } from '../components/ConsoleQueryState.tsx';

const ENTRY = pageEntry('/console') ?? { title: 'Console', section: 'Console', description: '', emptyTitle: '' };

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

/** /console: the platform at a glance (docs/decisions/046-platform-console.md). */
export function ConsoleIndexPage() {
  const index = useQuery(consoleQueries.index());
  return (
    <PageFrame entry={ENTRY}>
      <ConsoleQueryState query={index} what="console">
        {(d) => <ConsoleIndex d={d} />}
      </ConsoleQueryState>
    </PageFrame>
  );
}

function ConsoleIndex({ d }: { d: TConsoleIndex }) {
  const format = useFormat();
  const money = (minor: number) => format.money(minor, d.reporting_currency);
  const thisMonth = d.by_month[d.by_month.length - 1];
  const today = d.by_day[d.by_day.length - 1];
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Figure label="Active organisations" value={format.count(d.organisations.active)} />
        <Figure label="New this month" value={format.count(d.organisations.new_this_month)} />
        <Figure label="Suspended" value={format.count(d.organisations.suspended)} />
        <Figure label="Active recurring plans" value={format.count(d.active_plans)} />
        <Figure label="Gross this month" value={money(thisMonth?.gross_minor ?? 0)} />
        <Figure label="Platform fees this month" value={money(thisMonth?.fees_minor ?? 0)} />
        <Figure label="Donations today" value={format.count(today?.donations ?? 0)} />
        <Figure label="Failed jobs" value={format.count(d.failed_jobs)} />
      </SimpleGrid>
      <Card withBorder>
        <Title order={2} size="h4">
          Live health
        </Title>
        <Group gap="xl" mt="xs">
          <Text>Database answered in {format.decimal(d.health.database_ms)} ms</Text>
          <Text>Jobs waiting: {format.count(d.health.queue_depth)}</Text>
        </Group>
      </Card>
      {d.unconverted.length > 0 ? (
        <Alert color="yellow" title="Some money is left out">
          No exchange rate into {d.reporting_currency} for {d.unconverted.join(', ')}.
        </Alert>
      ) : null}
      <Stack gap="xs">
        <Title order={2} size="h4">
          Money processed by month ({d.reporting_currency})
        </Title>
        <ScrollTable label="Money processed by month" minWidth={560}>
          <Table striped aria-label="Money processed by month">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th>Donations</Table.Th>
                <Table.Th>Gross</Table.Th>
                <Table.Th>Refunds</Table.Th>
                <Table.Th>Platform fees</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...d.by_month].reverse().map((m) => (
                <Table.Tr key={m.period}>
                  <Table.Td>{m.period}</Table.Td>
                  <Table.Td>{format.count(m.donations)}</Table.Td>
                  <Table.Td>{money(m.gross_minor)}</Table.Td>
                  <Table.Td>{money(m.refunds_minor)}</Table.Td>
                  <Table.Td>{money(m.fees_minor)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <Title order={2} size="h4">
          Donations per day, last 30 days
        </Title>
        <ScrollTable label="Money processed by day" minWidth={560}>
          <Table striped aria-label="Money processed by day">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Day (UTC)</Table.Th>
                <Table.Th>Donations</Table.Th>
                <Table.Th>Gross</Table.Th>
                <Table.Th>Refunds</Table.Th>
                <Table.Th>Platform fees</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...d.by_day].reverse().map((p) => (
                <Table.Tr key={p.period}>
                  <Table.Td>{format.day(p.period)}</Table.Td>
                  <Table.Td>{format.count(p.donations)}</Table.Td>
                  <Table.Td>{money(p.gross_minor)}</Table.Td>
                  <Table.Td>{money(p.refunds_minor)}</Table.Td>
                  <Table.Td>{money(p.fees_minor)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
    </>
  );
}
