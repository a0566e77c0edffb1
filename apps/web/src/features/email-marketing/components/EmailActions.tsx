import { MARKETING_EMAIL_STATUS_LABELS, type TMarketingEmail } from '@kindling/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../session/index.ts';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import { toast } from '../../../shared/toast.ts';
import { cancelEmail, marketingKeys, sendEmail, testEmail } from '../api/marketing.queries.ts';

const pct = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–');

/** Sent, delivered, bounced, opened, clicked, unsubscribed and attributed gifts of one e-mail. */
export function EmailResults({ email }: { email: TMarketingEmail }) {
  const format = useFormat();
  const r = email.results;
  const figures: Array<[string, string, string?]> = [
    ['Sent', format.count(r.sent), r.queued > 0 ? `${format.count(r.queued)} still queued` : undefined],
    ['Delivered', format.count(r.delivered), pct(r.delivered, r.sent)],
    ['Bounced', format.count(r.bounced), pct(r.bounced, r.sent)],
    ['Opened', format.count(r.opened), pct(r.opened, r.delivered)],
    ['Clicked', format.count(r.clicked), pct(r.clicked, r.delivered)],
    ['Unsubscribed', format.count(r.unsubscribed), pct(r.unsubscribed, r.delivered)],
    [`Gifts within ${r.attribution_days} days`, format.count(r.gifts), format.money(r.revenue_minor, r.currency)],
    ['Not sent', format.count(r.skipped + r.interrupted), 'opted out, suppressed or interrupted'],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Results">
      {figures.map(([label, value, note]) => (
        <Card key={label} withBorder padding="sm">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={600} size="lg">
            {value}
          </Text>
          {note ? (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          ) : null}
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** Test send, send now, schedule and cancel a scheduled one. */
export function EmailActions({ email }: { email: TMarketingEmail }) {
  const session = useSession();
  const client = useQueryClient();
  const format = useFormat();
  const [to, setTo] = useState(session.email);
  const [at, setAt] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: marketingKeys.all });
  const fail = (error: Error) =>
    toast('red', describeFormError(error, 'That did not work. Please try again.').message ?? '');
  const test = useMutation({
    mutationFn: () => testEmail(email.id, to),
    onSuccess: () => toast('green', `Test e-mail sent to ${to}.`),
    onError: fail,
  });
  const send = useMutation({
    mutationFn: (when: string | null) => sendEmail(email.id, when),
    onSuccess: async (e) => {
      await refresh();
      toast('green', e.status === 'scheduled' ? 'E-mail scheduled.' : 'Sending started.');
    },
    onError: fail,
  });
  const cancel = useMutation({ mutationFn: () => cancelEmail(email.id), onSuccess: refresh, onError: fail });
  const editable = email.status === 'draft' || email.status === 'scheduled';
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {email.name}
        </Title>
        <Badge variant="light">{MARKETING_EMAIL_STATUS_LABELS[email.status]}</Badge>
      </Group>
      <Text size="sm">
        To {email.segment_name ?? 'a deleted segment'}
        {email.scheduled_at && email.status === 'scheduled'
          ? ` · scheduled for ${format.dateTime(email.scheduled_at)}`
          : ''}
        {email.sent_at ? ` · sent ${format.dateTime(email.sent_at)}` : ''}
      </Text>
      {email.sent_at ? <EmailResults email={email} /> : null}
      {editable ? (
        <Stack gap="xs">
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput label="Send a test to" type="email" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
            <Button variant="default" loading={test.isPending} onClick={() => test.mutate()}>
              Send test
            </Button>
          </Group>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <Button loading={send.isPending && send.variables === null} onClick={() => send.mutate(null)}>
              Send now
            </Button>
            <TextInput
              label="Or send at"
              type="datetime-local"
              value={at}
              onChange={(e) => setAt(e.currentTarget.value)}
            />
            <Button
              variant="default"
              disabled={!at}
              loading={send.isPending && send.variables !== null}
              onClick={() => send.mutate(new Date(at).toISOString())}
            >
              Schedule
            </Button>
            {email.status === 'scheduled' ? (
              <Button variant="subtle" color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                Cancel schedule
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
