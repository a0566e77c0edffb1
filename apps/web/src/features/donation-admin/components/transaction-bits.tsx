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
};

/** The status as a word; colour only repeats it. */
export function TransactionStatus({ status }: { status: TTransactionStatus }) {
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      style={{
        '--badge-color': `light-dark(var(--mantine-color-${COLORS[status]}-9), var(--mantine-color-${COLORS[status]}-2))`,
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
