import { TABLE_REPORT_NAMES, TABLE_REPORTS, type TTableReportName } from '@kindling/contracts';
import { Button, Group } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';

export type ReportName = 'income' | TTableReportName;

export const REPORT_CHOICES: { name: ReportName; label: string }[] = [
  { name: 'income', label: 'Income' },
  ...TABLE_REPORT_NAMES.map((name) => ({ name, label: TABLE_REPORTS[name].title })),
];

export const isReportName = (value: unknown): value is ReportName => REPORT_CHOICES.some((r) => r.name === value);

/**
 * The reports centre's list of reports (docs/product/reports.md): links that change `report` in
 * the address and keep the filters, so a report can be shared and reloaded; the view is the new
 * report's first.
 */
export function ReportPicker({ current }: { current: ReportName }) {
  const [params] = useSearchParams();
  const hrefOf = (name: ReportName) => {
    const next = new URLSearchParams(params);
    next.delete('view');
    // sr23: a saved report's columns belong to its own report.
    next.delete('columns');
    next.delete('saved');
    if (name === 'income') next.delete('report');
    else next.set('report', name);
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  return (
    <nav aria-label="Reports">
      <Group gap="xs" wrap="wrap">
        {REPORT_CHOICES.map(({ name, label }) => (
          <Button
            key={name}
            component={Link}
            to={hrefOf(name)}
            replace
            size="sm"
            variant={name === current ? 'filled' : 'default'}
            aria-current={name === current ? 'page' : undefined}
          >
            {label}
          </Button>
        ))}
      </Group>
    </nav>
  );
}
