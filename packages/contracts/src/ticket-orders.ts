// The organisation's ticket orders as /dashboard/tickets lists them (docs/product/events.md#staff-screens):
// a search by buyer, attendee or ticket code, a filter by event and by status, 50 a page, and a CSV export.
import { z } from 'zod';

/** What the list shows; "partly refunded" is a paid order with some tickets given back (decision 052). */
export const TICKET_ORDER_STATUSES = [
  'paid',
  'partly_refunded',
  'refunded',
  'pending',
  'expired',
  'cancelled',
] as const;
export type TTicketOrderStatus = (typeof TICKET_ORDER_STATUSES)[number];
export const TICKET_ORDER_STATUS_LABELS: Record<TTicketOrderStatus, string> = {
  paid: 'Paid',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
  pending: 'Pending payment',
  expired: 'Expired',
  cancelled: 'Cancelled',
};
export const TICKET_ORDERS_PAGE_SIZE = 50;

export const ZTicketOrderListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  event_id: z.coerce.number().int().positive().optional(),
  status: z.enum(TICKET_ORDER_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(TICKET_ORDERS_PAGE_SIZE),
});
export type TTicketOrderListQuery = z.infer<typeof ZTicketOrderListQuery>;

export const ZTicketOrderRow = z.object({
  id: z.number(),
  event_id: z.number(),
  event_name: z.string(),
  buyer_name: z.string(),
  buyer_email: z.string(),
  status: z.enum(TICKET_ORDER_STATUSES),
  /** Attendees (a table of 8 is 8). */
  tickets: z.number(),
  checked_in: z.number(),
  total_minor: z.number(),
  refunded_minor: z.number(),
  currency: z.string(),
  created_at: z.string(),
});
export type TTicketOrderRow = z.infer<typeof ZTicketOrderRow>;

export const ZTicketOrderListResponse = z.object({
  orders: z.array(ZTicketOrderRow),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type TTicketOrderListResponse = z.infer<typeof ZTicketOrderListResponse>;
