import '@mantine/dates/styles.css';
import {
  fromMinorUnits,
  PORTAL_PLAN_INTERVALS,
  type TPortalCardForm,
  type TPortalPlan,
  type TPortalPlanUpdate,
  toMinorUnits,
} from '@kindling/contracts';
import { Alert, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../app/api-client.ts';
import { usePlanMutation } from '../api/portal.queries.ts';
import { type PortalSource, portalApi } from '../api/portal-api.ts';
import { CardChange } from './CardChange.tsx';
import { PlanSummary } from './PlanList.tsx';
import { errorText, INTERVAL_LABELS, usePortalFormat } from './PortalBits.tsx';

type Fields = { amount: string; interval: string; next: string | null };
type FieldErrors = Partial<Record<'amount_minor' | 'interval' | 'next_charge_date', string>>;

const intervalOptions = PORTAL_PLAN_INTERVALS.map((value) => ({ value, label: INTERVAL_LABELS[value] ?? value }));

const fieldsOf = (plan: TPortalPlan): Fields => ({
  amount: fromMinorUnits(plan.amount_minor, plan.currency),
  interval: plan.interval,
  next: null,
});

/** What changed in the form, as the API takes it; a message per field when it cannot be read. */
function changesOf(plan: TPortalPlan, fields: Fields): { body: TPortalPlanUpdate } | { errors: FieldErrors } {
  const amount = toMinorUnits(fields.amount, plan.currency);
  if (!amount.ok) return { errors: { amount_minor: amount.error } };
  const body: TPortalPlanUpdate = {};
  if (amount.minor !== plan.amount_minor) body.amount_minor = amount.minor;
  if (fields.interval !== plan.interval) body.interval = fields.interval as TPortalPlanUpdate['interval'];
  if (fields.next) body.next_charge_date = fields.next;
  return { body };
}

function ChangeForm({ source, plan }: { source: PortalSource; plan: TPortalPlan }) {
  const format = usePortalFormat(source);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(plan));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const save = usePlanMutation(source, async (body: TPortalPlanUpdate) => [
    (await portalApi(source).update(plan.id, body)).plan,
  ]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const result = changesOf(plan, fields);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    if (Object.keys(result.body).length === 0) return setSaved(true);
    save.mutate(result.body, {
      onSuccess: ([updated]) => {
        setSaved(true);
        if (updated) setFields(fieldsOf(updated));
      },
      onError: (error) => {
        const sent = error instanceof ApiError ? (error.body?.fields as FieldErrors | undefined) : undefined;
        if (sent) setErrors(sent);
      },
    });
  };
  const set = (patch: Partial<Fields>) => {
    setSaved(false);
    setFields((f) => ({ ...f, ...patch }));
  };
  const tomorrow = new Date(Date.now() + 86_400_000);
  return (
    <form onSubmit={submit} noValidate aria-label="Change this recurring donation">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={`Amount (${plan.currency})`}
            inputMode="decimal"
            value={fields.amount}
            error={errors.amount_minor}
            onChange={(e) => set({ amount: e.currentTarget.value })}
          />
          <Select
            label="How often"
            data={intervalOptions}
            value={fields.interval}
            allowDeselect={false}
            error={errors.interval}
            onChange={(value) => value && set({ interval: value })}
          />
          <DateInput
            label="Next charge"
            description={`Now ${format.date(plan.next_charge_at)}`}
            valueFormat="YYYY-MM-DD"
            placeholder="Keep the date"
            minDate={tomorrow}
            clearable
            value={fields.next}
            error={errors.next_charge_date}
            onChange={(value) => set({ next: value ? String(value).slice(0, 10) : null })}
          />
        </SimpleGrid>
        {save.error && !(save.error instanceof ApiError && save.error.body?.fields) ? (
          <Alert color="red" role="alert">
            {errorText(save.error)}
          </Alert>
        ) : null}
        {saved ? (
          <Text role="status" size="sm" fw={500}>
            Your recurring donation was updated.
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StatusActions({ source, plan }: { source: PortalSource; plan: TPortalPlan }) {
  const [confirming, { open, close }] = useDisclosure(false);
  const act = usePlanMutation(source, async (action: 'pause' | 'resume' | 'cancel') => [
    (await portalApi(source).act(plan.id, action)).plan,
  ]);
  return (
    <Stack gap="xs">
      <Group gap="sm">
        {plan.status === 'paused' ? (
          <Button variant="light" loading={act.isPending} onClick={() => act.mutate('resume')}>
            Resume
          </Button>
        ) : (
          <Button variant="light" loading={act.isPending} onClick={() => act.mutate('pause')}>
            Pause
          </Button>
        )}
        <Button variant="subtle" color="red" onClick={open}>
          Cancel recurring donation
        </Button>
      </Group>
      {act.error ? (
        <Alert color="red" role="alert">
          {errorText(act.error)}
        </Alert>
      ) : null}
      <Modal opened={confirming} onClose={close} title="Cancel this recurring donation?">
        <Stack>
          <Text>No further charges will be made. Past gifts and receipts stay available here.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep it
            </Button>
            <Button color="red" loading={act.isPending} onClick={() => act.mutate('cancel', { onSuccess: close })}>
              Cancel donation
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** One plan: what it is, and every change the donor may make to it. */
export function PlanEditor({
  source,
  plan,
  cardForm,
  openCard = false,
}: {
  source: PortalSource;
  plan: TPortalPlan;
  cardForm: TPortalCardForm;
  openCard?: boolean;
}) {
  const stripe = cardForm.stripe_publishable_key
    ? { publishableKey: cardForm.stripe_publishable_key, stripeAccount: cardForm.stripe_account }
    : null;
  if (plan.status === 'cancelled') {
    return (
      <Paper withBorder p="md">
        <PlanSummary source={source} plan={plan} />
        <Text mt="sm">This recurring donation was cancelled.</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <PlanSummary source={source} plan={plan} />
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} fz="lg" mb="sm">
          Amount and schedule
        </Title>
        <ChangeForm key={plan.id} source={source} plan={plan} />
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} fz="lg" mb="sm">
          Payment method
        </Title>
        <CardChange source={source} plan={plan} provider={cardForm.provider} stripe={stripe} startOpen={openCard} />
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} fz="lg" mb="sm">
          Pause or cancel
        </Title>
        <StatusActions source={source} plan={plan} />
      </Paper>
    </Stack>
  );
}
