import type { TTransaction, TTransactionStatus } from '@kindling/contracts';
import { Badge } from '@mantine/core';

export const TRANSACTION_STATUS_LABELS: Record<TTransactionStatus, string> = {
  succeeded: 'Succeeded',
  refunded: 'Refunded',
  refund_failed: 'Refund failed',
  disputed: 'Disputed',
  dispute_won: 'Dispute won',
  failed: 'Failed',
  requires_action: 'Needs action',
  canceled: 'Canceled',
};
const COLORS: Record<TTransactionStatus, string> = {
  succeeded: 'green',
  refunded: 'gray',
  refund_failed: 'red',
  disputed: 'orange',
  dispute_won: 'green',
  failed: 'red',
  requires_action: 'yellow',
  canceled: 'gray',
};
export const KIND_LABELS: Record<TTransaction['kind'], string> = {
  payment: 'Payment',
  refund: 'Refund',
  dispute: 'Dispute',
  attempt: 'Attempt',
  // tix18b: ticket purchases (docs/decisions/060-whole-order-refunds.md).
  ticket: 'Ticket purchase',
  ticket_refund: 'Ticket refund',
  order_refund: 'Ticket order refund',
};
/** tix18b: the "Type" filter's words. */
export const TYPE_LABELS = { gifts: 'Gifts', tickets: 'Ticket purchases' } as const;
/** tix18b: a ticket purchase opens its order; everything else its transaction page. */
export const rowPath = (t: TTransaction) =>
  t.ticket_order_id !== null ? `/dashboard/tickets/${t.ticket_order_id}` : transactionPath(t.id);
/** What the row is for: the event of a ticket purchase, or the gift's campaign. */
export const kindLine = (t: TTransaction) =>
  t.event_name ? `${KIND_LABELS[t.kind]} · ${t.event_name}` : KIND_LABELS[t.kind];

/** The status as a word; colour only repeats it. */
export function TransactionStatus({ status }: { status: TTransactionStatus }) {
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      style={{
        // fin18: the page's text colour on the tint, as DonationStatus does: the green's shade 9 on its own
        // light tint fails the contrast check on small type (axe, the ticket purchases in this list).
        '--badge-color': 'var(--mantine-color-text)',
        // fin18: beside a long payer line on a phone's card the badge keeps its whole word ("Succeeded", not "SUCC…").
        flexShrink: 0,
      }}
    >
      {TRANSACTION_STATUS_LABELS[status]}
    </Badge>
  );
}

export const transactionPath = (id: string) => `/dashboard/transaction/${id}`;
export const whoPaid = (t: TTransaction) => t.donor_name ?? t.email ?? 'Unknown payer';

/** A decline reason in red dark enough to read on striped rows, in light and dark mode. */
export const FAILURE_TEXT_COLOR = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))';
