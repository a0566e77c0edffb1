import { CURRENCIES, type TManualRateRequest } from '@kindling/contracts';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import { paymentSettingsApi, paymentSettingsKeys } from '../api/payment-settings.queries.ts';
import { Section } from './Section.tsx';
import { useSettingsChange } from './use-settings-change.ts';

const OPTIONS = CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));

/** A manual rate for a currency and a period; the server checks it (field messages come back under each input). */
export function ManualRateForm({ base }: { base: string }) {
  const format = useFormat();
  const form = useForm<TManualRateRequest>({
    initialValues: { currency: '', rate: '', valid_from: format.today(), valid_to: format.today() },
    validate: {
      currency: (v) => (v ? null : 'Choose a currency.'),
      rate: (v) =>
        /^\d+(\.\d+)?$/.test(String(v).trim()) && Number(v) > 0
          ? null
          : 'Enter the rate as a decimal number, like 1.1650.',
    },
  });
  const [message, setMessage] = useState<string | null>(null);
  const add = useSettingsChange(paymentSettingsKeys.rates, paymentSettingsApi.addManualRate, 'Manual rate added.');
  const submit = form.onSubmit((values) => {
    setMessage(null);
    add.mutate(
      { ...values, rate: String(values.rate).trim() },
      {
        onSuccess: () => form.reset(),
        onError: (err) => {
          const described = describeFormError(err, 'The rate could not be added. Please try again.');
          form.setErrors(described.fields);
          setMessage(described.message);
        },
      },
    );
  });
  return (
    <Section id="manual-title" title="Add a manual rate">
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <FormAlert message={message} />
          <Group grow align="flex-start" wrap="wrap" preventGrowOverflow={false}>
            <Select
              label="Currency"
              data={OPTIONS.filter((o) => o.value !== base)}
              searchable
              required
              miw={180}
              {...form.getInputProps('currency')}
            />
            <TextInput
              label={`Rate (${base} per unit)`}
              placeholder="e.g. 1.1650"
              inputMode="decimal"
              required
              miw={140}
              {...form.getInputProps('rate')}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap" preventGrowOverflow={false}>
            <TextInput type="date" label="From" required miw={140} {...form.getInputProps('valid_from')} />
            <TextInput type="date" label="To" required miw={140} {...form.getInputProps('valid_to')} />
          </Group>
          <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
            Add rate
          </Button>
        </Stack>
      </form>
    </Section>
  );
}
