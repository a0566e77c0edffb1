// A request's e-mails on its page (docs/decisions/055-payment-request-e-mails.md): send or resend the
// request e-mail, download the statement, and every e-mail sent for it, newest first.
import { PAYMENT_REQUEST_EMAIL_LABELS, type TPaymentRequestDetail } from '@kindling/contracts';
import { Alert, Anchor, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { paymentRequestKeys, sendPaymentRequest } from '../api/payment-requests.queries.ts';

export function RequestEmails({ request: r, canSend }: { request: TPaymentRequestDetail; canSend: boolean }) {
  const format = useFormat();
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: () => sendPaymentRequest(r.id),
    onSuccess: () => client.invalidateQueries({ queryKey: paymentRequestKeys.all }),
  });
  const sentBefore = r.emails.some((e) => e.kind === 'request');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="E-mails">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          E-mails
        </Title>
        <Group gap="xs">
          <Button component="a" variant="default" href={r.statement_path} download>
            Download statement (PDF)
          </Button>
          {canSend && (
            <Button variant="default" loading={send.isPending} onClick={() => send.mutate()}>
              {sentBefore ? 'Resend e-mail' : 'Send e-mail'}
            </Button>
          )}
        </Group>
      </Group>
      {send.isError && (
        <Alert color="red" mb="sm">
          {send.error.message}
        </Alert>
      )}
      {send.isSuccess && (
        <Text size="sm" mb="sm" role="status">
          Sent to {r.payer_email}.
        </Text>
      )}
      {r.emails.length === 0 ? (
        <Text c="dimmed">No e-mails sent yet.</Text>
      ) : (
        <ScrollTable label="E-mails sent" minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sent</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>To</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.emails.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{format.dateTime(e.sent_at)}</Table.Td>
                  <Table.Td>{PAYMENT_REQUEST_EMAIL_LABELS[e.kind]}</Table.Td>
                  <Table.Td>{e.recipient}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <Text size="sm" mt="xs">
        <Anchor component={Link} to="/dashboard/payment-requests/emails" td="underline">
          Edit the e-mails’ wording
        </Anchor>
      </Text>
    </Paper>
  );
}
