import type { TPaymentRequestDetail } from '@kindling/contracts';
import { Badge, Paper, Table, Title } from '@mantine/core';
import { useFormat } from '../../../shared/format.ts';

/**
 * pay25c: a request in instalments: each one's due day, amount and whether it is paid; the first is paid on
 * the link, the rest charged monthly by the plan it starts (docs/decisions/062-payment-request-instalments.md).
 */
export function RequestSchedule({ request }: { request: TPaymentRequestDetail }) {
  const format = useFormat();
  if (request.schedule.length < 2) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Instalments">
      <Title order={2} size="h5" mb="xs">
        Instalments
      </Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Instalment</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {request.schedule.map((i) => (
            <Table.Tr key={i.number}>
              <Table.Td>
                {i.number} of {request.schedule.length}
              </Table.Td>
              <Table.Td>{i.due_on ? format.day(i.due_on) : '—'}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={i.paid ? 'green' : 'gray'}>
                  {i.paid ? 'Paid' : 'To pay'}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{format.money(i.amount_minor, request.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
