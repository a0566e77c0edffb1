import {
  INCOME_GROUPING_LABELS,
  INCOME_GROUPINGS,
  type TDonationFilterOptions,
  type TSegment,
} from '@kindling/contracts';
import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { methodName } from '../../analysis/index.ts';
import type { IncomeFilters } from '../api/reports.queries.ts';
import { isReportPeriod, REPORT_PERIODS, type ReportPeriod } from './report-period.ts';

type Props = {
  period: ReportPeriod;
  filters: IncomeFilters;
  options?: TDonationFilterOptions;
  segments: TSegment[];
  onPeriod: (period: ReportPeriod) => void;
  onRange: (from: string, to: string) => void;
  onChange: (patch: Partial<IncomeFilters>) => void;
  /** Only the income report is grouped; the other reports have their own lines. */
  grouping?: boolean;
  /** The reconciliation report: period and one currency only (a payout mixes every campaign and method). */
  payouts?: boolean;
};

/** Period, grouping and the filters the donations list has (campaign, designation, method, currency), plus a segment. */
export function IncomeFiltersBar({
  period,
  filters,
  options,
  segments,
  onPeriod,
  onRange,
  onChange,
  grouping = true,
  payouts = false,
}: Props) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Select
        label="Period"
        data={REPORT_PERIODS.map((p) => ({ value: p.value, label: p.label }))}
        value={period}
        onChange={(value) => isReportPeriod(value) && onPeriod(value)}
        allowDeselect={false}
      />
      {period === 'custom' && (
        <DatePickerInput
          type="range"
          label="Dates"
          value={[filters.from ?? null, filters.to ?? null]}
          onChange={([from, to]) => {
            if (from && to) onRange(from.slice(0, 10), to.slice(0, 10));
          }}
          allowSingleDateInRange
        />
      )}
      {grouping && (
        <Select
          label="Group by"
          data={INCOME_GROUPINGS.map((g) => ({ value: g, label: INCOME_GROUPING_LABELS[g] }))}
          value={filters.group_by}
          onChange={(value) => value && onChange({ group_by: value })}
          allowDeselect={false}
        />
      )}
      {payouts ? (
        <Select
          label="Currency"
          placeholder="Base currency"
          description="A payout is paid in one currency."
          data={options?.currencies ?? []}
          value={filters.currency[0] ?? null}
          onChange={(value) => onChange({ currency: value ? [value] : [] })}
          clearable
        />
      ) : (
        <>
          <MultiSelect
            label="Campaigns"
            placeholder={filters.campaign_id.length ? undefined : 'All campaigns'}
            data={(options?.campaigns ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={filters.campaign_id}
            onChange={(campaign_id) => onChange({ campaign_id })}
            searchable
            clearable
          />
          <MultiSelect
            label="Designations"
            placeholder={filters.designation.length ? undefined : 'All designations'}
            data={options?.designations ?? []}
            value={filters.designation}
            onChange={(designation) => onChange({ designation })}
            clearable
          />
          <MultiSelect
            label="Payment methods"
            placeholder={filters.payment_method.length ? undefined : 'All methods'}
            data={(options?.payment_methods ?? []).map((m) => ({ value: m, label: methodName(m) }))}
            value={filters.payment_method}
            onChange={(payment_method) => onChange({ payment_method })}
            clearable
          />
          <MultiSelect
            label="Currencies"
            placeholder={filters.currency.length ? undefined : 'All currencies'}
            data={options?.currencies ?? []}
            value={filters.currency}
            onChange={(currency) => onChange({ currency })}
            clearable
          />
          <Select
            label="Segment"
            placeholder="All donors"
            data={segments.map((s) => ({ value: String(s.id), label: s.name }))}
            value={filters.segment_id ?? null}
            onChange={(value) => onChange({ segment_id: value ?? undefined })}
            clearable
          />
        </>
      )}
    </SimpleGrid>
  );
}
