import { canReach, OFFLINE_METHOD_LABELS, OFFLINE_METHODS, type TOfflineMethod } from '@kindling/contracts';
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import {
  cancelPaymentRequest,
  markPaidOffline,
  paymentRequestKeys,
  paymentRequestQueries,
} from '../api/payment-requests.queries.ts';
import { RequestEmails } from './RequestEmails.tsx';
import { RequestSchedule } from './RequestSchedule.tsx';
import { payUrlOf, RequestStatus } from './request-bits.tsx';

const ENTRY = { title: 'Payment request', section: 'Fundraising', description: '', emptyTitle: '' };

function OfflineModal({ id, opened, onClose }: { id: number; opened: boolean; onClose: () => void }) {
  const format = useFormat();
  const client = useQueryClient();
  const [method, setMethod] = useState<TOfflineMethod>('bank_transfer');
  const [receivedOn, setReceivedOn] = useState(format.today());
  const save = useMutation({
    mutationFn: () => markPaidOffline(id, { method, received_on: receivedOn }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: paymentRequestKeys.all });
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Mark paid offline">
      <Stack>
        <Text size="sm">Records an offline gift of what is left, counted against this request.</Text>
        <Select
          label="Method"
          data={OFFLINE_METHODS.map((m) => ({ value: m, label: OFFLINE_METHOD_LABELS[m] }))}
          value={method}
          onChange={(value) => setMethod((value as TOfflineMethod) ?? 'bank_transfer')}
          allowDeselect={false}
        />
        <TextInput
          label="Date received"
          type="date"
          max={format.today()}
          value={receivedOn}
          onChange={(e) => setReceivedOn(e.currentTarget.value)}
        />
        {save.isError && <Alert color="red">{save.error.message}</Alert>}
        <Group justify="flex-end">
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /dashboard/payment-requests/{id}: the request, its link, its payments; cancel or settle it by hand. */
export function PaymentRequestPage() {
  const id = Number(useParams().id);
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const format = useFormat();
  const client = useQueryClient();
  const canEdit = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  const one = useQuery(paymentRequestQueries.one(npoId, id));
  const [offline, setOffline] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelPaymentRequest(id),
    onSuccess: () => client.invalidateQueries({ queryKey: paymentRequestKeys.all }),
  });
  const r = one.data;
  if (one.isError && !r)
    return (
      <PageFrame entry={ENTRY}>
        <LoadError
          title="The payment request could not be loaded"
          message={one.error instanceof Error ? one.error.message : String(one.error)}
          retrying={one.isFetching}
          onRetry={() => one.refetch()}
        />
      </PageFrame>
    );
  if (!r)
    return (
      <PageFrame entry={ENTRY}>
        <Text c="dimmed">Loading the payment request…</Text>
      </PageFrame>
    );
  const url = payUrlOf(r.public_id);
  const open = ['open', 'partly_paid', 'overdue'].includes(r.status);
  return (
    <PageFrame entry={{ ...ENTRY, title: r.purpose }}>
      <Stack gap="md" maw={900}>
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" align="start">
            <Stack gap={4}>
              <Group gap="xs">
                <RequestStatus status={r.status} />
                {r.reference && <Text size="sm">Reference {r.reference}</Text>}
              </Group>
              <Text>
                {r.payer_name} · {r.payer_email}
                {r.donor_id && (
                  <>
                    {' · '}
                    <Anchor component={Link} to={`/dashboard/donor/${r.donor_id}`} td="underline">
                      Donor page
                    </Anchor>
                  </>
                )}
              </Text>
            </Stack>
            {canEdit && open && (
              <Group gap="xs">
                <Button variant="default" onClick={() => setOffline(true)}>
                  Mark paid offline
                </Button>
                <Button variant="default" color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                  Cancel request
                </Button>
              </Group>
            )}
          </Group>
          {cancel.isError && (
            <Alert color="red" mt="sm">
              {cancel.error.message}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md">
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {r.amount_kind === 'minimum' ? 'Minimum' : 'Amount'}
              </Text>
              <Text fw={600}>{format.money(r.amount_minor, r.currency)}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Paid
              </Text>
              <Text fw={600}>{format.money(r.paid_minor, r.currency)}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Outstanding
              </Text>
              <Text fw={600}>{format.money(r.outstanding_minor, r.currency)}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Due
              </Text>
              <Text fw={600}>{format.day(r.due_on)}</Text>
            </Stack>
          </SimpleGrid>
          {r.description && (
            <Text mt="md" style={{ whiteSpace: 'pre-line' }}>
              {r.description}
            </Text>
          )}
          <Text size="sm" mt="md">
            Counts to {r.campaign_name}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h5" mb="xs">
            Payment link
          </Title>
          <Group gap="xs" wrap="nowrap">
            <TextInput aria-label="Payment link" readOnly value={url} style={{ flex: 1 }} />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" mt="xs">
            <Anchor href={`/pay/${r.public_id}`} target="_blank" td="underline">
              /pay/{r.public_id}
            </Anchor>
          </Text>
        </Paper>
        {/* pay25b: the request's e-mails and statement. */}
        <RequestEmails request={r} canSend={canEdit && open} />
        {/* pay25c: the instalments' due days. */}
        <RequestSchedule request={r} />
        <Paper withBorder radius="md" p="md" component="section" aria-label="Payments">
          <Title order={2} size="h5" mb="xs">
            Payments
          </Title>
          {r.payments.length === 0 ? (
            <Text c="dimmed">No payments yet.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Receipt</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.payments.map((p) => (
                  <Table.Tr key={p.donation_id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/dashboard/donation/${p.donation_id}`} td="underline">
                        {format.date(p.paid_at)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{p.provider === 'offline' ? `Offline (${p.payment_method})` : p.payment_method}</Table.Td>
                    <Table.Td>{p.receipt_number ?? '—'}</Table.Td>
                    <Table.Td ta="right">{format.money(p.amount_minor, p.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </Stack>
      {canEdit && <OfflineModal id={r.id} opened={offline} onClose={() => setOffline(false)} />}
    </PageFrame>
  );
}
