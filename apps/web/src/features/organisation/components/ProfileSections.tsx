import {
  CURRENCIES,
  countryOptions,
  currencyName,
  type TOrganisationProfile,
  timeZoneNames,
} from '@kindling/contracts';
import { MONTH_NAMES } from '@kindling/contracts/giving-year-rules.ts';
import { Alert, Checkbox, Paper, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { TriangleAlert } from 'lucide-react';
import { type ReactNode, useId, useMemo } from 'react';
import { LOCALE_CHOICES } from '../../../shared/locales.ts';
import { ProfileImageField } from './ProfileImageField.tsx';
import type { ProfileFormValues } from './profile-form.ts';

type Form = UseFormReturnType<ProfileFormValues>;

/** A titled group of fields, announced as a region by its title. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

type ImageProps = { profile: TOrganisationProfile; onImage: (kind: 'logo' | 'signature', url: string) => void };

export function IdentitySection({ form, profile, onImage }: { form: Form } & ImageProps) {
  return (
    <Section title="Identity">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Legal name"
          description="As registered; printed on receipts."
          required
          {...form.getInputProps('legal_name')}
        />
        <TextInput
          label="Display name"
          description="What donors and your team see."
          required
          {...form.getInputProps('display_name')}
        />
        <TextInput label="Website" placeholder="https://example.org" {...form.getInputProps('website')} />
        <TextInput
          label="Contact e-mail"
          type="email"
          placeholder="hello@example.org"
          {...form.getInputProps('contact_email')}
        />
      </SimpleGrid>
      <ProfileImageField
        kind="logo"
        label="Logo"
        description="Shown in the app, on the donation form and on receipts."
        url={profile.logo_url}
        onUploaded={(url) => onImage('logo', url)}
      />
    </Section>
  );
}

export function AddressSection({ form }: { form: Form }) {
  const countries = useMemo(() => countryOptions().map((c) => ({ value: c.code, label: c.name })), []);
  return (
    <Section title="Address">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Address line 1" {...form.getInputProps('address.line1')} />
        <TextInput label="Address line 2" {...form.getInputProps('address.line2')} />
        <TextInput label="City" {...form.getInputProps('address.city')} />
        <TextInput label="State, county or region" {...form.getInputProps('address.region')} />
        <TextInput label="Postcode or ZIP code" {...form.getInputProps('address.postcode')} />
        <Select label="Country" searchable clearable data={countries} {...form.getInputProps('country')} />
      </SimpleGrid>
    </Section>
  );
}

export function IdentifiersSection({ form }: { form: Form }) {
  return (
    <Section title="Charity and tax identifiers">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="US EIN" placeholder="12-3456789" {...form.getInputProps('ein')} />
        <TextInput
          label="UK charity number"
          placeholder="1234567 or SC012345"
          {...form.getInputProps('uk_charity_number')}
        />
        <TextInput
          label="HMRC charity reference"
          description="Used for Gift Aid claims."
          placeholder="AB12345"
          {...form.getInputProps('hmrc_reference')}
        />
        <Textarea
          label="Other identifiers"
          description="Any other registration, as you want it printed."
          rows={2}
          {...form.getInputProps('other_tax_ids')}
        />
      </SimpleGrid>
    </Section>
  );
}

export function MoneyAndTimeSection({
  form,
  hasGifts,
  savedCurrency,
}: {
  form: Form;
  hasGifts: boolean;
  savedCurrency: string;
}) {
  const zones = useMemo(() => timeZoneNames(), []);
  const currencies = useMemo(() => CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` })), []);
  const months = MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }));
  const currencyChanged = form.values.base_currency !== savedCurrency;
  const locale = form.values.locale;
  return (
    <Section title="Currency, year and region">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Base currency"
          description="Totals, goals and reports are in this currency."
          searchable
          allowDeselect={false}
          data={currencies}
          {...form.getInputProps('base_currency')}
        />
        <TextInput
          label={`Monthly goal (${form.values.base_currency})`}
          inputMode="decimal"
          {...form.getInputProps('monthly_goal')}
        />
        <Select
          label="Fiscal year starts in"
          allowDeselect={false}
          data={months}
          {...form.getInputProps('fiscal_year_start_month')}
          value={String(form.values.fiscal_year_start_month)}
          onChange={(v) => form.setFieldValue('fiscal_year_start_month', Number(v))}
        />
        <Select
          label="Time zone"
          description="Days, months and giving years are counted from midnight here."
          searchable
          allowDeselect={false}
          data={zones}
          {...form.getInputProps('time_zone')}
        />
        <Select
          label="Locale"
          description="How dates, amounts and numbers are written on screens, receipts and exports."
          searchable
          allowDeselect={false}
          data={LOCALE_CHOICES.includes(locale) ? LOCALE_CHOICES : [locale, ...LOCALE_CHOICES]}
          {...form.getInputProps('locale')}
        />
      </SimpleGrid>
      {currencyChanged && hasGifts ? (
        <Alert color="orange" icon={<TriangleAlert size={18} aria-hidden />} title="Changing the base currency">
          <Stack gap="xs">
            Gifts already recorded keep the {currencyName(savedCurrency)} amounts and exchange rates they were converted
            with. From now on, new gifts, goals and reports are converted to {currencyName(form.values.base_currency)},
            so totals that span the change mix both.
            <Checkbox
              label={`Change the base currency from ${savedCurrency} to ${form.values.base_currency}`}
              {...form.getInputProps('confirm_currency_change', { type: 'checkbox' })}
            />
          </Stack>
        </Alert>
      ) : null}
    </Section>
  );
}

export function ReceiptSection({ form, profile, onImage }: { form: Form } & ImageProps) {
  return (
    <Section title="Receipts">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Signatory name" {...form.getInputProps('receipt_signatory_name')} />
        <TextInput
          label="Signatory title"
          placeholder="Executive Director"
          {...form.getInputProps('receipt_signatory_title')}
        />
      </SimpleGrid>
      <ProfileImageField
        kind="signature"
        label="Signature"
        description="Printed above the signatory’s name."
        url={profile.receipt_signature_url}
        onUploaded={(url) => onImage('signature', url)}
      />
      <Textarea
        label="Receipt footer"
        description="Printed at the bottom of every receipt, for example your tax-exempt status."
        rows={3}
        {...form.getInputProps('receipt_footer')}
      />
    </Section>
  );
}
