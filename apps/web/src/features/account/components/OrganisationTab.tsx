import type { TOrganisationSettingsRequest, TOrganisationSettingsResponse } from '@kindling/contracts';
import { canonicalLocale, timeZoneNames } from '@kindling/contracts/locale-rules.ts';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../../../app/api-client.ts';
import { useSession } from '../../../session/session-context.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';

const LOCALES = ['en-US', 'en-GB', 'en-CA', 'en-AU', 'en-IE', 'fr-FR', 'fr-CA', 'de-DE', 'es-ES', 'nl-NL'];

/**
 * The organisation's time zone and locale (decision 027), for its admins: the zone its days, months
 * and giving years are counted in, the locale its dates, amounts and numbers are written in.
 */
export function OrganisationTab() {
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  const zones = useMemo(() => timeZoneNames(), []);
  const form = useForm<TOrganisationSettingsRequest>({
    initialValues: { time_zone: session.npo?.time_zone ?? 'UTC', locale: session.npo?.locale ?? 'en-US' },
    validate: {
      time_zone: (v) => (zones.includes(v) ? null : 'Choose a time zone from the list'),
      locale: (v) => (canonicalLocale(v.trim()) ? null : 'Enter a language and region such as en-US, en-GB or fr-FR'),
    },
  });
  const save = useMutation({
    mutationFn: (body: TOrganisationSettingsRequest) =>
      api<TOrganisationSettingsResponse>('PUT', '/npo_admin/organisation_settings', { body }),
    onSuccess: async (saved) => {
      form.setValues(saved);
      form.resetDirty(saved);
      await session.refresh();
      notifications.show({ color: 'green', message: 'Time zone and locale saved.' });
    },
    onError: (err) => {
      const { fields, message } = describeFormError(err, 'The settings could not be saved. Please try again.');
      form.setErrors(fields);
      setError(message);
    },
  });

  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setError(null);
          save.mutate({ time_zone: values.time_zone, locale: values.locale.trim() });
        })}
      >
        <Stack gap="md">
          <Title order={2} fz="lg">
            Time zone and locale
          </Title>
          <FormAlert message={error} />
          <Select
            label="Time zone"
            description="Days, months and giving years are counted from midnight here."
            required
            searchable
            allowDeselect={false}
            data={zones}
            {...form.getInputProps('time_zone')}
          />
          <Select
            label="Locale"
            description="How dates, amounts and numbers are written on screens, receipts and exports."
            required
            searchable
            allowDeselect={false}
            data={LOCALES.includes(form.values.locale) ? LOCALES : [form.values.locale, ...LOCALES]}
            {...form.getInputProps('locale')}
          />
          <Text size="sm" c="dimmed">
            Changing the time zone recounts past days in the new zone; the figures update at once.
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={save.isPending || !form.isDirty()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
