import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TTransaction,
  type TTransactionStatus,
  type TTransactionType,
} from '@kindling/contracts';
import { Anchor, Card, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeftRight, Search } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import type { PageEntry } from '../../../shared/page-entry.ts';
import { ListPager, ListPanel } from '../../../system/list/index.ts';
import { donationAdminQueries, TRANSACTIONS_PAGE_SIZE } from '../api/donation-admin.queries.ts';
import { CardTestingBursts } from '../components/CardTestingBursts.tsx';
import { useDonationBits } from '../components/donation-bits.tsx';
import {
  FAILURE_TEXT_COLOR,
  kindLine,
  rowPath,
  TRANSACTION_STATUS_LABELS,
  TransactionStatus,
  TYPE_LABELS,
  whoPaid,
} from '../components/transaction-bits.tsx';

export const TRANSACTIONS_ENTRY: PageEntry = {
  title: 'Transactions',
  section: 'Fundraising',
  description: 'Every payment attempt: gifts, refunds, and payments that were declined or abandoned, with the reason.',
  emptyTitle: 'No transactions yet',
};

function Rows({ list }: { list: TTransaction[] }) {
  const { money, when } = useDonationBits();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label="Transactions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Payer</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>
                <Anchor component={Link} to={rowPath(t)} size="sm">
                  {when(t.created_at)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{whoPaid(t)}</Text>
                {t.email && t.donor_name && (
                  <Text size="xs" c="dimmed">
                    {t.email}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{money(t.amount_minor, t.currency)}</Table.Td>
              <Table.Td>{kindLine(t)}</Table.Td>
              <Table.Td>
                <TransactionStatus status={t.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={t.failure_message ? FAILURE_TEXT_COLOR : 'dimmed'}>
                  {t.failure_message ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Cards({ list }: { list: TTransaction[] }) {
  const { money, when } = useDonationBits();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Transactions">
      {list.map((t) => (
        <Card key={t.id} withBorder radius="md" p="sm" component="li">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={rowPath(t)} fw={600} size="sm">
                {money(t.amount_minor, t.currency)} · {kindLine(t)}
              </Anchor>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {whoPaid(t)}
              </Text>
              <Text size="xs" c="dimmed">
                {when(t.created_at)}
              </Text>
              {t.failure_message && (
                <Text size="xs" c={FAILURE_TEXT_COLOR}>
                  {t.failure_message}
                </Text>
              )}
            </Stack>
            <TransactionStatus status={t.status} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** /dashboard/transactions: the organisation's transactions, newest first, failed ones with their reason. */
export function TransactionsPage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const statusParam = params.get('status');
  const status = (TRANSACTION_STATUSES as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as TTransactionStatus)
    : null;
  const typeParam = params.get('type');
  const type = (TRANSACTION_TYPES as readonly string[]).includes(typeParam ?? '')
    ? (typeParam as TTransactionType)
    : null;
  const [searchText, setSearchText] = useState(params.get('search') ?? '');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const query = useQuery({
    ...donationAdminQueries.transactions(npoId, { page, status, search, type }),
    placeholderData: keepPreviousData,
  });
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const list = query.data?.transactions ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / TRANSACTIONS_PAGE_SIZE));

  const filtered = Boolean(search || status || type);

  return (
    <PageFrame entry={TRANSACTIONS_ENTRY}>
      <CardTestingBursts bursts={query.data?.card_testing_bursts ?? []} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name, e-mail, reference or reason"
          leftSection={<Search size={16} aria-hidden />}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.currentTarget.value);
            update({ search: e.currentTarget.value.trim() || null, page: null });
          }}
          style={{ flex: '1 1 240px' }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={TRANSACTION_STATUSES.map((s) => ({ value: s, label: TRANSACTION_STATUS_LABELS[s] }))}
          value={status}
          onChange={(value) => update({ status: value, page: null })}
          w={{ base: '100%', xs: 200 }}
        />
        {/* tix18b: gifts or ticket purchases. */}
        <Select
          label="Type"
          placeholder="Gifts and tickets"
          clearable
          data={TRANSACTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          value={type}
          onChange={(value) => update({ type: value, page: null })}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      <ListPanel
        query={query}
        count={list.length}
        noun="transactions"
        mobile={mobile}
        empty={{
          icon: <ArrowLeftRight size={28} aria-hidden color="var(--mantine-color-dimmed)" />,
          title: filtered ? 'No transactions match' : TRANSACTIONS_ENTRY.emptyTitle,
          hint: filtered ? 'Try another search, type or status.' : 'Payments appear here as donors give.',
        }}
      >
        {mobile ? <Cards list={list} /> : <Rows list={list} />}
      </ListPanel>
      <ListPager
        page={page}
        pages={pages}
        onChange={(next) => update({ page: String(next) })}
        mobile={mobile}
        caption={false}
      />
    </PageFrame>
  );
}
