import type { TConsoleTransaction } from '@kindling/contracts';
import { Alert, Badge, Button, Group, Select, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../../app/api-client.ts';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import {
  consolePlatformQueries,
  NO_TRANSACTION_FILTERS,
  organisationChoices,
  type TransactionFilters,
  transactionsExportUrl,
} from '../api/console-platform.queries.ts';

const ENTRY = pageEntry('/console/transactions') ?? {
  title: 'Transactions',
  section: 'Console',
  description: '',
  emptyTitle: '',
};

const KINDS = [
  { value: '', label: 'Every kind' },
  { value: 'payment', label: 'Payments' },
  { value: 'refund', label: 'Refunds' },
  { value: 'dispute', label: 'Disputes' },
];
const STATUS_LABELS: Record<TConsoleTransaction['status'], string> = {
  succeeded: 'Succeeded',
  refunded: 'Refunded',
  failed: 'Failed',
  pending: 'Pending',
  refund_failed: 'Refund failed',
  disputed: 'Disputed',
  dispute_won: 'Dispute won',
};
// Dark shades on the filled badge: the light variants fall short of WCAG contrast.
const STATUS_COLOURS: Record<TConsoleTransaction['status'], string> = {
  succeeded: 'teal.9',
  refunded: 'gray.7',
  failed: 'red.9',
  pending: 'yellow.9',
  refund_failed: 'red.9',
  disputed: 'orange.9',
  dispute_won: 'teal.9',
};
const PROVIDERS = [
  { value: '', label: 'Any provider' },
  { value: 'stripe', label: 'Stripe' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'sandbox', label: 'Sandbox' },
];

/** /console/transactions: every organisation's payments, refunds and disputes; read-only. */
export function ConsoleTransactionsPage() {
  const [filters, setFilters] = useState<TransactionFilters>(NO_TRANSACTION_FILTERS);
  const [debounced] = useDebouncedValue(filters, 300);
  // The cursors of the pages seen so far: the last is the page shown (null: the newest).
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const cursor = cursors.at(-1) ?? null;
  const list = useQuery(consolePlatformQueries.transactions(debounced, cursor));
  const organisations = useQuery(organisationChoices());
  const format = useFormat();
  const set = (key: keyof TransactionFilters) => (value: string | null) => {
    setFilters((f) => ({ ...f, [key]: value ?? '' }));
    setCursors([null]);
  };
  const fieldError = (key: string) => (list.error instanceof ApiError ? list.error.body?.fields?.[key] : undefined);
  return (
    <PageFrame entry={ENTRY}>
      <Group justify="flex-end">
        <Button
          component="a"
          href={transactionsExportUrl(debounced)}
          download
          variant="default"
          size="xs"
          leftSection={<Download size={14} aria-hidden />}
        >
          Export CSV
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" role="search" aria-label="Transaction filters">
        <TextInput
          label="Search"
          placeholder="Gift number, reference or e-mail"
          value={filters.q}
          onChange={(e) => set('q')(e.currentTarget.value)}
        />
        <Select
          label="Organisation"
          searchable
          data={[
            { value: '', label: 'Every organisation' },
            ...(organisations.data?.organisations.map((o) => ({ value: String(o.id), label: o.name })) ?? []),
          ]}
          value={filters.npo_id}
          onChange={set('npo_id')}
          allowDeselect={false}
        />
        <Select
          label="Provider"
          data={PROVIDERS}
          value={filters.provider}
          onChange={set('provider')}
          allowDeselect={false}
        />
        <Select label="Kind" data={KINDS} value={filters.kind} onChange={set('kind')} allowDeselect={false} />
        <Select
          label="Status"
          data={[
            { value: '', label: 'Any status' },
            ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
          ]}
          value={filters.status}
          onChange={set('status')}
          allowDeselect={false}
        />
        <TextInput
          type="date"
          label="From (UTC day)"
          value={filters.from}
          onChange={(e) => set('from')(e.currentTarget.value)}
          error={fieldError('from')}
        />
        <TextInput
          type="date"
          label="To (UTC day)"
          value={filters.to}
          onChange={(e) => set('to')(e.currentTarget.value)}
          error={fieldError('to')}
        />
        <Group grow gap="xs" align="flex-start">
          <TextInput
            label="Amount from"
            description="Minor units (cents)"
            inputMode="numeric"
            value={filters.min_minor}
            onChange={(e) => set('min_minor')(e.currentTarget.value)}
            error={fieldError('min_minor')}
          />
          <TextInput
            label="Amount to"
            description="Minor units (cents)"
            inputMode="numeric"
            value={filters.max_minor}
            onChange={(e) => set('max_minor')(e.currentTarget.value)}
            error={fieldError('max_minor')}
          />
        </Group>
      </SimpleGrid>
      {list.error ? (
        <Alert color="red" role="alert" title="Transactions could not be loaded">
          {list.error.message}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={900}>
        <Table striped aria-label="Transactions" aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Organisation</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
              <Table.Th>Provider</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Gift</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.transactions.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>{format.dateTime(t.created_at)}</Table.Td>
                <Table.Td>{t.organisation}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOURS[t.status]} variant="filled">
                    {STATUS_LABELS[t.status]}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{format.money(t.amount_minor, t.currency)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{t.provider ?? '—'}</Text>
                  {t.provider_reference ? (
                    <Text size="xs" c="dimmed">
                      {t.provider_reference}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{t.email ?? '—'}</Table.Td>
                <Table.Td>#{t.donation_id}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data && list.data.transactions.length === 0 ? <Text c="dimmed">No transaction matches.</Text> : null}
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          disabled={cursors.length <= 1}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          Newer
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={!list.data?.next_cursor}
          onClick={() => {
            const next = list.data?.next_cursor;
            if (next) setCursors((c) => [...c, next]);
          }}
        >
          Older
        </Button>
      </Group>
    </PageFrame>
  );
}
