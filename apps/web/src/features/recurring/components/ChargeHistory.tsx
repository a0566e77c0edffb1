import type { TPlanCharge } from '@kindling/contracts';
import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';

function Outcome({ charge }: { charge: TPlanCharge }) {
  if (charge.kind === 'donation') {
    return (
      <Badge color={charge.status === 'succeeded' ? 'green' : 'gray'} variant="light">
        {charge.status === 'succeeded' ? 'Paid' : charge.status}
      </Badge>
    );
  }
  return (
    <Badge color="red" variant="light">
      {charge.status === 'requires_action' ? 'Needs the donor' : 'Failed'}
    </Badge>
  );
}

function Detail({ charge }: { charge: TPlanCharge }) {
  if (charge.kind === 'donation') {
    return (
      <Anchor component={Link} to={`/dashboard/donation/${charge.id}`} size="sm">
        Receipt {charge.receipt_number ?? charge.id}
      </Anchor>
    );
  }
  return <Text size="sm">{charge.failure_message ?? 'Declined'}</Text>;
}

/** Gifts and failed attempts of the plan, newest first; a table when wide, cards on phones. */
export function ChargeHistory({ charges, mobile }: { charges: TPlanCharge[]; mobile: boolean }) {
  const format = useFormat();
  if (charges.length === 0) return <Text c="dimmed">No charges yet.</Text>;
  if (mobile) {
    return (
      <Stack gap="xs" component="ul" aria-label="Charge history" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {charges.map((c) => (
          <Card key={`${c.kind}-${c.id}`} withBorder padding="sm" radius="md" component="li">
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                {format.money(c.amount_minor, c.currency)}
              </Text>
              <Outcome charge={c} />
            </Group>
            <Text size="xs" c="dimmed">
              {format.date(c.created_at)}
            </Text>
            <Detail charge={c} />
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Charge history" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When (UTC)</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charges.map((c) => (
            <Table.Tr key={`${c.kind}-${c.id}`}>
              <Table.Td>{format.dateTime(c.created_at)}</Table.Td>
              <Table.Td>{format.money(c.amount_minor, c.currency)}</Table.Td>
              <Table.Td>
                <Outcome charge={c} />
              </Table.Td>
              <Table.Td>
                <Detail charge={c} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
