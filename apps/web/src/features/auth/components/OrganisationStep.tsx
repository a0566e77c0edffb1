import { Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { authApi } from '../api/auth.api.ts';
import { BASE_CURRENCIES, defaultCurrency } from '../currencies.ts';

type Values = { name: string; base_currency: string };

/** The browser's zone and language: the organisation's first time zone and locale (decision 027). */
const browserSettings = () => ({
  time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  locale: navigator.language,
});
type Props = {
  /** The connected Stripe account from a Stripe sign-in, attached to the new organisation. */
  stripeAccount: string | null;
  onCreated: () => Promise<void>;
};

/** Sign-up step 2 (and /signup?step=3): the organisation (POST /npo_admin/organisations). */
export function OrganisationStep({ stripeAccount, onCreated }: Props) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { name: '', base_currency: defaultCurrency() },
    validate: {
      name: (v) => (v.trim().length >= 2 ? null : 'Organisation name is required'),
      base_currency: (v) => (v ? null : 'Choose a currency'),
    },
  });
  const create = useMutation({
    mutationFn: async (values: Values) => {
      await authApi.createOrganisation({
        name: values.name.trim(),
        base_currency: values.base_currency,
        ...browserSettings(),
        ...(stripeAccount ? { stripe_account: stripeAccount } : {}),
      });
      await onCreated();
    },
    onError: (err) => {
      const { fields, message } = describeFormError(err, 'The organisation could not be created. Please try again.');
      form.setErrors(fields);
      setError(message);
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setError(null);
        create.mutate(values);
      })}
    >
      <Stack gap="md">
        <FormAlert message={error} />
        {stripeAccount && (
          <Text size="sm" c="dimmed">
            Your Stripe account will be connected to this organisation.
          </Text>
        )}
        <TextInput
          label="Organisation name"
          required
          autoComplete="organization"
          placeholder="Riverside Food Bank"
          {...form.getInputProps('name')}
        />
        <Select
          label="Base currency"
          description="Reports and totals are shown in this currency."
          required
          searchable
          allowDeselect={false}
          data={BASE_CURRENCIES.map((c) => ({ value: c.value, label: c.label }))}
          {...form.getInputProps('base_currency')}
        />
        <Button type="submit" fullWidth loading={create.isPending} disabled={create.isPending}>
          Create organisation
        </Button>
      </Stack>
    </form>
  );
}
