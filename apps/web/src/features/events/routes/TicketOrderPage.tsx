import { canReach } from '@kindling/contracts';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { formatFor, useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { eventQueries } from '../api/events.queries.ts';
import { OrderActions } from '../components/OrderActions.tsx';
import { TicketRefundButton } from '../components/TicketRefundButton.tsx';

const ENTRY = pageEntry('/dashboard/tickets/:id') ?? {
  title: 'Ticket',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {/* fin18: a long e-mail or payment reference wraps inside its column on a phone. */}
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** /dashboard/tickets/{id}: one ticket order, its attendees, payment and receipt lines. */
export function TicketOrderPage() {
  const id = Number(useParams().id);
  const session = useSession();
  const format = useFormat();
  const order = useQuery(eventQueries.order(session.selectedNpo?.id ?? null, id));
  const o = order.data;
  // tix18: admins refund single tickets of a paid order.
  const canRefund = canReach('admin', effectiveRoleCode(session.role, session.roleName)) && o?.status === 'paid';
  const partlyRefunded = o ? o.status === 'paid' && o.refunded_minor > 0 : false;
  return (
    <PageFrame entry={ENTRY} heading={o ? `Order from ${o.buyer_name}` : undefined}>
      {order.isError ? (
        <LoadError
          title="The order could not be loaded"
          message={(order.error as Error).message}
          retrying={order.isFetching}
          onRetry={() => order.refetch()}
        />
      ) : !o ? (
        <Text c="dimmed">Loading the order…</Text>
      ) : (
        <Stack gap="lg">
          <Paper withBorder radius="lg" p="md">
            <Group justify="space-between" mb="sm">
              <Anchor component={Link} to={`/dashboard/events/edit/${o.event_id}`} fw={600}>
                {o.event.name}
              </Anchor>
              <Badge variant="default">{partlyRefunded ? 'partly refunded' : o.status}</Badge>
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Figure
                label="Event starts"
                value={formatFor({ locale: format.locale, timeZone: o.event.time_zone }).dateTime(o.event.starts_at)}
              />
              <Figure label="Buyer" value={`${o.buyer_name} · ${o.buyer_email}`} />
              <Figure label="Ordered" value={format.dateTime(o.created_at)} />
              <Figure label="Paid" value={o.paid_at ? format.dateTime(o.paid_at) : '—'} />
              <Figure label="Tickets" value={format.money(o.subtotal_minor, o.currency)} />
              <Figure
                label={o.discount_code ? `Discount (${o.discount_code})` : 'Discount'}
                value={format.money(-o.discount_minor, o.currency)}
              />
              <Figure label="Gift" value={format.money(o.gift_minor, o.currency)} />
              <Figure label="Total" value={format.money(o.total_minor, o.currency)} />
              {o.refunded_minor > 0 && <Figure label="Refunded" value={format.money(o.refunded_minor, o.currency)} />}
              <Figure label="Fair-market value" value={format.money(o.fair_market_minor, o.currency)} />
              <Figure label="Tax-deductible" value={format.money(o.deductible_minor, o.currency)} />
              {/* m19: member tickets bought with this membership (decision 090). */}
              {o.member_number && <Figure label="Membership" value={o.member_number} />}
              <Figure
                label="Payment"
                value={o.provider ? `${o.provider}${o.provider_reference ? ` · ${o.provider_reference}` : ''}` : '—'}
              />
            </SimpleGrid>
            {o.receipt_lines.length > 0 && (
              <Stack gap={4} mt="md">
                <Text size="sm" fw={600}>
                  On the receipt
                </Text>
                {o.receipt_lines.map((line) => (
                  <Text key={line} size="sm">
                    {line}
                  </Text>
                ))}
              </Stack>
            )}
            {/* tix18b: resend the tickets; admins refund the whole order. */}
            <Stack mt="md">
              <OrderActions npoId={session.selectedNpo?.id ?? null} order={o} canRefund={canRefund} />
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="attendees-heading">
            <Title order={2} size="h4" id="attendees-heading" mb="sm">
              Attendees
            </Title>
            <ScrollTable label="Attendees table" minWidth={480}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Ticket</Table.Th>
                    <Table.Th>Status</Table.Th>
                    {canRefund && <Table.Th>Refund</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {o.tickets.map((t) => (
                    <Table.Tr key={t.id}>
                      <Table.Td>
                        {t.attendee_name}
                        {/* tix18c: the attendee's answers to the event's questions. */}
                        {t.answers.map((a) => (
                          <Text key={a.question_id} size="xs" c="dimmed">
                            {a.question}: {a.answer}
                          </Text>
                        ))}
                      </Table.Td>
                      <Table.Td>{t.attendee_email}</Table.Td>
                      <Table.Td>{t.type}</Table.Td>
                      <Table.Td>{t.status}</Table.Td>
                      {canRefund && (
                        <Table.Td>
                          {t.status === 'valid' && (
                            <TicketRefundButton npoId={session.selectedNpo?.id ?? null} orderId={o.id} ticket={t} />
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Paper>
          <Group>
            <Anchor component={Link} to="/dashboard/tickets">
              All ticket orders
            </Anchor>
            <Anchor component={Link} to="/dashboard/transactions?type=tickets">
              All transactions
            </Anchor>
            <Anchor component={Link} to="/dashboard/events">
              Events
            </Anchor>
          </Group>
        </Stack>
      )}
    </PageFrame>
  );
}
