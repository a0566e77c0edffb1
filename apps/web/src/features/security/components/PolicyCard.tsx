import { SESSION_LIFETIME_MAX_HOURS, type TSecuritySettings, type TSecuritySettingsRequest } from '@kindling/contracts';
import { Alert, Button, Group, NumberInput, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { securityApi, securityKeys } from '../api/security.queries.ts';

type Unit = 'hours' | 'days';

/** Hours as the form shows them: whole days when they divide evenly. */
const toForm = (hours: number): { amount: number; unit: Unit } =>
  hours % 24 === 0 ? { amount: hours / 24, unit: 'days' } : { amount: hours, unit: 'hours' };

/** The organisation's sign-in policy: a required second factor and the session lifetime. */
export function PolicyCard({ settings, npoId }: { settings: TSecuritySettings; npoId: number | null }) {
  const client = useQueryClient();
  const initial = toForm(settings.session_lifetime_hours);
  const [required, setRequired] = useState(settings.require_two_factor);
  const [amount, setAmount] = useState<number | string>(initial.amount);
  const [unit, setUnit] = useState<Unit>(initial.unit);
  const save = useMutation({
    mutationFn: (body: TSecuritySettingsRequest) => securityApi.saveSettings(body),
    onSuccess: (data) => client.setQueryData(securityKeys.settings(npoId), data),
  });
  const errors = save.isError ? describeFormError(save.error, 'The settings could not be saved.') : null;
  const hours = typeof amount === 'number' ? amount * (unit === 'days' ? 24 : 1) : Number.NaN;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ require_two_factor: required, session_lifetime_hours: hours });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="security-policy">
      <form onSubmit={submit} aria-label="Sign-in policy" noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="security-policy">
            Sign-in policy
          </Title>
          {settings.require_two_factor && settings.members_without_two_factor > 0 ? (
            <Alert color="orange" variant="light" icon={<ShieldAlert size={18} aria-hidden />}>
              {settings.members_without_two_factor === 1
                ? '1 member has not set up two-step verification yet: they are asked to at their next sign-in.'
                : `${settings.members_without_two_factor} members have not set up two-step verification yet: they are asked to at their next sign-in.`}
            </Alert>
          ) : null}
          <Switch
            checked={required}
            onChange={(e) => setRequired(e.currentTarget.checked)}
            label="Require two-step verification for every member"
            description="Members without an authenticator app are sent to set one up before anything else."
            error={errors?.fields.require_two_factor}
          />
          <Group align="flex-start" gap="sm" wrap="wrap">
            <NumberInput
              label="Sessions end after this long without use"
              value={amount}
              onChange={setAmount}
              min={1}
              max={unit === 'days' ? SESSION_LIFETIME_MAX_HOURS / 24 : SESSION_LIFETIME_MAX_HOURS}
              allowDecimal={false}
              w={{ base: '100%', xs: 260 }}
              error={errors?.fields.session_lifetime_hours}
            />
            <Select
              label="Unit"
              data={[
                { value: 'hours', label: 'Hours' },
                { value: 'days', label: 'Days' },
              ]}
              value={unit}
              onChange={(v) => setUnit(v === 'hours' ? 'hours' : 'days')}
              allowDeselect={false}
              w={120}
            />
          </Group>
          <Text size="sm" c="dimmed">
            Between 1 hour and 30 days. A shorter lifetime also ends sessions idle for longer.
          </Text>
          <FormAlert message={errors?.message ?? null} />
          {save.isSuccess && !save.isPending ? (
            <Text size="sm" role="status">
              Saved.
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save policy
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
