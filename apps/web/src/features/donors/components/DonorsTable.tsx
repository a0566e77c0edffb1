import type { TDonorSort, TDonorSummary } from '@kindling/contracts';
import { Anchor, Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';
import { DonorBadges, donorName } from './DonorBits.tsx';

type Sort = {
  by: TDonorSort;
  direction: 'asc' | 'desc';
  onChange: (by: TDonorSort, direction: 'asc' | 'desc') => void;
};

function SortHeader({ label, by, sort, numeric }: { label: string; by: TDonorSort; sort: Sort; numeric?: boolean }) {
  const active = sort.by === by;
  const next = active && sort.direction === 'desc' ? 'asc' : 'desc';
  const icon = !active ? (
    <ArrowUpDown size={12} aria-hidden />
  ) : sort.direction === 'desc' ? (
    <ArrowDown size={12} aria-hidden />
  ) : (
    <ArrowUp size={12} aria-hidden />
  );
  return (
    <Table.Th
      ta={numeric ? 'right' : undefined}
      aria-sort={active ? (sort.direction === 'desc' ? 'descending' : 'ascending') : undefined}
    >
      <UnstyledButton onClick={() => sort.onChange(by, next)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap" justify={numeric ? 'flex-end' : undefined}>
          {label}
          {icon}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

const profile = (d: TDonorSummary) => `/dashboard/donor/${d.id}`;

/** The donors as a table (wide screens), each name a link to the donor's page. */
export function DonorsTable({ donors, sort }: { donors: TDonorSummary[]; sort: Sort }) {
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortHeader label="Donor" by="name" sort={sort} />
            <SortHeader label="Lifetime total" by="lifetime_total" sort={sort} numeric />
            <SortHeader label="Gifts" by="gift_count" sort={sort} numeric />
            <SortHeader label="First gift" by="first_gift" sort={sort} />
            <SortHeader label="Last gift" by="last_gift" sort={sort} />
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {donors.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Anchor component={Link} to={profile(d)} fw={500}>
                  {donorName(d)}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {d.email}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{format.money(d.lifetime_total_minor, d.currency)}</Table.Td>
              <Table.Td ta="right">{d.gift_count}</Table.Td>
              <Table.Td>{format.date(d.first_gift_at)}</Table.Td>
              <Table.Td>{format.date(d.last_gift_at)}</Table.Td>
              <Table.Td>
                <DonorBadges donor={d} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {children}
      </Text>
    </Group>
  );
}

/** The donors as cards (narrow screens). */
export function DonorCards({ donors }: { donors: TDonorSummary[] }) {
  const format = useFormat();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {donors.map((d) => (
        <Card key={d.id} withBorder radius="md" padding="sm" component="li">
          <Stack gap={6}>
            <div>
              <Anchor component={Link} to={profile(d)} fw={600}>
                {donorName(d)}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {d.email}
              </Text>
            </div>
            <Line label="Lifetime total">{format.money(d.lifetime_total_minor, d.currency)}</Line>
            <Line label="Gifts">{d.gift_count}</Line>
            <Line label="Last gift">{format.date(d.last_gift_at)}</Line>
            <DonorBadges donor={d} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
