// The shape every table report answers (packages/contracts/src/table-reports.ts): typed columns, one
// cells record per line, and a total line that adds counts and money exactly, in integers.
import type { TTableColumn, TTableReportRow } from '@kindling/contracts';

export type Cells = TTableReportRow['cells'];

export const text = (key: string, label: string): TTableColumn => ({ key, label, kind: 'text' });
export const count = (key: string, label: string): TTableColumn => ({ key, label, kind: 'count' });
export const money = (key: string, label: string): TTableColumn => ({ key, label, kind: 'money' });
export const percent = (key: string, label: string): TTableColumn => ({ key, label, kind: 'percent' });
export const date = (key: string, label: string): TTableColumn => ({ key, label, kind: 'date' });

/** bigint columns arrive as strings: numbers for the cells, null kept. */
export const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** A share in percent with one decimal, or null without a base (no goal, no views). */
export const share = (part: number | null, whole: number | null): number | null =>
  part === null || !whole ? null : Math.round((part / whole) * 1000) / 10;

/** The total line: each count and money column summed over the lines; `label` in the first column. */
export function sumLines(columns: readonly TTableColumn[], rows: readonly TTableReportRow[], label = 'Total'): Cells {
  const totals: Cells = {};
  for (const [i, c] of columns.entries()) {
    if (i === 0) totals[c.key] = label;
    else if (c.kind === 'count' || c.kind === 'money') {
      totals[c.key] = rows.reduce(
        (sum, r) => sum + (typeof r.cells[c.key] === 'number' ? Number(r.cells[c.key]) : 0),
        0,
      );
    } else totals[c.key] = null;
  }
  return totals;
}
