// The rows of /dashboard/tickets: a table on a wide screen, cards on a phone; each order opens
// /dashboard/tickets/{id}.
import { TICKET_ORDER_STATUS_LABELS, type TTicketOrderRow, type TTicketOrderStatus } from '@kindling/contracts';
import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';

const STATUS_COLOURS: Record<TTicketOrderStatus, string> = {
  paid: 'green',
  partly_refunded: 'orange',
  refunded: 'gray',
  pending: 'yellow',
  expired: 'gray',
  cancelled: 'gray',
};

export function TicketOrderStatus({ status }: { status: TTicketOrderStatus }) {
  return (
    <Badge
      color={STATUS_COLOURS[status]}
      variant="light"
      // The page's text colour on the tint, as the transactions list's statuses: a light badge's own
      // shade fails the contrast check on small type; on a phone's card the badge keeps its whole word.
      style={{ '--badge-color': 'var(--mantine-color-text)', flexShrink: 0 }}
    >
      {TICKET_ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

const orderPath = (o: TTicketOrderRow) => `/dashboard/tickets/${o.id}`;

export function TicketOrderTable({ orders }: { orders: TTicketOrderRow[] }) {
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label="Ticket orders">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Buyer</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Tickets</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>
                <Anchor component={Link} to={orderPath(o)} size="sm" fw={500}>
                  {o.buyer_name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {o.buyer_email}
                </Text>
              </Table.Td>
              <Table.Td>{o.event_name}</Table.Td>
              <Table.Td>{format.date(o.created_at)}</Table.Td>
              <Table.Td>
                {format.count(o.tickets)}
                {o.checked_in > 0 && (
                  <Text size="xs" c="dimmed">
                    {format.count(o.checked_in)} checked in
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <TicketOrderStatus status={o.status} />
              </Table.Td>
              <Table.Td ta="right">
                {format.money(o.total_minor, o.currency)}
                {o.refunded_minor > 0 && (
                  <Text size="xs" c="dimmed">
                    {format.money(o.refunded_minor, o.currency)} refunded
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function TicketOrderCards({ orders }: { orders: TTicketOrderRow[] }) {
  const format = useFormat();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Ticket orders">
      {orders.map((o) => (
        <Card key={o.id} withBorder radius="md" p="sm" component="li">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={orderPath(o)} fw={600} size="sm">
                {o.buyer_name}
              </Anchor>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {o.event_name} · {format.count(o.tickets)} {o.tickets === 1 ? 'ticket' : 'tickets'} ·{' '}
                {format.money(o.total_minor, o.currency)}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {format.date(o.created_at)} · {o.buyer_email}
              </Text>
            </Stack>
            <TicketOrderStatus status={o.status} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
