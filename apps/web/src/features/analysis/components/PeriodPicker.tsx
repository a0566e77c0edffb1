import { Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { PeriodRange } from '../api/analysis.queries.ts';
import { isPreset, PERIOD_PRESETS, type PeriodPreset } from '../period-presets.ts';

type Props = {
  preset: PeriodPreset;
  period: PeriodRange;
  onPreset: (preset: PeriodPreset) => void;
  onCustom: (period: PeriodRange) => void;
};

/** A preset period, or a custom range of whole days picked in a calendar. */
export function PeriodPicker({ preset, period, onPreset, onCustom }: Props) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Period"
        data={PERIOD_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
        value={preset}
        onChange={(value) => isPreset(value) && onPreset(value)}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
      />
      {preset === 'custom' && (
        <DatePickerInput
          type="range"
          label="Dates"
          value={[period.from, period.to]}
          onChange={([from, to]) => {
            if (from && to) onCustom({ from: from.slice(0, 10), to: to.slice(0, 10) });
          }}
          allowSingleDateInRange
          maxDate={new Date()}
          w={{ base: '100%', xs: 280 }}
        />
      )}
    </Group>
  );
}
