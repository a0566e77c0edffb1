import type { TContactField, TCustomFieldValue } from '@kindling/contracts';
import { NumberInput, Select, TextInput } from '@mantine/core';

type Props = {
  fields: TContactField[];
  values: Record<string, TCustomFieldValue>;
  errors: Record<string, string>;
  onChange: (id: number, value: TCustomFieldValue) => void;
};

/** One input per organisation-defined field, of the field's type. */
export function CustomFieldInputs({ fields, values, errors, onChange }: Props) {
  return fields.map((f) => {
    const value = values[String(f.id)] ?? null;
    const error = errors[`custom_fields.${f.id}`];
    switch (f.field_type) {
      case 'number':
        return (
          <NumberInput
            key={f.id}
            label={f.label}
            value={typeof value === 'number' ? value : ''}
            error={error}
            onChange={(v) => onChange(f.id, typeof v === 'number' ? v : null)}
          />
        );
      case 'choice':
      case 'yes_no':
        return (
          <Select
            key={f.id}
            label={f.label}
            clearable
            error={error}
            value={
              f.field_type === 'yes_no' ? (value === null ? null : value ? 'Yes' : 'No') : (value as string | null)
            }
            data={f.field_type === 'yes_no' ? ['Yes', 'No'] : f.options}
            onChange={(v) => onChange(f.id, f.field_type === 'yes_no' ? (v === null ? null : v === 'Yes') : v)}
          />
        );
      default:
        return (
          <TextInput
            key={f.id}
            label={f.label}
            type={f.field_type === 'date' ? 'date' : 'text'}
            value={(value as string | null) ?? ''}
            error={error}
            onChange={(e) => onChange(f.id, e.currentTarget.value || null)}
          />
        );
    }
  });
}
