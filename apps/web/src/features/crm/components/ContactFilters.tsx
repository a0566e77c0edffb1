import { CONTACT_COLUMNS, CONTACT_TYPE_LABELS, CONTACT_TYPES, type TContactOptions } from '@kindling/contracts';
import { Button, Collapse, Group, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { activeContactFilters, type ContactListState } from '../list-params.ts';

const COLUMN_LABELS: Record<(typeof CONTACT_COLUMNS)[number], string> = {
  email: 'E-mail',
  type: 'Type',
  tags: 'Tags',
  owner: 'Owner',
  household: 'Household',
  lifetime_total: 'Lifetime total',
  last_gift: 'Last gift',
  custom_fields: 'Custom fields',
};

type Props = {
  state: ContactListState;
  options: TContactOptions | undefined;
  collapsible: boolean;
  onChange: (patch: Partial<ContactListState>) => void;
  onClear: () => void;
};

/** Type, tag, owner and custom field filters, and the columns shown. */
export function ContactFilters({ state, options, collapsible, onChange, onClear }: Props) {
  const active = activeContactFilters(state);
  const [open, setOpen] = useState(!collapsible || active > 0);
  const field = options?.fields.find((f) => f.id === state.field_id);
  const fields = (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      <Select
        label="Type"
        placeholder="Any"
        clearable
        value={state.type}
        data={CONTACT_TYPES.map((t) => ({ value: t, label: CONTACT_TYPE_LABELS[t] }))}
        onChange={(v) => onChange({ type: (v as ContactListState['type']) ?? null, view: null })}
      />
      <TextInput
        label="Tag"
        placeholder="Any"
        defaultValue={state.tag ?? ''}
        key={`tag-${state.tag ?? ''}`}
        onBlur={(e) => onChange({ tag: e.currentTarget.value.trim() || null, view: null })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange({ tag: e.currentTarget.value.trim() || null, view: null });
        }}
      />
      <Select
        label="Owner"
        placeholder="Anyone"
        clearable
        value={state.owner}
        data={[
          { value: 'none', label: 'No owner' },
          ...(options?.team ?? []).map((m) => ({ value: String(m.id), label: m.name })),
        ]}
        onChange={(v) => onChange({ owner: v, view: null })}
      />
      <Select
        label="Custom field"
        placeholder="None"
        clearable
        value={state.field_id === null ? null : String(state.field_id)}
        data={(options?.fields ?? []).map((f) => ({ value: String(f.id), label: f.label }))}
        onChange={(v) => onChange({ field_id: v ? Number(v) : null, field_value: null, view: null })}
      />
      {field?.field_type === 'choice' || field?.field_type === 'yes_no' ? (
        <Select
          label={`${field.label} is`}
          clearable
          value={state.field_value}
          data={field.field_type === 'yes_no' ? ['Yes', 'No'] : field.options}
          onChange={(v) => onChange({ field_value: v, view: null })}
        />
      ) : field ? (
        <TextInput
          label={`${field.label} is`}
          defaultValue={state.field_value ?? ''}
          key={`fv-${state.field_id}`}
          onBlur={(e) => onChange({ field_value: e.currentTarget.value.trim() || null, view: null })}
        />
      ) : null}
      <MultiSelect
        label="Columns"
        value={state.columns}
        data={CONTACT_COLUMNS.map((c) => ({ value: c, label: COLUMN_LABELS[c] }))}
        onChange={(v) => onChange({ columns: v as ContactListState['columns'] })}
      />
    </SimpleGrid>
  );
  return (
    <Stack gap="xs">
      {collapsible ? (
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<SlidersHorizontal size={14} aria-hidden />}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
          >
            Filters{active > 0 ? ` (${active})` : ''}
          </Button>
        </Group>
      ) : null}
      {collapsible ? <Collapse expanded={open}>{fields}</Collapse> : fields}
      {active > 0 ? (
        <Group>
          <Button variant="subtle" size="xs" onClick={onClear}>
            Clear filters
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
