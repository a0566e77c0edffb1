import type { TGivingYearSetting } from '@kindling/contracts';
import { MONTH_NAMES } from '@kindling/contracts/giving-year-rules.ts';
import { Select, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { donorKeys, saveGivingYear } from '../api/donors.queries.ts';

const OPTIONS = MONTH_NAMES.map((name, i) => ({
  value: String(i + 1),
  label: i === 0 ? 'Calendar year (January)' : `Fiscal year from ${name}`,
}));

/**
 * The organisation's giving year, which LYBUNT, SYBUNT and statements follow. Admin-type roles
 * change it here; others see it as text.
 */
export function GivingYearSelect({ setting, canEdit }: { setting: TGivingYearSetting; canEdit: boolean }) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (month: number) => saveGivingYear(month),
    onSuccess: () => client.invalidateQueries({ queryKey: donorKeys.all }),
  });
  if (!canEdit) {
    return (
      <Text size="sm" c="dimmed">
        Giving year: {OPTIONS[setting.fiscal_year_start_month - 1]?.label} · now {setting.current_label}
      </Text>
    );
  }
  return (
    <Select
      label="Giving year"
      description={`Now: ${setting.current_label}`}
      data={OPTIONS}
      value={String(setting.fiscal_year_start_month)}
      allowDeselect={false}
      disabled={save.isPending}
      error={save.error?.message}
      onChange={(v) => v && save.mutate(Number(v))}
      maw={280}
      size="xs"
    />
  );
}
