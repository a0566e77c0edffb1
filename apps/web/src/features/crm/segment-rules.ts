import type { TContactField, TSegmentRuleInput } from '@kindling/contracts';

// The rule builder's catalogue: one entry per field a rule can read (a custom field per field the
// organisation defined), with its label, its operators' wording and the rule a new row starts from.

export type RuleKey = string;
type Option = { value: string; label: string };

const TEXT_NAMES: Record<string, string> = {
  name: 'Name',
  email: 'E-mail',
  city: 'City',
  postal_code: 'Postcode',
  country: 'Country',
  employer: 'Employer',
  source: 'Source',
};

export const OPERATOR_LABELS: Record<string, string> = {
  is: 'is',
  is_not: 'is not',
  has: 'has',
  has_not: 'does not have',
  is_set: 'is set',
  is_not_set: 'is not set',
  contains: 'contains',
  is_empty: 'is empty',
  at_least: 'is at least',
  at_most: 'is at most',
  before: 'is before',
  on_or_after: 'is on or after',
  in_last_days: 'is within the last … days',
  not_in_last_days: 'is more than … days ago',
  gave_to: 'gave to',
  not_gave_to: 'never gave to',
  top: 'top',
  // crm20: membership and event attendance.
  is_member: 'is an active member of',
  is_not_member: 'is not an active member of',
  bought_for: 'bought a ticket for',
  not_bought_for: 'bought no ticket for',
};

/** The key of the catalogue entry a rule belongs to. */
export function keyOf(rule: TSegmentRuleInput): RuleKey {
  switch (rule.field) {
    case 'text':
    case 'amount':
    case 'gift_date':
      return `${rule.field}:${rule.name}`;
    case 'custom_field':
      return `custom_field:${rule.field_id}`;
    default:
      return rule.field;
  }
}

type Entry = { key: RuleKey; label: string; group: string; operators: string[]; start: () => TSegmentRuleInput };

const today = () => new Date().toISOString().slice(0, 10);
const yearAgo = () => new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);

function customEntries(fields: TContactField[]): Entry[] {
  const operatorsOf: Record<string, string[]> = {
    text: ['is', 'is_not', 'contains', 'is_set', 'is_not_set'],
    number: ['is', 'is_not', 'at_least', 'at_most', 'is_set', 'is_not_set'],
    date: ['is', 'is_not', 'at_least', 'at_most', 'is_set', 'is_not_set'],
    choice: ['is', 'is_not', 'is_set', 'is_not_set'],
    yes_no: ['is', 'is_not', 'is_set', 'is_not_set'],
  };
  return fields.map((f) => ({
    key: `custom_field:${f.id}`,
    label: f.label,
    group: 'Custom fields',
    operators: operatorsOf[f.field_type] ?? ['is'],
    start: () => ({
      field: 'custom_field',
      field_id: f.id,
      operator: 'is',
      value: f.field_type === 'yes_no' ? true : f.field_type === 'choice' ? (f.options[0] ?? '') : '',
    }),
  }));
}

/** Every field a rule can read, for the organisation's custom fields. */
export function ruleCatalogue(fields: TContactField[]): Entry[] {
  const contact = 'Contact';
  const giving = 'Giving';
  return [
    {
      key: 'contact_type',
      label: 'Type',
      group: contact,
      operators: ['is', 'is_not'],
      start: () => ({ field: 'contact_type', operator: 'is', value: 'individual' }),
    },
    {
      key: 'tag',
      label: 'Tag',
      group: contact,
      operators: ['has', 'has_not'],
      start: () => ({ field: 'tag', operator: 'has', value: '' }),
    },
    {
      key: 'household',
      label: 'Household',
      group: contact,
      operators: ['is_set', 'is_not_set'],
      start: () => ({ field: 'household', operator: 'is_set' }),
    },
    {
      key: 'owner',
      label: 'Owner',
      group: contact,
      operators: ['is', 'is_not_set'],
      start: () => ({ field: 'owner', operator: 'is', value: null }),
    },
    ...Object.entries(TEXT_NAMES).map(
      ([name, label]): Entry => ({
        key: `text:${name}`,
        label,
        group: contact,
        operators: ['contains', 'is', 'is_empty'],
        start: () => ({ field: 'text', name: name as 'name', operator: 'contains', value: '' }),
      }),
    ),
    ...customEntries(fields),
    {
      key: 'amount:lifetime_total',
      label: 'Lifetime total',
      group: giving,
      operators: ['at_least', 'at_most'],
      start: () => ({ field: 'amount', name: 'lifetime_total', operator: 'at_least', value: 10_000 }),
    },
    {
      key: 'amount:largest_gift',
      label: 'Largest gift',
      group: giving,
      operators: ['at_least', 'at_most'],
      start: () => ({ field: 'amount', name: 'largest_gift', operator: 'at_least', value: 10_000 }),
    },
    {
      key: 'gift_count',
      label: 'Number of gifts',
      group: giving,
      operators: ['at_least', 'at_most'],
      start: () => ({ field: 'gift_count', operator: 'at_least', value: 2 }),
    },
    {
      key: 'gift_date:first_gift',
      label: 'First gift',
      group: giving,
      operators: ['before', 'on_or_after', 'in_last_days', 'not_in_last_days'],
      start: () => ({ field: 'gift_date', name: 'first_gift', operator: 'in_last_days', value: 365 }),
    },
    {
      key: 'gift_date:last_gift',
      label: 'Last gift',
      group: giving,
      operators: ['before', 'on_or_after', 'in_last_days', 'not_in_last_days'],
      start: () => ({ field: 'gift_date', name: 'last_gift', operator: 'not_in_last_days', value: 365 }),
    },
    {
      key: 'giving_in_period',
      label: 'Giving in a period',
      group: giving,
      operators: ['at_least', 'at_most'],
      start: () => ({
        field: 'giving_in_period',
        from: yearAgo(),
        to: today(),
        measure: 'total',
        operator: 'at_least',
        value: 10_000,
      }),
    },
    {
      key: 'recurring',
      label: 'Recurring status',
      group: giving,
      operators: ['is'],
      start: () => ({ field: 'recurring', operator: 'is', value: 'active' }),
    },
    {
      key: 'campaign',
      label: 'Campaign',
      group: giving,
      operators: ['gave_to', 'not_gave_to'],
      start: () => ({ field: 'campaign', operator: 'gave_to', value: 0 }),
    },
    {
      key: 'designation',
      label: 'Designation',
      group: giving,
      operators: ['gave_to', 'not_gave_to'],
      start: () => ({ field: 'designation', operator: 'gave_to', value: 0 }),
    },
    {
      key: 'retention',
      label: 'Retention (LYBUNT / SYBUNT)',
      group: giving,
      operators: ['is'],
      start: () => ({ field: 'retention', operator: 'is', value: 'lybunt' }),
    },
    {
      key: 'top_lifetime',
      label: 'Top donors by lifetime total',
      group: giving,
      operators: ['top'],
      start: () => ({ field: 'top_lifetime', operator: 'top', value: 100 }),
    },
    // crm20: RFM score, membership and event attendance.
    {
      key: 'rfm',
      label: 'RFM score (3 to 15)',
      group: giving,
      operators: ['at_least', 'at_most'],
      start: () => ({ field: 'rfm', operator: 'at_least', value: 12 }),
    },
    {
      key: 'membership',
      label: 'Membership',
      group: 'Engagement',
      operators: ['is_member', 'is_not_member'],
      start: () => ({ field: 'membership', operator: 'is_member', value: null }),
    },
    {
      key: 'event',
      label: 'Event attendance',
      group: 'Engagement',
      operators: ['bought_for', 'not_bought_for'],
      start: () => ({ field: 'event', operator: 'bought_for', value: null }),
    },
  ];
}

/** The catalogue as grouped options of a select. */
export const fieldOptions = (entries: Entry[]): Array<{ group: string; items: Option[] }> =>
  [...new Set(entries.map((e) => e.group))].map((group) => ({
    group,
    items: entries.filter((e) => e.group === group).map((e) => ({ value: e.key, label: e.label })),
  }));

/** A rule with another operator; a date rule's value switches between a day and a number of days. */
export function withOperator(rule: TSegmentRuleInput, operator: string): TSegmentRuleInput {
  if (rule.field === 'gift_date') {
    const wantsDay = operator === 'before' || operator === 'on_or_after';
    const value = wantsDay === (typeof rule.value === 'string') ? rule.value : wantsDay ? today() : 365;
    return { ...rule, operator: operator as typeof rule.operator, value };
  }
  return { ...rule, operator } as TSegmentRuleInput;
}
