import { CONTACT_MESSAGES, type TCustomFieldValue } from '@kindling/contracts';
import type { FieldRow } from './contact-settings.repository.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) =>
  DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** A value of the field's type, or the message saying what the field takes. */
function checkValue(
  field: FieldRow,
  value: Exclude<TCustomFieldValue, null>,
): { value: TCustomFieldValue } | { error: string } {
  switch (field.field_type) {
    case 'number': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : Number.NaN;
      return Number.isFinite(n) ? { value: n } : { error: CONTACT_MESSAGES.number };
    }
    case 'date':
      return typeof value === 'string' && isDay(value) ? { value } : { error: CONTACT_MESSAGES.date };
    case 'choice':
      return typeof value === 'string' && field.options.includes(value)
        ? { value }
        : { error: CONTACT_MESSAGES.choice };
    case 'yes_no':
      return typeof value === 'boolean' ? { value } : { error: CONTACT_MESSAGES.yesNo };
    default:
      return typeof value === 'string' && value.length <= 500
        ? { value: value.trim() }
        : { error: CONTACT_MESSAGES.text };
  }
}

/**
 * The organisation's custom field values of a contact, each checked against its field's type;
 * errors are keyed `custom_fields.<id>` for the form. Null or '' leaves the field empty.
 */
export function checkCustomFields(
  fields: FieldRow[],
  input: Record<string, TCustomFieldValue>,
): { values: Record<string, TCustomFieldValue>; errors: Record<string, string> } {
  const values: Record<string, TCustomFieldValue> = {};
  const errors: Record<string, string> = {};
  for (const [id, raw] of Object.entries(input)) {
    const field = fields.find((f) => String(f.id) === id);
    if (!field) {
      errors[`custom_fields.${id}`] = CONTACT_MESSAGES.fieldNotFound;
      continue;
    }
    if (raw === null || raw === '') continue;
    const checked = checkValue(field, raw);
    if ('error' in checked) errors[`custom_fields.${id}`] = `${field.label}: ${checked.error}`;
    else values[id] = checked.value;
  }
  return { values, errors };
}

/** A list filter's text value as the field stores it (a number, a yes/no), for an exact match. */
export function typedFilterValue(field: FieldRow, text: string): string | number | boolean {
  if (field.field_type === 'number' && Number.isFinite(Number(text))) return Number(text);
  if (field.field_type === 'yes_no') return ['yes', 'true', '1'].includes(text.toLowerCase());
  return text;
}
