import {
  CONTACT_TYPE_LABELS,
  CONTACT_TYPES,
  type TContactField,
  type TSegmentOptions,
  type TSegmentRuleInput,
} from '@kindling/contracts';
import { Group, NumberInput, Select, TextInput } from '@mantine/core';
import { MoneyBoundInput } from '../../../system/list/index.ts';

export type RuleChoices = {
  fields: TContactField[];
  team: Array<{ id: number; name: string }>;
  targets: TSegmentOptions | undefined;
  currency: string;
};

type Props = {
  rule: TSegmentRuleInput;
  label: string;
  error?: string;
  choices: RuleChoices;
  onChange: (rule: TSegmentRuleInput) => void;
};

const RECURRING = [
  { value: 'active', label: 'Active plan' },
  { value: 'past_due', label: 'Past due plan' },
  { value: 'none', label: 'No plan' },
];
const RETENTION = [
  { value: 'lybunt', label: 'LYBUNT: gave last year, not this year' },
  { value: 'sybunt', label: 'SYBUNT: gave some year before, not since' },
];

function CustomFieldValue({ rule, label, error, choices, onChange }: Props) {
  if (rule.field !== 'custom_field' || rule.operator === 'is_set' || rule.operator === 'is_not_set') return null;
  const field = choices.fields.find((f) => f.id === rule.field_id);
  const set = (value: string | number | boolean | null) => onChange({ ...rule, value });
  if (field?.field_type === 'choice')
    return (
      <Select
        label={label}
        data={field.options}
        value={String(rule.value ?? '')}
        onChange={(v) => set(v)}
        error={error}
      />
    );
  if (field?.field_type === 'yes_no')
    return (
      <Select
        label={label}
        data={[
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]}
        value={String(rule.value ?? true)}
        onChange={(v) => set(v === 'true')}
        error={error}
      />
    );
  if (field?.field_type === 'number')
    return (
      <NumberInput
        label={label}
        value={typeof rule.value === 'number' ? rule.value : ''}
        onChange={(v) => set(v === '' ? null : Number(v))}
        error={error}
      />
    );
  return (
    <TextInput
      label={label}
      type={field?.field_type === 'date' ? 'date' : 'text'}
      value={String(rule.value ?? '')}
      onChange={(e) => set(e.currentTarget.value)}
      error={error}
    />
  );
}

/** The value part of a rule: its input typed by the rule's field (and, for dates, its operator). */
export function RuleValue(props: Props) {
  const { rule, label, error, choices, onChange } = props;
  const whole = (v: string | number) => (typeof v === 'number' ? v : 0);
  switch (rule.field) {
    case 'contact_type':
      return (
        <Select
          label={label}
          data={CONTACT_TYPES.map((t) => ({ value: t, label: CONTACT_TYPE_LABELS[t] }))}
          value={rule.value}
          onChange={(v) => v && onChange({ ...rule, value: v as typeof rule.value })}
          allowDeselect={false}
        />
      );
    case 'tag':
    case 'text':
      if (rule.field === 'text' && rule.operator === 'is_empty') return null;
      return (
        <TextInput
          label={label}
          value={rule.value ?? ''}
          onChange={(e) => onChange({ ...rule, value: e.currentTarget.value })}
          error={error}
        />
      );
    case 'owner':
      if (rule.operator !== 'is') return null;
      return (
        <Select
          label={label}
          data={choices.team.map((m) => ({ value: String(m.id), label: m.name }))}
          value={rule.value ? String(rule.value) : null}
          onChange={(v) => onChange({ ...rule, value: v ? Number(v) : null })}
          error={error}
        />
      );
    case 'custom_field':
      return <CustomFieldValue {...props} />;
    case 'amount':
      return (
        <MoneyBoundInput
          label={label}
          value={rule.value}
          currency={choices.currency}
          currencyAt="inside"
          onCommit={(v) => onChange({ ...rule, value: v ?? 0 })}
        />
      );
    case 'gift_count':
    case 'top_lifetime':
      return (
        <NumberInput
          label={label}
          min={rule.field === 'top_lifetime' ? 1 : 0}
          value={rule.value}
          onChange={(v) => onChange({ ...rule, value: whole(v) })}
          error={error}
        />
      );
    case 'gift_date':
      return typeof rule.value === 'string' ? (
        <TextInput
          label={label}
          type="date"
          value={rule.value}
          onChange={(e) => onChange({ ...rule, value: e.currentTarget.value })}
          error={error}
        />
      ) : (
        <NumberInput
          label={`${label} (days)`}
          min={1}
          value={rule.value}
          onChange={(v) => onChange({ ...rule, value: whole(v) })}
          error={error}
        />
      );
    case 'giving_in_period':
      return (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label="Measure"
            data={[
              { value: 'total', label: 'Total given' },
              { value: 'count', label: 'Number of gifts' },
            ]}
            value={rule.measure}
            onChange={(v) => v && onChange({ ...rule, measure: v as 'total' | 'count' })}
            allowDeselect={false}
            w={150}
          />
          <TextInput
            label="From"
            type="date"
            value={rule.from}
            onChange={(e) => onChange({ ...rule, from: e.currentTarget.value })}
          />
          <TextInput
            label="To"
            type="date"
            value={rule.to}
            onChange={(e) => onChange({ ...rule, to: e.currentTarget.value })}
            error={error}
          />
          {rule.measure === 'total' ? (
            <MoneyBoundInput
              label={label}
              value={rule.value}
              currency={choices.currency}
              currencyAt="inside"
              onCommit={(v) => onChange({ ...rule, value: v ?? 0 })}
            />
          ) : (
            <NumberInput
              label={label}
              min={0}
              value={rule.value}
              onChange={(v) => onChange({ ...rule, value: whole(v) })}
              w={120}
            />
          )}
        </Group>
      );
    case 'recurring':
    case 'retention':
      return (
        <Select
          label={label}
          data={rule.field === 'recurring' ? RECURRING : RETENTION}
          value={rule.value}
          onChange={(v) => v && onChange({ ...rule, value: v } as TSegmentRuleInput)}
          allowDeselect={false}
        />
      );
    case 'campaign':
    case 'designation': {
      const data =
        rule.field === 'campaign'
          ? (choices.targets?.campaigns ?? []).map((c) => ({ value: String(c.id), label: c.name }))
          : (choices.targets?.designations ?? []).map((d) => ({
              value: String(d.id),
              label: `${d.name} (${d.campaign})`,
            }));
      return (
        <Select
          label={label}
          data={data}
          searchable
          value={rule.value ? String(rule.value) : null}
          onChange={(v) => onChange({ ...rule, value: v ? Number(v) : 0 })}
          error={error}
        />
      );
    }
    // crm20: RFM score, membership and event attendance.
    case 'rfm':
      return (
        <NumberInput
          label={label}
          min={3}
          max={15}
          value={rule.value}
          onChange={(v) => onChange({ ...rule, value: whole(v) })}
          error={error}
        />
      );
    case 'membership':
    case 'event': {
      const any = rule.field === 'membership' ? 'Any tier' : 'Any event';
      const items = (rule.field === 'membership' ? choices.targets?.tiers : choices.targets?.events) ?? [];
      return (
        <Select
          label={label}
          data={[{ value: 'any', label: any }, ...items.map((t) => ({ value: String(t.id), label: t.name }))]}
          searchable
          allowDeselect={false}
          value={rule.value ? String(rule.value) : 'any'}
          onChange={(v) => onChange({ ...rule, value: v && v !== 'any' ? Number(v) : null })}
          error={error}
        />
      );
    }
    default:
      return null;
  }
}
