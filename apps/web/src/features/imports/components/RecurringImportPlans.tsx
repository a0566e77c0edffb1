import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { recurringImportQueries } from '../api/recurring-imports.queries.ts';

const INTERVALS: Record<string, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

/** The plans an import made, each linking to its page, with the date it is charged next. */
export function RecurringImportPlans({ id, fileName }: { id: number; fileName: string }) {
  const format = useFormat();
  const npoId = useSession().selectedNpo?.id ?? null;
  const query = useQuery(recurringImportQueries.plans(npoId, id));
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const next = (p: { status: string; next_charge_at: string | null }) =>
    p.status === 'active' ? format.date(p.next_charge_at) : 'Paused';
  if (query.isPending) return <Text size="sm">Loading the plans…</Text>;
  if (query.isError) return <Text size="sm">The plans could not be loaded.</Text>;
  if (query.data.length === 0) return <Text size="sm">No plan was made by this import.</Text>;
  // On a phone, a card per plan: the table's four columns do not fit beside each other.
  if (mobile)
    return (
      <Stack
        gap="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={`Plans imported from ${fileName}`}
      >
        {query.data.map((p) => (
          <Card key={p.plan_id} withBorder radius="md" p="sm" component="li">
            <Anchor component={Link} to={`/dashboard/recurring-plan/${p.plan_id}`} size="sm" fw={600}>
              {p.donor_name || p.email}
            </Anchor>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm">
                {format.money(p.amount_minor, p.currency)} · {INTERVALS[p.interval] ?? p.interval}
              </Text>
              <Text size="sm">Next: {next(p)}</Text>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label={`Plans imported from ${fileName}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Donor</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Interval</Table.Th>
            <Table.Th>Next charge</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((p) => (
            <Table.Tr key={p.plan_id}>
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/recurring-plan/${p.plan_id}`} size="sm">
                  {p.donor_name || p.email}
                </Anchor>
              </Table.Td>
              <Table.Td>{format.money(p.amount_minor, p.currency)}</Table.Td>
              <Table.Td>{INTERVALS[p.interval] ?? p.interval}</Table.Td>
              <Table.Td>{next(p)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
