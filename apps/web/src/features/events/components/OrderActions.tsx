// Staff actions on a whole ticket order (docs/decisions/060-whole-order-refunds.md): send the
// tickets again, and (admins) refund the order, every seat back on sale. The refund asks for a
// second click and stays busy while the server refunds, which refunds an order once anyway.
import type { TEventOrderAdmin, TTicketsResent } from '@kindling/contracts';
import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../app/api-client.ts';
import { eventKeys } from '../api/events.queries.ts';

export function OrderActions({
  npoId,
  order,
  canRefund,
}: {
  npoId: number | null;
  order: Pick<TEventOrderAdmin, 'id' | 'status' | 'total_minor' | 'refunded_minor'>;
  canRefund: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => api<TTicketsResent>('POST', `/npo_admin/event_orders/${order.id}/resend`, { body: {} }),
  });
  const refund = useMutation({
    mutationFn: () => api<TEventOrderAdmin>('POST', `/npo_admin/event_orders/${order.id}/refund`, { body: {} }),
    onSuccess: (next) => queryClient.setQueryData(eventKeys.order(npoId, order.id), next),
    onSettled: () => setConfirming(false),
  });
  if (order.status !== 'paid') return null;
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Button variant="default" loading={resend.isPending} onClick={() => resend.mutate()}>
        Resend tickets
      </Button>
      {canRefund &&
        (confirming ? (
          <>
            <Button color="red.8" loading={refund.isPending} onClick={() => refund.mutate()}>
              Confirm: refund the whole order
            </Button>
            <Button variant="default" disabled={refund.isPending} onClick={() => setConfirming(false)}>
              Keep the order
            </Button>
          </>
        ) : (
          <Button variant="default" onClick={() => setConfirming(true)}>
            Refund the whole order
          </Button>
        ))}
      {resend.isSuccess && (
        <Text size="sm" role="status">
          Tickets sent again to {resend.data.sent_to}.
        </Text>
      )}
      {(resend.isError || refund.isError) && (
        <Text size="sm" c="red.9" role="alert">
          {(resend.error ?? refund.error)?.message}
        </Text>
      )}
    </Group>
  );
}
