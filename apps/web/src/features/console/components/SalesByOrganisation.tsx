import type { TConsoleSales } from '@kindling/contracts';
import { Alert, Anchor, Group, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';
import { ListPager } from '../../../system/list/index.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { consoleSalesOrganisationsQuery } from '../api/console-platform.queries.ts';

const ALL = 'all';
const SORTS = [
  { value: 'owed', label: 'Fees owed' },
  { value: 'fees', label: 'Fees taken' },
  { value: 'gross', label: 'Money processed' },
  { value: 'name', label: 'Name' },
];

/**
 * The owed-fees table of /console/sales a page at a time: the server sums, sorts, searches and
 * pages the organisations (docs/decisions/096-console-sales-a-page-at-a-time.md), so the screen
 * never holds every organisation's months.
 */
export function SalesByOrganisation({ sales }: { sales: TConsoleSales }) {
  const format = useFormat();
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [period, setPeriod] = useState(ALL);
  const [sort, setSort] = useState('owed');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text, 300);
  const [page, setPage] = useState(1);
  const list = useQuery(consoleSalesOrganisationsQuery({ period, sort, q, page }));
  const money = (minor: number) => format.money(minor, sales.reporting_currency);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        By organisation
      </Title>
      <Group align="flex-end" gap="sm">
        <Select
          label="Period"
          w={200}
          allowDeselect={false}
          value={period}
          onChange={(v) => {
            setPeriod(v ?? ALL);
            setPage(1);
          }}
          data={[
            { value: ALL, label: 'Last 12 months' },
            ...[...sales.by_month].reverse().map((m) => ({ value: m.period, label: format.month(m.period) })),
          ]}
        />
        <Select
          label="Sort by"
          w={180}
          allowDeselect={false}
          value={sort}
          onChange={(v) => {
            setSort(v ?? 'owed');
            setPage(1);
          }}
          data={SORTS}
        />
        <TextInput
          label="Organisation name"
          placeholder="Search by name"
          w={220}
          leftSection={<Search size={16} aria-hidden />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      {list.error ? (
        <Alert color="red" role="alert" title="The organisations could not be loaded">
          {list.error.message}
        </Alert>
      ) : !data ? (
        <Skeleton height={200} aria-label="Loading the organisations" />
      ) : data.total === 0 ? (
        <Text c="dimmed">
          {q.trim()
            ? 'No organisation with money in this period matches that name.'
            : 'No organisation processed money in this period.'}
        </Text>
      ) : (
        <>
          <ScrollTable label="Sales by organisation" minWidth={640}>
            <Table striped aria-label="Sales by organisation" aria-busy={list.isPlaceholderData}>
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
                {data.organisations.map((o) => (
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
          <Text size="sm" c="dimmed">
            {format.count(data.total)} {data.total === 1 ? 'organisation' : 'organisations'}; the export has every
            organisation and month.
          </Text>
          <ListPager page={page} pages={pages} onChange={setPage} mobile={mobile} />
        </>
      )}
    </Stack>
  );
}
