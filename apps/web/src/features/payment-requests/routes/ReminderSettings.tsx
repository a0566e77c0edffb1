// The organisation's payment request reminders (docs/decisions/055-payment-request-e-mails.md): on or off,
// days before and after the due date. Saved as a whole; the server refuses days outside 0 to 90.
import type { TPaymentRequestSettings } from '@kindling/contracts';
import { Alert, Button, Group, Modal, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import {
  paymentRequestKeys,
  paymentRequestSettingsQuery,
  savePaymentRequestSettings,
} from '../api/payment-requests.queries.ts';

function ReminderForm({ initial, onDone }: { initial: TPaymentRequestSettings; onDone: () => void }) {
  const client = useQueryClient();
  const [form, setForm] = useState(initial);
  useEffect(() => setForm(initial), [initial]);
  const save = useMutation({
    mutationFn: () => savePaymentRequestSettings(form),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: paymentRequestKeys.all });
      onDone();
    },
  });
  const fields: Record<string, string> = save.error instanceof ApiError ? (save.error.body?.fields ?? {}) : {};
  const days = (key: 'days_before' | 'days_after', label: string) => (
    <NumberInput
      label={label}
      min={0}
      max={90}
      allowDecimal={false}
      disabled={!form.reminders_enabled}
      value={form[key]}
      onChange={(value) => setForm((f) => ({ ...f, [key]: typeof value === 'number' ? value : Number(value) }))}
      error={fields[key]}
    />
  );
  return (
    <Stack>
      <Text size="sm">
        Reminders go to payers whose request is not paid yet, once before and once after its due date.
      </Text>
      <Switch
        label="Send reminders"
        checked={form.reminders_enabled}
        onChange={(e) => setForm((f) => ({ ...f, reminders_enabled: e.currentTarget.checked }))}
      />
      {days('days_before', 'Days before the due date')}
      {days('days_after', 'Days after the due date')}
      {save.isError && !Object.keys(fields).length && <Alert color="red">{save.error.message}</Alert>}
      <Group justify="flex-end">
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          Save reminders
        </Button>
      </Group>
    </Stack>
  );
}

/** The "Reminders" button and its dialog. */
export function ReminderSettingsButton() {
  const session = useSession();
  const [opened, setOpened] = useState(false);
  const settings = useQuery(paymentRequestSettingsQuery(session.selectedNpo?.id ?? null));
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Reminders
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Payment reminders"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {settings.data ? (
          <ReminderForm initial={settings.data} onDone={() => setOpened(false)} />
        ) : (
          <Text c="dimmed">{settings.isError ? settings.error.message : 'Loading…'}</Text>
        )}
      </Modal>
    </>
  );
}
