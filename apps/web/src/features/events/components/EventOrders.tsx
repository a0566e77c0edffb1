import { Anchor, Badge, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { eventQueries } from '../api/events.queries.ts';

/** The event's ticket orders, newest first, each leading to /dashboard/tickets/{id}. */
export function EventOrders({ eventId }: { eventId: number }) {
  const session = useSession();
  const format = useFormat();
  const orders = useQuery(eventQueries.orders(session.selectedNpo?.id ?? null, eventId));
  const list = orders.data?.orders ?? [];
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="event-orders-heading">
      <Group justify="space-between" align="baseline" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="event-orders-heading">
          Orders
        </Title>
        {/* fin18: the door list with each attendee's answers (docs/product/events.md#staff-screens). */}
        <Anchor href={`/api/v1/npo_admin/events/${eventId}/attendees.csv`} download size="sm">
          Export attendees (CSV)
        </Anchor>
      </Group>
      {orders.isError ? (
        <Text c="red">The orders could not be loaded: {orders.error.message}</Text>
      ) : list.length === 0 ? (
        <Text c="dimmed">{orders.isPending ? 'Loading orders…' : 'No orders yet.'}</Text>
      ) : (
        <ScrollTable label="Orders table" minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Buyer</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Tickets</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/dashboard/tickets/${o.id}`}>
                      {o.buyer_name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {o.buyer_email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{format.date(o.created_at)}</Table.Td>
                  <Table.Td>{format.count(o.tickets)}</Table.Td>
                  <Table.Td>
                    <Badge variant="default">{o.status}</Badge>
                  </Table.Td>
                  <Table.Td ta="right">{format.money(o.total_minor, o.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Paper>
  );
}
