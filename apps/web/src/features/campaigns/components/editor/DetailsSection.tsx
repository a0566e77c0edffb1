import {
  CAMPAIGN_TYPES,
  CURRENCIES,
  slugifyCampaignName,
  type TCampaignStatus,
  type TCampaignType,
  ZCampaignUrl,
} from '@kindling/contracts';
import {
  Button,
  Checkbox,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { CircleCheck, WandSparkles } from 'lucide-react';
import { STATUS_LABELS } from '../CampaignBits.tsx';
import { ConversionOptions } from './ConversionOptions.tsx';
import type { SectionProps } from './editor-form.ts';
import { ImageField } from './ImageField.tsx';
import { useUrlCheck } from './useUrlCheck.ts';

const TYPE_LABELS: Record<TCampaignType, string> = {
  donation: 'Donation',
  membership: 'Membership',
  team: 'Team',
  crowdfunding: 'Crowdfunding',
};
const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));

/** The URL rules the browser can check; the server adds whether another campaign has it. */
const urlProblem = (slug: string): string | null => {
  const parsed = ZCampaignUrl.safeParse(slug);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

type DetailsProps = SectionProps & {
  /** Whether the role may save, and so ask the server about URLs. */
  canWrite: boolean;
  /** True while the URL still follows the name (a new campaign whose URL nobody typed). */
  urlFollowsName: boolean;
  onUrlTyped: () => void;
};

function NameAndUrl({ form, campaignId, canWrite, urlFollowsName, onUrlTyped }: DetailsProps) {
  const { available } = useUrlCheck(form, campaignId, canWrite);
  const setUrl = (slug: string) => {
    form.setFieldValue('campaign_url', slug);
    form.setFieldError('campaign_url', slug === '' ? null : urlProblem(slug));
  };
  const slug = form.values.campaign_url.trim().toLowerCase();
  return (
    <>
      <TextInput
        label="Campaign name"
        withAsterisk
        {...form.getInputProps('name')}
        onChange={(e) => {
          const name = e.currentTarget.value;
          form.setFieldValue('name', name);
          if (urlFollowsName) setUrl(slugifyCampaignName(name));
        }}
      />
      <TextInput
        label="Campaign URL"
        withAsterisk
        description={
          <>
            {`The form's public address: ${window.location.origin}/${slug || 'your-campaign'}. Lowercase letters, digits and hyphens; unique.`}
            {available ? (
              <Text span size="xs" c="green.8" fw={500} ml={6}>
                <CircleCheck size={12} aria-hidden style={{ verticalAlign: 'middle', marginRight: 2 }} />
                Available
              </Text>
            ) : null}
          </>
        }
        leftSection={<span aria-hidden>/</span>}
        {...form.getInputProps('campaign_url')}
        onChange={(e) => {
          onUrlTyped();
          setUrl(e.currentTarget.value);
        }}
        rightSectionWidth={110}
        rightSection={
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<WandSparkles size={12} aria-hidden />}
            onClick={() => setUrl(slugifyCampaignName(form.values.name))}
            disabled={form.values.name.trim() === ''}
          >
            From name
          </Button>
        }
      />
    </>
  );
}

function Money({ form, baseCurrency }: SectionProps) {
  const amountsError = form.values.status === 'active' ? form.errors.amounts : undefined;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Campaign type"
          data={CAMPAIGN_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
          allowDeselect={false}
          {...form.getInputProps('campaign_type')}
        />
        <Select
          label="Status"
          description="Only an active campaign takes donations."
          data={(['draft', 'active', 'ended'] as TCampaignStatus[]).map((value) => ({
            value,
            label: STATUS_LABELS[value],
          }))}
          allowDeselect={false}
          {...form.getInputProps('status')}
          error={form.errors.status ?? amountsError}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Goal"
          description={`Optional, in ${baseCurrency}`}
          inputMode="decimal"
          rightSection={baseCurrency}
          rightSectionWidth={48}
          {...form.getInputProps('goal')}
        />
        <DateInput
          label="Starts"
          valueFormat="YYYY-MM-DD"
          placeholder="YYYY-MM-DD"
          clearable
          {...form.getInputProps('starts_at')}
        />
        <DateInput
          label="Ends"
          valueFormat="YYYY-MM-DD"
          placeholder="YYYY-MM-DD"
          clearable
          {...form.getInputProps('ends_at')}
        />
      </SimpleGrid>
      <MultiSelect
        label="Currencies"
        description="What donors may choose from. Search by code or name."
        data={CURRENCY_OPTIONS}
        searchable
        hidePickedOptions
        maxDropdownHeight={240}
        {...form.getInputProps('currencies')}
        onChange={(codes) => {
          form.setFieldValue('currencies', codes);
          // The default must stay one of the list: follow the first when it is removed.
          if (codes.length > 0 && !codes.includes(form.values.currency)) form.setFieldValue('currency', codes[0] ?? '');
        }}
      />
      <Select
        label="Default currency"
        description="Preset amounts are in this currency."
        data={form.values.currencies.map((code) => ({ value: code, label: code }))}
        allowDeselect={false}
        {...form.getInputProps('currency')}
      />
    </>
  );
}

const FLAGS = [
  ['user_amount_enable', 'Donors may enter their own amount'],
  ['include_payment_fees', 'Offer to cover the payment fees'],
  ['gift_aid', 'Offer Gift Aid (UK taxpayers)'],
  ['collect_address', "Collect the donor's address"],
  ['team_fundraising', 'Team fundraising'],
] as const;

/** Name, address, type, status, goal and dates, currencies, texts, image and the form's options. */
export function DetailsSection(props: DetailsProps) {
  const { form, campaignId } = props;
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Details
      </Title>
      <NameAndUrl {...props} />
      <Money {...props} />
      <TextInput
        label="Call to action"
        description="A short line above the form, like 'Feed a family this spring'."
        {...form.getInputProps('call_to_action')}
      />
      <Textarea
        label="Description"
        description="HTML is allowed (paragraphs, links, lists); it is cleaned when saved."
        rows={5}
        resize="vertical"
        {...form.getInputProps('description')}
      />
      <ImageField
        label="Campaign image"
        purpose="campaign"
        campaignId={campaignId}
        value={form.values.image_url}
        onChange={(url) => form.setFieldValue('image_url', url)}
        error={form.errors.image_url}
      />
      <Stack gap="xs" role="group" aria-label="Form options">
        {FLAGS.map(([field, label]) => (
          <Checkbox key={field} label={label} {...form.getInputProps(field, { type: 'checkbox' })} />
        ))}
        {/* conv15: conversion features. */}
        <ConversionOptions form={form} />
      </Stack>
    </Stack>
  );
}
