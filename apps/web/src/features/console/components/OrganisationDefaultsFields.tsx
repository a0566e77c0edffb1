import { CURRENCIES, type TOrganisationDefaults, timeZoneNames } from '@kindling/contracts';
import { MONTH_NAMES } from '@kindling/contracts/giving-year-rules.ts';
import { Paper, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { LOCALE_CHOICES } from '../../../shared/locales.ts';

type Props = {
  value: TOrganisationDefaults;
  errors: Record<string, string | undefined>;
  onChange: (value: TOrganisationDefaults) => void;
};

/** What a new organisation starts with, by sign-up or from the console (decision 083). */
export function OrganisationDefaultsFields({ value, errors, onChange }: Props) {
  const titleId = useId();
  const zones = useMemo(() => timeZoneNames(), []);
  const currencies = useMemo(() => CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` })), []);
  const months = MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }));
  const set = <K extends keyof TOrganisationDefaults>(key: K, v: TOrganisationDefaults[K]) =>
    onChange({ ...value, [key]: v });
  const error = (key: string) => errors[`organisation_defaults.${key}`];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={titleId}>
          New organisations start with
        </Title>
        <Text size="sm" c="dimmed">
          Applied when an organisation is created by sign-up or from the console. At sign-up, the currency the creator
          picks and their browser’s time zone and language win. Each organisation can change all of it later.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Base currency"
            searchable
            allowDeselect={false}
            data={currencies}
            value={value.base_currency}
            error={error('base_currency')}
            onChange={(v) => v && set('base_currency', v)}
          />
          <Select
            label="Fiscal year starts in"
            allowDeselect={false}
            data={months}
            value={String(value.fiscal_year_start_month)}
            error={error('fiscal_year_start_month')}
            onChange={(v) => v && set('fiscal_year_start_month', Number(v))}
          />
          <Select
            label="Time zone"
            searchable
            allowDeselect={false}
            data={zones}
            value={value.time_zone}
            error={error('time_zone')}
            onChange={(v) => v && set('time_zone', v)}
          />
          <Select
            label="Locale"
            searchable
            allowDeselect={false}
            data={LOCALE_CHOICES.includes(value.locale) ? LOCALE_CHOICES : [value.locale, ...LOCALE_CHOICES]}
            value={value.locale}
            error={error('locale')}
            onChange={(v) => v && set('locale', v)}
          />
        </SimpleGrid>
        <Textarea
          label="Receipt footer"
          description="Printed at the foot of every receipt until the organisation writes its own."
          rows={2}
          value={value.receipt_footer}
          error={error('receipt_footer')}
          onChange={(e) => set('receipt_footer', e.currentTarget.value)}
        />
      </Stack>
    </Paper>
  );
}
