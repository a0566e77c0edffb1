import { Button, Collapse, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { MoneyBoundInput } from '../../../system/list/index.ts';
import { activeDonorFilters, type DonorListState } from '../list-params.ts';

type Props = {
  state: DonorListState;
  currency: string;
  collapsible: boolean;
  onChange: (patch: Partial<DonorListState>) => void;
  onClear: () => void;
};

export function DonorFilters({ state, currency, collapsible, onChange, onClear }: Props) {
  const active = activeDonorFilters(state);
  const [open, setOpen] = useState(!collapsible || active > 0);
  const fields = (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      <Select
        label="Recurring"
        placeholder="Any"
        clearable
        value={state.recurring}
        data={[
          { value: 'active', label: 'Active plan' },
          { value: 'past_due', label: 'Past due' },
          { value: 'none', label: 'No plan' },
        ]}
        onChange={(v) => onChange({ recurring: (v as DonorListState['recurring']) ?? null })}
      />
      <Select
        label="Retention"
        placeholder="Any"
        clearable
        value={state.retention}
        data={[
          { value: 'lybunt', label: 'LYBUNT: gave last year, not this year' },
          { value: 'sybunt', label: 'SYBUNT: gave some year, not last or this year' },
        ]}
        onChange={(v) => onChange({ retention: (v as DonorListState['retention']) ?? null })}
      />
      <Group grow gap="xs" align="flex-start">
        <TextInput
          type="date"
          label="Gave from"
          value={state.gave_from ?? ''}
          max={state.gave_to ?? undefined}
          onChange={(e) => onChange({ gave_from: e.currentTarget.value || null })}
        />
        <TextInput
          type="date"
          label="Gave to"
          value={state.gave_to ?? ''}
          min={state.gave_from ?? undefined}
          onChange={(e) => onChange({ gave_to: e.currentTarget.value || null })}
        />
      </Group>
      <Group grow gap="xs" align="flex-start">
        <MoneyBoundInput
          label="Lifetime from"
          value={state.min_total_minor}
          currency={currency}
          currencyAt="inside"
          onCommit={(min_total_minor) => onChange({ min_total_minor })}
        />
        <MoneyBoundInput
          label="Lifetime to"
          value={state.max_total_minor}
          currency={currency}
          currencyAt="inside"
          onCommit={(max_total_minor) => onChange({ max_total_minor })}
        />
      </Group>
    </SimpleGrid>
  );
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {collapsible ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<SlidersHorizontal size={14} aria-hidden />}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            Filters{active > 0 ? ` (${active})` : ''}
          </Button>
        ) : null}
        {active > 0 ? (
          <Button variant="subtle" size="xs" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
      </Group>
      {collapsible ? <Collapse expanded={open}>{fields}</Collapse> : fields}
    </Stack>
  );
}
