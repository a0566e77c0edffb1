// Refund one attendee's ticket (docs/decisions/052-e-tickets-and-check-in.md): a second click
// confirms, and the button is busy while the server refunds, which refunds a ticket once anyway.
import type { TEventOrderAdmin } from '@kindling/contracts';
import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../app/api-client.ts';
import { eventKeys } from '../api/events.queries.ts';

export function TicketRefundButton({
  npoId,
  orderId,
  ticket,
}: {
  npoId: number | null;
  orderId: number;
  ticket: { id: number; attendee_name: string };
}) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const refund = useMutation({
    mutationFn: () =>
      api<TEventOrderAdmin>('POST', `/npo_admin/event_orders/${orderId}/tickets/${ticket.id}/refund`, { body: {} }),
    onSuccess: (order) => queryClient.setQueryData(eventKeys.order(npoId, orderId), order),
    onSettled: () => setConfirming(false),
  });
  return (
    <Group gap="xs" wrap="nowrap">
      {confirming ? (
        <>
          <Button
            size="xs"
            color="red.8"
            loading={refund.isPending}
            onClick={() => refund.mutate()}
            aria-label={`Confirm the refund of ${ticket.attendee_name}'s ticket`}
          >
            Confirm refund
          </Button>
          <Button size="xs" variant="default" disabled={refund.isPending} onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </>
      ) : (
        <Button
          size="xs"
          variant="default"
          onClick={() => setConfirming(true)}
          aria-label={`Refund ${ticket.attendee_name}'s ticket`}
        >
          Refund
        </Button>
      )}
      {refund.isError && (
        <Text size="sm" c="red.9" role="alert">
          {refund.error.message}
        </Text>
      )}
    </Group>
  );
}
