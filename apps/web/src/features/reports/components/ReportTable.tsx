import type { TTableColumn, TTableReport } from '@kindling/contracts';
import { Table, Text } from '@mantine/core';
import { useFormat } from '../../../shared/format.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';

type Cell = string | number | null | undefined;

/** A cell as the page shows it: money in the report's currency, counts and percents in the locale. */
export function useCellText(currency: string) {
  const format = useFormat();
  return (column: TTableColumn, value: Cell): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'string') return column.kind === 'date' ? format.date(`${value}T12:00:00Z`) : value;
    if (column.kind === 'money') return format.money(value, currency);
    if (column.kind === 'percent') return format.percent(value, 100);
    return format.count(value);
  };
}

/**
 * Every line of a table report and its total line (the same figures as the downloads); `columns`, a
 * saved report's choice (docs/product/reports.md#saved-reports), keeps those after the first.
 */
export function ReportTable({ report: whole, columns = [] }: { report: TTableReport; columns?: string[] }) {
  const [head, ...others] = whole.columns;
  const kept = columns.flatMap((key) => others.filter((c) => c.key === key));
  const report = head && kept.length ? { ...whole, columns: [head, ...kept] } : whole;
  const text = useCellText(report.currency);
  const align = (c: TTableColumn) => (c.kind === 'text' || c.kind === 'date' ? 'left' : 'right');
  const [first, ...rest] = report.columns;
  if (!first) return null;
  return (
    <>
      <ScrollTable label={`${report.title} lines`} minWidth={report.columns.length * 130}>
        <Table striped highlightOnHover aria-label={report.title} stickyHeader>
          <Table.Thead>
            <Table.Tr>
              {report.columns.map((c) => (
                <Table.Th key={c.key} scope="col" ta={align(c)}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th scope="row" fw={400}>
                  {text(first, row.cells[first.key])}
                </Table.Th>
                {rest.map((c) => (
                  <Table.Td key={c.key} ta={align(c)}>
                    {text(c, row.cells[c.key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {report.totals && (
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Th scope="row">{text(first, report.totals[first.key])}</Table.Th>
                {rest.map((c) => (
                  <Table.Td key={c.key} ta={align(c)}>
                    {report.totals?.[c.key] === null ? '' : text(c, report.totals?.[c.key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </ScrollTable>
      <Text size="xs" c="dimmed">
        {report.note}
      </Text>
    </>
  );
}
