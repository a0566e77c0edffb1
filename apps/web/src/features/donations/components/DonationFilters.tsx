import { DONATION_STATUSES, GIVING_INTERVALS, INTERVAL_LABELS, type TDonationFilterOptions } from '@kindling/contracts';
import {
  Button,
  Collapse,
  Group,
  MultiSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { MoneyBoundInput } from '../../../system/list/index.ts';
import { activeFilterCount, type DonationListState, type ListKey } from '../list-params.ts';
import { DONATION_STATUS_LABELS } from './DonationsTable.tsx';

type Props = {
  state: DonationListState;
  options: TDonationFilterOptions | undefined;
  /** Phones show the filters behind a button. */
  collapsible: boolean;
  onChange: (patch: Partial<DonationListState>) => void;
  onClear: () => void;
};

const METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  paypal: 'PayPal',
  us_bank_account: 'US bank account',
  sepa_debit: 'SEPA debit',
  cash: 'Cash',
  cheque: 'Cheque',
  bank_transfer: 'Bank transfer',
  in_kind: 'In kind',
};
export const methodLabel = (method: string) => METHOD_LABELS[method] ?? method;

/** Every filter of the list; each change is applied at once (and written to the URL by the page). */
function FilterFields({ state, options, onChange }: Omit<Props, 'collapsible' | 'onClear'>) {
  const baseCurrency = options?.base_currency ?? 'USD';
  const multi = (key: ListKey, label: string, data: Array<{ value: string; label: string }>) => (
    <MultiSelect
      label={label}
      placeholder={state[key].length === 0 ? 'Any' : undefined}
      data={data}
      value={state[key] as string[]}
      onChange={(value) => onChange({ [key]: value } as Partial<DonationListState>)}
      clearable
      searchable
      comboboxProps={{ withinPortal: true }}
    />
  );
  const values = (list: string[] | undefined, label: (v: string) => string = (v) => v) =>
    (list ?? []).map((v) => ({ value: v, label: label(v) }));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
      <TextInput
        type="date"
        label="From"
        value={state.date_from ?? ''}
        max={state.date_to ?? undefined}
        onChange={(e) => onChange({ date_from: e.currentTarget.value || null })}
      />
      <TextInput
        type="date"
        label="To"
        value={state.date_to ?? ''}
        min={state.date_from ?? undefined}
        onChange={(e) => onChange({ date_to: e.currentTarget.value || null })}
      />
      {multi(
        'campaign_id',
        'Campaign',
        (options?.campaigns ?? []).map((c) => ({ value: String(c.id), label: c.name })),
      )}
      {multi(
        'status',
        'Status',
        DONATION_STATUSES.map((s) => ({ value: s, label: DONATION_STATUS_LABELS[s] })),
      )}
      {multi('payment_method', 'Payment method', values(options?.payment_methods, methodLabel))}
      {multi(
        'interval',
        'Interval',
        GIVING_INTERVALS.map((i) => ({ value: i, label: INTERVAL_LABELS[i] })),
      )}
      {multi('currency', 'Currency', values(options?.currencies))}
      {multi('designation', 'Designation', values(options?.designations))}
      <MoneyBoundInput
        label="Amount from"
        value={state.amount_min}
        currency={baseCurrency}
        onCommit={(amount_min) => onChange({ amount_min })}
      />
      <MoneyBoundInput
        label="Amount to"
        value={state.amount_max}
        currency={baseCurrency}
        onCommit={(amount_max) => onChange({ amount_max })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="gift-aid-filter">
          Gift Aid
        </Text>
        <SegmentedControl
          aria-labelledby="gift-aid-filter"
          value={state.gift_aid ?? 'any'}
          onChange={(v) => onChange({ gift_aid: v === 'yes' || v === 'no' ? v : null })}
          data={[
            { value: 'any', label: 'Any' },
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
        />
      </Stack>
    </SimpleGrid>
  );
}

/** The filter bar: always open on wide screens, behind a 'Filters (n)' button on phones. */
export function DonationFilters({ state, options, collapsible, onChange, onClear }: Props) {
  const active = activeFilterCount(state);
  const [open, setOpen] = useState(false);
  const clear =
    active > 0 || state.search ? (
      <Button variant="subtle" size="xs" onClick={onClear}>
        Clear filters
      </Button>
    ) : null;
  if (!collapsible) {
    return (
      <Stack gap="xs">
        <FilterFields state={state} options={options} onChange={onChange} />
        {clear ? <Group justify="flex-end">{clear}</Group> : null}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Button
          variant="light"
          size="xs"
          leftSection={<SlidersHorizontal size={14} aria-hidden />}
          aria-expanded={open}
          aria-controls="donation-filters"
          onClick={() => setOpen((o) => !o)}
        >
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </Button>
        {clear}
      </Group>
      <Collapse expanded={open} id="donation-filters">
        <FilterFields state={state} options={options} onChange={onChange} />
      </Collapse>
    </Stack>
  );
}
