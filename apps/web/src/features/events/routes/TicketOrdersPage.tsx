import {
  TICKET_ORDER_STATUS_LABELS,
  TICKET_ORDER_STATUSES,
  TICKET_ORDERS_PAGE_SIZE,
  TRANSACTION_STATUSES,
  type TTicketOrderStatus,
} from '@kindling/contracts';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeftRight, Download, Search, Ticket } from 'lucide-react';
import { Link, Navigate, useLocation } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { ListPager, ListPanel, useListUrlState } from '../../../system/list/index.ts';
import { eventQueries, type TicketOrderFilters, ticketOrderQuery } from '../api/events.queries.ts';
import { TicketOrderCards, TicketOrderTable } from '../components/TicketOrderRows.tsx';

const ENTRY = pageEntry('/dashboard/tickets') ?? {
  title: 'Tickets',
  section: 'Fundraising',
  description: '',
  emptyTitle: 'No tickets sold yet',
};

const isStatus = (v: string | null): v is TTicketOrderStatus =>
  (TICKET_ORDER_STATUSES as readonly string[]).includes(v ?? '');

const CODEC = {
  read: (p: URLSearchParams): TicketOrderFilters => {
    const event = Number.parseInt(p.get('event') ?? '', 10);
    const status = p.get('status');
    return {
      search: p.get('search') ?? '',
      eventId: event > 0 ? event : null,
      status: isStatus(status) ? status : null,
      page: Math.max(1, Number.parseInt(p.get('page') ?? '1', 10) || 1),
    };
  },
  write: (f: TicketOrderFilters) => {
    const p = new URLSearchParams();
    if (f.search) p.set('search', f.search);
    if (f.eventId) p.set('event', String(f.eventId));
    if (f.status) p.set('status', f.status);
    if (f.page > 1) p.set('page', String(f.page));
    return p;
  },
  cleared: (f: TicketOrderFilters): TicketOrderFilters => ({ ...f, search: '', eventId: null, status: null, page: 1 }),
};

/**
 * Links written when /dashboard/tickets was the transactions list (a ?type= filter, a payment status
 * such as failed) still open that list, now at /dashboard/transactions (docs/product/events.md#staff-screens).
 */
export function transactionsLinkOf(search: string): string | null {
  const p = new URLSearchParams(search);
  const status = p.get('status');
  const paymentStatus =
    status !== null && !isStatus(status) && (TRANSACTION_STATUSES as readonly string[]).includes(status);
  return p.has('type') || paymentStatus ? `/dashboard/transactions${search}` : null;
}

function useEventOptions(npoId: number | null) {
  const events = useQuery(eventQueries.list(npoId));
  const all = [...(events.data?.upcoming ?? []), ...(events.data?.past ?? [])];
  return all.map((e) => ({ value: String(e.id), label: e.name }));
}

/** /dashboard/tickets: the organisation's ticket orders, newest first, 50 a page. */
export function TicketOrdersPage() {
  const location = useLocation();
  const redirect = transactionsLinkOf(location.search);
  return redirect ? <Navigate to={redirect} replace /> : <TicketOrders />;
}

function TicketOrders() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const { state, update, searchText, setSearchText } = useListUrlState(CODEC);
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const eventOptions = useEventOptions(npoId);
  const query = useQuery({ ...eventQueries.ticketOrders(npoId, state), placeholderData: keepPreviousData });
  const orders = query.data?.orders ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / TICKET_ORDERS_PAGE_SIZE));
  const filtered = Boolean(state.search || state.eventId || state.status);
  const exportQuery = new URLSearchParams(
    Object.entries(ticketOrderQuery(state)).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();

  const actions = (
    <Group gap="xs">
      <Button
        component="a"
        href={`/api/v1/npo_admin/ticket_orders.csv${exportQuery ? `?${exportQuery}` : ''}`}
        download
        variant="default"
        leftSection={<Download size={16} aria-hidden />}
      >
        Export CSV
      </Button>
      <Button
        component={Link}
        to="/dashboard/transactions"
        variant="subtle"
        leftSection={<ArrowLeftRight size={16} aria-hidden />}
      >
        All transactions
      </Button>
    </Group>
  );
  return (
    <PageFrame entry={ENTRY} actions={actions}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Buyer, attendee or ticket code"
          leftSection={<Search size={16} aria-hidden />}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <Select
          label="Event"
          placeholder="Every event"
          clearable
          data={eventOptions}
          value={state.eventId ? String(state.eventId) : null}
          onChange={(v) => update({ eventId: v ? Number(v) : null })}
          w={{ base: '100%', xs: 240 }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={TICKET_ORDER_STATUSES.map((s) => ({ value: s, label: TICKET_ORDER_STATUS_LABELS[s] }))}
          value={state.status}
          onChange={(v) => update({ status: isStatus(v) ? v : null })}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      <ListPanel
        query={query}
        count={orders.length}
        noun="ticket orders"
        mobile={mobile}
        empty={{
          icon: <Ticket size={28} aria-hidden color="var(--mantine-color-dimmed)" />,
          title: filtered ? 'No ticket orders match' : ENTRY.emptyTitle,
          hint: filtered ? 'Try another search, event or status.' : 'Orders appear here as visitors buy tickets.',
        }}
      >
        {mobile ? <TicketOrderCards orders={orders} /> : <TicketOrderTable orders={orders} />}
      </ListPanel>
      <ListPager
        page={state.page}
        pages={pages}
        onChange={(page) => update({ page })}
        mobile={mobile}
        caption={false}
      />
    </PageFrame>
  );
}
