import '@mantine/dates/styles.css';
import { fromMinorUnits, type TRecurringPlanDetail, toMinorUnits } from '@kindling/contracts';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../app/api-client.ts';
import { useFormat } from '../../../shared/format.ts';
import { type PlanAction, recurringApi, recurringKeys } from '../api/recurring.queries.ts';

/** The day after an ISO day ('2026-11-30' → '2026-12-01'), by calendar, not by 24 hours. */
const dayAfter = (day: string) => {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/** Changes what each charge takes and/or the next date; the server's message shows per field. */
export function ChangePlanModal({
  plan,
  opened,
  onClose,
}: {
  plan: TRecurringPlanDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const format = useFormat();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(fromMinorUnits(plan.amount_minor, plan.currency));
  const [date, setDate] = useState<string | null>(plan.next_charge_at ? plan.next_charge_at.slice(0, 10) : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: (body: { amount_minor?: number; next_charge_date?: string }) => recurringApi.update(plan.id, body),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'The plan was changed.' });
      onClose();
      await queryClient.invalidateQueries({ queryKey: recurringKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.body?.fields) setErrors(error.body.fields as Record<string, string>);
    },
  });
  const submit = () => {
    const parsed = toMinorUnits(amount, plan.currency);
    if (!parsed.ok) {
      setErrors({ amount_minor: parsed.error });
      return;
    }
    setErrors({});
    const body: { amount_minor?: number; next_charge_date?: string } = {};
    if (parsed.minor !== plan.amount_minor) body.amount_minor = parsed.minor;
    if (date && date !== plan.next_charge_at?.slice(0, 10)) body.next_charge_date = date;
    if (Object.keys(body).length === 0) return onClose();
    mutation.mutate(body);
  };
  const generalError = mutation.error && !(mutation.error instanceof ApiError && mutation.error.body?.fields);
  return (
    <Modal opened={opened} onClose={onClose} title="Change plan" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={`Amount each time (${plan.currency})`}
            description={`Now ${format.money(plan.amount_minor, plan.currency)}. Any fee cover is replaced by this amount.`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount_minor}
            data-autofocus
          />
          {plan.status !== 'cancelled' ? (
            <DateInput
              label="Next charge date"
              description="Later dates follow on from this one."
              valueFormat="YYYY-MM-DD"
              placeholder="YYYY-MM-DD"
              minDate={dayAfter(format.today())}
              value={date}
              onChange={(value) => setDate(value)}
              error={errors.next_charge_date}
            />
          ) : null}
          {generalError ? (
            <Alert color="red" role="alert">
              {mutation.error?.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const CONFIRM: Record<PlanAction, { title: string; body: string; confirm: string; done: string; color?: string }> = {
  pause: {
    title: 'Pause this plan?',
    body: 'No charges are made while it is paused. Dates missed while paused are skipped, not charged later.',
    confirm: 'Pause plan',
    done: 'The plan is paused.',
  },
  resume: {
    title: 'Resume this plan?',
    body: 'Charges start again on the next date of its schedule.',
    confirm: 'Resume plan',
    done: 'The plan is active again.',
  },
  cancel: {
    title: 'Cancel this plan?',
    body: 'No further charges are made. The donor is not e-mailed about a cancellation by staff.',
    confirm: 'Cancel plan',
    done: 'The plan is cancelled.',
    color: 'red',
  },
};

/** Asks before pausing, resuming or cancelling, then sends it. */
export function ConfirmActionModal({
  plan,
  action,
  onClose,
}: {
  plan: TRecurringPlanDetail;
  action: PlanAction | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (a: PlanAction) => recurringApi.act(plan.id, a),
    onSuccess: async (_data, a) => {
      notifications.show({ color: 'green', message: CONFIRM[a].done });
      close();
      await queryClient.invalidateQueries({ queryKey: recurringKeys.all });
    },
  });
  const close = () => {
    mutation.reset();
    onClose();
  };
  const copy = action ? CONFIRM[action] : CONFIRM.pause;
  return (
    <Modal opened={action !== null} onClose={close} title={copy.title} centered>
      <Text size="sm">{copy.body}</Text>
      {mutation.error ? (
        <Alert color="red" mt="md" role="alert">
          {mutation.error.message}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close} disabled={mutation.isPending}>
          Keep as it is
        </Button>
        <Button color={copy.color} loading={mutation.isPending} onClick={() => action && mutation.mutate(action)}>
          {copy.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
