import {
  type TWebhookEndpoint,
  type TWebhookEventType,
  type TWebhookSecret,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
} from '@kindling/contracts';
import { Alert, Badge, Button, Code, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Webhook } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../shared/toast.ts';
import {
  createEndpoint,
  deleteEndpoint,
  rotateEndpointSecret,
  updateEndpoint,
  webhookKeys,
  webhookQueries,
} from '../api/webhooks.queries.ts';
import { ChoiceGroup, CreateForm } from './CreateForm.tsx';
import { SecretShownOnce } from './SecretShownOnce.tsx';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';

function NewEndpointForm({ onCreated }: { onCreated: (created: TWebhookSecret) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<TWebhookEventType[]>(['donation.succeeded']);
  return (
    <CreateForm
      create={() => createEndpoint({ url, description, events })}
      listKey={webhookKeys.all}
      failure="The endpoint could not be added."
      submitLabel="Add endpoint"
      submitIcon={<Webhook size={14} aria-hidden />}
      onCreated={onCreated}
      onReset={() => {
        setUrl('');
        setDescription('');
      }}
    >
      {(fields) => (
        <>
          <TextInput
            label="Endpoint URL"
            description="Your server’s address that receives the events, such as https://example.org/kindling-webhooks."
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={fields.url}
            type="url"
            required
          />
          <TextInput
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={fields.description}
            maxLength={200}
          />
          <ChoiceGroup
            label="Events to send"
            choices={WEBHOOK_EVENT_TYPES}
            labels={WEBHOOK_EVENT_LABELS}
            value={events}
            onChange={setEvents}
            error={fields.events}
          />
        </>
      )}
    </CreateForm>
  );
}

function EndpointCard(props: {
  npoId: number | null;
  endpoint: TWebhookEndpoint;
  onSecret: (s: TWebhookSecret) => void;
}) {
  const { endpoint, npoId } = props;
  const client = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: webhookKeys.all });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) =>
      updateEndpoint(endpoint.id, {
        url: endpoint.url,
        description: endpoint.description,
        events: endpoint.events,
        enabled,
      }),
    onSuccess: refresh,
    onError: () => toast('red', 'The endpoint could not be changed.'),
  });
  const rotate = useMutation({
    mutationFn: () => rotateEndpointSecret(endpoint.id),
    onSuccess: async (shown) => {
      await refresh();
      props.onSecret(shown);
    },
    onError: () => toast('red', 'The secret could not be replaced.'),
  });
  const remove = useMutation({
    mutationFn: () => deleteEndpoint(endpoint.id),
    onSuccess: async () => {
      await refresh();
      toast('green', `Removed the endpoint ${endpoint.url}.`);
    },
    onError: () => toast('red', 'The endpoint could not be removed.'),
  });
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`Endpoint ${endpoint.url}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Text>
            {endpoint.description ? (
              <Text size="sm" c="dimmed">
                {endpoint.description}
              </Text>
            ) : null}
          </Stack>
          <Switch
            label="Enabled"
            checked={endpoint.enabled}
            onChange={(e) => toggle.mutate(e.currentTarget.checked)}
            aria-label={`Send events to ${endpoint.url}`}
          />
        </Group>
        {endpoint.disabled_reason && !endpoint.enabled ? (
          <Alert color="red" variant="light" title="Switched off by Kindling">
            {endpoint.disabled_reason} Fix your receiver, then switch the endpoint on again.
          </Alert>
        ) : null}
        <Group gap={4}>
          {endpoint.events.map((e) => (
            <Badge key={e} variant="light" radius="sm">
              {WEBHOOK_EVENT_LABELS[e]}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          Signing secret <Code>{endpoint.secret_prefix}…</Code>
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
            {showLog ? 'Hide deliveries' : 'Show deliveries'}
          </Button>
          <Button size="xs" variant="default" loading={rotate.isPending} onClick={() => rotate.mutate()}>
            Replace secret
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => remove.mutate()}
            aria-label={`Remove ${endpoint.url}`}
          >
            Remove
          </Button>
        </Group>
        {showLog ? <WebhookDeliveries npoId={npoId} endpointId={endpoint.id} /> : null}
      </Stack>
    </Paper>
  );
}

/** Webhook endpoints (docs/product/integrations.md#webhooks): add one, copy its secret, follow its deliveries. */
export function WebhooksSection({ npoId }: { npoId: number | null }) {
  const list = useQuery(webhookQueries.list(npoId));
  const [shown, setShown] = useState<TWebhookSecret | null>(null);
  const endpoints = list.data?.endpoints ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="webhooks-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="webhooks-title">
            Webhooks
          </Title>
          <Text size="sm" c="dimmed">
            Kindling tells your server when something happens: each event is signed with the endpoint’s secret, retried
            for three days until your server answers, and listed in the delivery log.
          </Text>
        </div>
        {shown ? (
          <SecretShownOnce
            title={`Signing secret for ${shown.endpoint.url}`}
            hint="Copy it to your receiver now: for your safety it will not be shown again."
            secret={shown.secret}
            secretLabel="Signing secret"
            copyLabel="Copy secret"
            onDone={() => setShown(null)}
          />
        ) : null}
        <NewEndpointForm onCreated={setShown} />
        {list.isError ? (
          <Text size="sm" c="red">
            The endpoints could not be loaded.
          </Text>
        ) : endpoints.length === 0 ? (
          <Text size="sm" c="dimmed">
            {list.isPending ? 'Loading endpoints…' : 'No webhook endpoints yet.'}
          </Text>
        ) : (
          <Stack gap="sm">
            {endpoints.map((e) => (
              <EndpointCard key={e.id} npoId={npoId} endpoint={e} onSecret={setShown} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
