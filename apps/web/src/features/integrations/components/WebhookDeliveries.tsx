import { type TWebhookDelivery, WEBHOOK_EVENT_LABELS } from '@kindling/contracts';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormat } from '../../../shared/format.ts';
import { toast } from '../../../shared/toast.ts';
import { redeliver, webhookKeys, webhookQueries } from '../api/webhooks.queries.ts';

// Plain text: coloured badges and green or orange small text fail the contrast check (axe).
const STATUS = {
  pending: { label: 'Retrying' },
  succeeded: { label: 'Delivered' },
  failed: { label: 'Failed' },
} as const;

function Delivery({ delivery, onRedeliver }: { delivery: TWebhookDelivery; onRedeliver: () => void }) {
  const format = useFormat();
  const last = delivery.attempt_log[0];
  const status = STATUS[delivery.status];
  return (
    <li style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-default-border)', paddingTop: 8 }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {WEBHOOK_EVENT_LABELS[delivery.event_type]}
            </Text>
            <Text size="sm" fw={700}>
              · {status.label}
            </Text>
          </Group>
          <Code style={{ overflowWrap: 'anywhere' }}>{delivery.event_id}</Code>
          <Text size="xs" c="dimmed">
            {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
            {last
              ? ` · last ${format.dateTime(last.attempted_at)} · ${
                  last.response_status !== null ? `HTTP ${last.response_status}` : (last.error ?? 'no answer')
                } in ${last.duration_ms} ms`
              : ' · waiting to be sent'}
          </Text>
        </Stack>
        <Button size="xs" variant="default" onClick={onRedeliver} aria-label={`Send ${delivery.event_id} again`}>
          Send again
        </Button>
      </Group>
      {last ? (
        <details style={{ marginTop: 4 }}>
          <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>Request and answer</summary>
          <Stack gap={4} mt={4}>
            <Text size="xs" fw={600}>
              Request
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {Object.entries(last.request_headers)
                .map(([k, v]) => `${k}: ${v}`)
                .join('\n')}
              {`\n\n${last.request_body}`}
            </Code>
            <Text size="xs" fw={600}>
              Answer
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {last.response_status !== null
                ? `HTTP ${last.response_status}\n${last.response_body ?? ''}`
                : (last.error ?? '')}
            </Code>
          </Stack>
        </details>
      ) : null}
    </li>
  );
}

/** The endpoint's latest deliveries with their last request and answer; any can be sent again. */
export function WebhookDeliveries({ npoId, endpointId }: { npoId: number | null; endpointId: number }) {
  const client = useQueryClient();
  const list = useQuery(webhookQueries.deliveries(npoId, endpointId));
  const again = useMutation({
    mutationFn: (deliveryId: number) => redeliver(endpointId, deliveryId),
    onSuccess: async () => {
      toast('green', 'Sent again. The log shows the answer in a few seconds.');
      await client.invalidateQueries({ queryKey: webhookKeys.deliveries(npoId, endpointId) });
    },
    onError: () => toast('red', 'The delivery could not be sent again.'),
  });
  if (list.isError)
    return (
      <Text size="sm" c="red">
        The delivery log could not be loaded.
      </Text>
    );
  const deliveries = list.data?.deliveries ?? [];
  if (deliveries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {list.isPending ? 'Loading deliveries…' : 'No deliveries yet. Events are sent a few seconds after they happen.'}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label="Delivery log">
      {deliveries.map((d) => (
        <Delivery key={d.id} delivery={d} onRedeliver={() => again.mutate(d.id)} />
      ))}
    </Stack>
  );
}
