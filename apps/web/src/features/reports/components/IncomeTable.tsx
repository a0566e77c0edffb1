import { INCOME_GROUPING_LABELS, type TIncomeFigures, type TIncomeReport } from '@kindling/contracts';
import { Table } from '@mantine/core';
import { useFormat } from '../../../shared/format.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';

type MoneyKey = Exclude<keyof TIncomeFigures, 'gifts'>;

const ALL_MONEY_COLUMNS: { key: MoneyKey; header: string }[] = [
  { key: 'gross', header: 'Gross' },
  { key: 'fee_covered', header: 'Fees covered by donors' },
  { key: 'refunds', header: 'Refunds' },
  { key: 'disputes', header: 'Disputes' },
  { key: 'net', header: 'Net' },
  { key: 'platform_fees', header: 'Platform fees' },
  { key: 'net_after_fees', header: 'Net after fees' },
];

/** Every line of the report and the total line (the same figures as the downloads). */
export function IncomeTable({
  report,
  labelOf,
  columns = [],
}: {
  report: TIncomeReport;
  labelOf: (row: TIncomeReport['rows'][number]) => string;
  /** A saved report's chosen columns (docs/product/reports.md#saved-reports); none: all. */
  columns?: string[];
}) {
  const format = useFormat();
  const shows = (key: string) => columns.length === 0 || columns.includes(key);
  const MONEY_COLUMNS = ALL_MONEY_COLUMNS.filter((c) => shows(c.key));
  const money = (minor: number) => format.money(minor, report.currency);
  const cells = (f: TIncomeFigures) => (
    <>
      {shows('gifts') && <Table.Td ta="right">{format.count(f.gifts)}</Table.Td>}
      {MONEY_COLUMNS.map((c) => (
        <Table.Td key={c.key} ta="right">
          {money(f[c.key])}
        </Table.Td>
      ))}
    </>
  );
  return (
    <ScrollTable label="Income lines" minWidth={900}>
      <Table striped highlightOnHover aria-label="Income" stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{INCOME_GROUPING_LABELS[report.group_by]}</Table.Th>
            {shows('gifts') && (
              <Table.Th scope="col" ta="right">
                Gifts
              </Table.Th>
            )}
            {MONEY_COLUMNS.map((c) => (
              <Table.Th key={c.key} scope="col" ta="right">
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={400} style={{ whiteSpace: 'nowrap' }}>
                {labelOf(row)}
              </Table.Th>
              {cells(row)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">Total</Table.Th>
            {cells(report.totals)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollTable>
  );
}
