// Check-in at the door (docs/decisions/052-e-tickets-and-check-in.md): staff scan a ticket's QR
// code, type its code, or find the attendee by name; each ticket is admitted once.
import { z } from 'zod';

export const CHECK_IN_MESSAGES = {
  missing: 'Scan or type a ticket code, or choose an attendee.',
  unknown: 'No ticket has this code.',
  otherEvent: (event: string) => `This ticket is for another event: ${event}.`,
  refunded: 'This ticket was refunded.',
  unpaid: 'This ticket is not paid.',
  already: (time: string, by: string | null) => `Already checked in at ${time}${by ? ` by ${by}` : ''}.`,
} as const;

export const ZCheckInRequest = z
  .object({
    code: z.string().trim().max(64, 'A ticket code has at most 64 characters.').optional(),
    ticket_id: z.number().int().positive().optional(),
  })
  .refine((b) => Boolean(b.code) || b.ticket_id !== undefined, { path: ['code'], message: CHECK_IN_MESSAGES.missing });
export type TCheckInRequest = z.infer<typeof ZCheckInRequest>;

export const ZCheckInQuery = z.object({ q: z.string().trim().max(80).optional() });

export const ZCheckInTicket = z.object({
  id: z.number().int(),
  attendee_name: z.string(),
  attendee_email: z.string(),
  type: z.string(),
  status: z.string(),
  checked_in_at: z.string().nullable(),
  checked_in_by: z.string().nullable(),
  /** m19: a member ticket's member number (members-only or bought at a member price). */
  member_number: z.string().nullable().optional(),
});
export type TCheckInTicket = z.infer<typeof ZCheckInTicket>;

export const ZCheckInCounts = z.object({ checked_in: z.number().int(), expected: z.number().int() });

export const ZCheckInStatus = z.object({
  event: z.object({ id: z.number().int(), name: z.string(), starts_at: z.string(), time_zone: z.string() }),
  counts: ZCheckInCounts,
  /** Attendees whose name or e-mail matches `q` (none without a query). */
  matches: z.array(ZCheckInTicket),
});
export type TCheckInStatus = z.infer<typeof ZCheckInStatus>;

export const ZCheckInResult = z.object({
  admitted: z.literal(true),
  ticket: ZCheckInTicket,
  counts: ZCheckInCounts,
});
export type TCheckInResult = z.infer<typeof ZCheckInResult>;

// Refunds of single tickets: staff give one attendee's ticket back, its seat returns to sale.
export const TICKET_REFUND_MESSAGES = {
  notFound: 'We could not find that ticket in this order.',
  already: 'This ticket is already refunded.',
  notPaid: 'Only a paid ticket can be refunded.',
  tableSeat: 'A seat of a table ticket cannot be refunded on its own.',
  providerRefused: 'The payment provider refused the refund. Nothing was refunded.',
} as const;

// tix18b: refunding a whole order (every seat back on sale, one provider refund) and resending its tickets.
export const ORDER_REFUND_MESSAGES = {
  notFound: 'We could not find that order.',
  already: 'This order is already refunded.',
  notPaid: 'Only a paid order can be refunded.',
  ticketRefundPending: 'A ticket of this order is being refunded. Try again in a moment.',
  ticketAlreadyInOrderRefund: 'This order is being refunded as a whole.',
  providerRefused: 'The payment provider refused the refund. Nothing was refunded.',
  resendNotPaid: 'Only a paid order has tickets to send.',
} as const;
export const ZTicketsResent = z.object({ sent_to: z.string() });
export type TTicketsResent = z.infer<typeof ZTicketsResent>;
