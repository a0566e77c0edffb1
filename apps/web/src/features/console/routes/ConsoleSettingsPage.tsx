import type { TPlatformSettings } from '@kindling/contracts';
import { Button, Group, NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { toast } from '../../../shared/toast.ts';
import { consoleApi, consoleKeys, consoleQueries } from '../api/console.queries.ts';
import { ConsoleQueryState } from '../components/ConsoleQueryState.tsx';
import { OrganisationDefaultsFields } from '../components/OrganisationDefaultsFields.tsx';
import { PlatformLogoField } from '../components/PlatformLogoField.tsx';

const ENTRY = pageEntry('/console/settings') ?? {
  title: 'Platform settings',
  section: 'Console',
  description: '',
  emptyTitle: '',
};

function SettingsForm({ settings }: { settings: TPlatformSettings }) {
  const [values, setValues] = useState(settings);
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => {
      // The logo has its own upload; the rest is saved here.
      const { logo_url: _logo, reporting_currency: _currency, ...editable } = values;
      return consoleApi.saveSettings({ ...editable, reason });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(consoleKeys.settings(), saved);
      void queryClient.invalidateQueries({ queryKey: ['platform-notice'] });
      setReason('');
      toast('green', 'Platform settings saved.');
    },
  });
  const error = save.error ? describeFormError(save.error, 'The settings could not be saved.') : null;
  const set = <K extends keyof TPlatformSettings>(key: K, value: TPlatformSettings[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack maw={720}>
        <FormAlert message={error?.message ?? null} />
        <TextInput
          label="Platform name"
          required
          value={values.name}
          error={error?.fields.name}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        <NumberInput
          label="Default platform fee (basis points)"
          description="250 is 2.5%. Organisations without their own fee pay this."
          min={0}
          max={1000}
          allowDecimal={false}
          value={values.default_platform_fee_bps}
          error={error?.fields.default_platform_fee_bps}
          onChange={(v) => set('default_platform_fee_bps', typeof v === 'number' ? v : 0)}
        />
        <Switch
          label="Anyone may create an organisation by signing up"
          description="Off: organisations are created by invitation from the console."
          checked={values.self_service_sign_up}
          onChange={(e) => set('self_service_sign_up', e.currentTarget.checked)}
        />
        <Textarea
          label="Maintenance banner"
          description="Shown to every signed-in user while not empty."
          value={values.maintenance_banner}
          error={error?.fields.maintenance_banner}
          onChange={(e) => set('maintenance_banner', e.currentTarget.value)}
        />
        <TextInput
          label="Reporting currency"
          value={values.reporting_currency}
          readOnly
          description="The console's money figures are converted into it."
        />
        <OrganisationDefaultsFields
          value={values.organisation_defaults}
          errors={error?.fields ?? {}}
          onChange={(v) => set('organisation_defaults', v)}
        />
        <Textarea
          label="Reason"
          description="Recorded in the audit log with your name."
          required
          value={reason}
          error={error?.fields.reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /console/settings: the platform's name and logo, default fee, sign-up switch, maintenance banner and
 * what new organisations start with (decision 083).
 */
export function ConsoleSettingsPage() {
  const settings = useQuery(consoleQueries.settings());
  return (
    <PageFrame entry={ENTRY}>
      <ConsoleQueryState query={settings} what="settings" height={320}>
        {(d) => (
          <Stack maw={720} gap="lg">
            <PlatformLogoField url={d.logo_url} />
            <SettingsForm settings={d} />
          </Stack>
        )}
      </ConsoleQueryState>
    </PageFrame>
  );
}
