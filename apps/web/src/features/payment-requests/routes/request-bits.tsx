import { PAYMENT_REQUEST_STATUS_LABELS, type TPaymentRequestStatus } from '@kindling/contracts';
import { Badge } from '@mantine/core';

const COLOURS: Record<TPaymentRequestStatus, string> = {
  open: 'blue',
  partly_paid: 'yellow',
  overdue: 'red',
  paid: 'green',
  cancelled: 'gray',
  expired: 'gray',
};

/** A request's status, dark text on a light badge (AA contrast). */
export function RequestStatus({ status }: { status: TPaymentRequestStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light" c="dark.7">
      {PAYMENT_REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The full address of a request's payment page, on this site. */
export const payUrlOf = (publicId: string) => `${window.location.origin}/pay/${publicId}`;
