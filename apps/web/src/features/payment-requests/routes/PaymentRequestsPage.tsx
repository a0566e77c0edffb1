import {
  canReach,
  PAYMENT_REQUEST_STATUS_LABELS,
  PAYMENT_REQUEST_STATUSES,
  type TPaymentRequestStatus,
  type TPaymentRequestSummary,
} from '@kindling/contracts';
import { Anchor, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Download, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { paymentRequestQueries } from '../api/payment-requests.queries.ts';
import { ReminderSettingsButton } from './ReminderSettings.tsx';
import { RequestStatus } from './request-bits.tsx';

const ENTRY = pageEntry('/dashboard/payment-requests') ?? {
  title: 'Payment requests',
  section: 'Fundraising',
  description: 'Ask a known payer for a known amount: pledges, sponsorship invoices, balances.',
  emptyTitle: 'No payment requests yet',
};

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The list as it is shown, as a CSV file (amounts in minor units, as the API gives them). */
function downloadCsv(requests: TPaymentRequestSummary[]) {
  const header = [
    'id',
    'status',
    'payer',
    'email',
    'purpose',
    'reference',
    'amount_minor',
    'paid_minor',
    'outstanding_minor',
    'currency',
    'due_on',
    'link',
  ];
  const rows = requests.map((r) => [
    r.id,
    r.status,
    r.payer_name,
    r.payer_email,
    r.purpose,
    r.reference,
    r.amount_minor,
    r.paid_minor,
    r.outstanding_minor,
    r.currency,
    r.due_on ?? '',
    `${window.location.origin}/pay/${r.public_id}`,
  ]);
  const csv = [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\n');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  link.download = 'payment-requests.csv';
  link.click();
  URL.revokeObjectURL(link.href);
}

/** /dashboard/payment-requests: every request with its status, what is still outstanding, and an export. */
export function PaymentRequestsPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const format = useFormat();
  const [status, setStatus] = useState<TPaymentRequestStatus | null>(null);
  const list = useQuery(paymentRequestQueries.list(npoId, status));
  const canCreate = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  const data = list.data;
  const actions = (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<Download size={16} aria-hidden />}
        disabled={!data?.requests.length}
        onClick={() => data && downloadCsv(data.requests)}
      >
        Export CSV
      </Button>
      {/* pay25b: reminders and the e-mails' templates. */}
      {canCreate && <ReminderSettingsButton />}
      {canCreate && (
        <Button component={Link} to="/dashboard/payment-requests/emails" variant="default">
          Edit e-mails
        </Button>
      )}
      {canCreate && (
        <Button component={Link} to="/dashboard/payment-request-new" leftSection={<Plus size={16} aria-hidden />}>
          New request
        </Button>
      )}
    </Group>
  );
  return (
    <PageFrame entry={ENTRY} actions={actions}>
      <Stack gap="md">
        <Group align="end" justify="space-between">
          <Select
            label="Status"
            placeholder="Every status"
            clearable
            w={220}
            data={PAYMENT_REQUEST_STATUSES.map((s) => ({ value: s, label: PAYMENT_REQUEST_STATUS_LABELS[s] }))}
            value={status}
            onChange={(value) => setStatus(value as TPaymentRequestStatus | null)}
          />
          <Paper withBorder radius="md" p="sm" aria-label="Outstanding">
            <Text size="sm" c="dimmed">
              Outstanding
            </Text>
            <Text fw={600}>
              {data?.outstanding.length
                ? data.outstanding.map((o) => format.money(o.amount_minor, o.currency)).join(' · ')
                : 'Nothing outstanding'}
            </Text>
          </Paper>
        </Group>
        {list.isError && !data ? (
          <LoadError
            title="Payment requests could not be loaded"
            message={list.error.message}
            retrying={list.isFetching}
            onRetry={() => list.refetch()}
          />
        ) : !data ? (
          <Text c="dimmed">Loading payment requests…</Text>
        ) : data.requests.length === 0 ? (
          <Paper withBorder radius="lg" p="xl">
            <Title order={2} size="h4" ta="center">
              {status ? `No ${PAYMENT_REQUEST_STATUS_LABELS[status].toLowerCase()} requests` : ENTRY.emptyTitle}
            </Title>
          </Paper>
        ) : (
          <ScrollTable label="Payment requests" minWidth={720}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Request</Table.Th>
                  <Table.Th>Payer</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right">Outstanding</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.requests.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/dashboard/payment-requests/${r.id}`} fw={500} td="underline">
                        {r.purpose}
                      </Anchor>
                      {r.reference && (
                        <Text size="xs" c="dimmed">
                          {r.reference}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{r.payer_name}</Table.Td>
                    <Table.Td>
                      <RequestStatus status={r.status} />
                    </Table.Td>
                    <Table.Td>{format.day(r.due_on)}</Table.Td>
                    <Table.Td ta="right">
                      {r.amount_kind === 'minimum' ? 'from ' : ''}
                      {format.money(r.amount_minor, r.currency)}
                    </Table.Td>
                    <Table.Td ta="right">{format.money(r.outstanding_minor, r.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </PageFrame>
  );
}
