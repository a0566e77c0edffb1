import {
  type TEventAdmin,
  type TEventInput,
  type TEventList,
  type TEventOrderAdmin,
  type TEventOrderList,
  TICKET_ORDERS_PAGE_SIZE,
  type TTicketOrderListResponse,
  type TTicketOrderStatus,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, uploadFile } from '../../../app/api-client.ts';

/** Query keys of the event screens; the organisation id is in every key. */
export const eventKeys = {
  all: ['events'] as const,
  list: (npoId: number | null) => [...eventKeys.all, 'list', npoId] as const,
  event: (npoId: number | null, id: number) => [...eventKeys.all, 'event', npoId, id] as const,
  orders: (npoId: number | null, eventId: number) => [...eventKeys.all, 'orders', npoId, eventId] as const,
  order: (npoId: number | null, id: number) => [...eventKeys.all, 'order', npoId, id] as const,
  ticketOrders: (npoId: number | null, f: TicketOrderFilters) => [...eventKeys.all, 'ticket-orders', npoId, f] as const,
};

/** e18: /dashboard/tickets' search, filters and page, as its URL holds them. */
export type TicketOrderFilters = {
  search: string;
  eventId: number | null;
  status: TTicketOrderStatus | null;
  page: number;
};

/** The filters as the list and its CSV export take them. */
export const ticketOrderQuery = (f: Omit<TicketOrderFilters, 'page'>) => ({
  search: f.search || undefined,
  event_id: f.eventId ?? undefined,
  status: f.status ?? undefined,
});

const no404Retry = (count: number, error: unknown) =>
  count < 2 && !(error instanceof Error && 'status' in error && error.status === 404);

export const eventQueries = {
  list: (npoId: number | null) =>
    queryOptions({
      queryKey: eventKeys.list(npoId),
      queryFn: ({ signal }) => api<TEventList>('GET', '/npo_admin/events', { signal }),
      enabled: npoId !== null,
    }),
  event: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: eventKeys.event(npoId, id),
      queryFn: ({ signal }) => api<TEventAdmin>('GET', `/npo_admin/events/${id}`, { signal }),
      enabled: npoId !== null && id > 0,
      retry: no404Retry,
    }),
  orders: (npoId: number | null, eventId: number) =>
    queryOptions({
      queryKey: eventKeys.orders(npoId, eventId),
      queryFn: ({ signal }) =>
        api<TEventOrderList>('GET', '/npo_admin/event_orders', { query: { event_id: eventId }, signal }),
      enabled: npoId !== null && eventId > 0,
    }),
  order: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: eventKeys.order(npoId, id),
      queryFn: ({ signal }) => api<TEventOrderAdmin>('GET', `/npo_admin/event_orders/${id}`, { signal }),
      enabled: npoId !== null && id > 0,
      retry: no404Retry,
    }),
  ticketOrders: (npoId: number | null, f: TicketOrderFilters) =>
    queryOptions({
      queryKey: eventKeys.ticketOrders(npoId, f),
      queryFn: ({ signal }) =>
        api<TTicketOrderListResponse>('GET', '/npo_admin/ticket_orders', {
          query: { ...ticketOrderQuery(f), page: f.page, per_page: TICKET_ORDERS_PAGE_SIZE },
          signal,
        }),
      enabled: npoId !== null,
    }),
};

export const saveEvent = (id: number | null, input: TEventInput) =>
  id === null
    ? api<TEventAdmin>('POST', '/npo_admin/events', { body: input })
    : api<TEventAdmin>('PUT', `/npo_admin/events/${id}`, { body: input });

/** e18: one image for the event editor, kept with its resized variants (docs/decisions/089-event-images.md). */
export const uploadEventImage = (file: File) => uploadFile<{ url: string }>('/npo_admin/event_images', file);
