import type { TTableReport } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { selectCampaignFacts } from './campaigns-report.repository.ts';
import { type IncomeScope, type ReportFilter, selectIncome, selectIncomeFromDays } from './income.repository.ts';
import { type Cells, count, money, percent, share, sumLines, text } from './table-report.ts';

export type ReportBody = Pick<TTableReport, 'columns' | 'rows' | 'totals' | 'chart' | 'note'>;

const COLUMNS = [
  text('campaign', 'Campaign'),
  money('goal', 'Goal'),
  money('raised', 'Raised'),
  percent('progress', 'Of goal (%)'),
  money('net', 'Net'),
  count('gifts', 'Gifts'),
  count('donors', 'Donors'),
  money('average', 'Average gift'),
  count('views', 'Form views'),
  percent('conversion', 'Conversion (%)'),
];

/**
 * Campaigns and appeals (docs/product/reports.md#campaigns-and-appeals). Raised is the income
 * report's gross by campaign (same lines, so the totals reconcile); the goal counts only when it is
 * in the base currency (a goal in another currency has no stored rate to compare with).
 */
export async function campaignsReport(
  db: Db,
  scope: IncomeScope,
  filter: ReportFilter,
  currency: string,
): Promise<ReportBody> {
  const income = scope.members
    ? await selectIncome(db, scope, filter, 'campaign')
    : await selectIncomeFromDays(db, scope, filter, 'campaign');
  const { lines, totalDonors } = await selectCampaignFacts(db, scope, filter);
  const facts = new Map(lines.map((l) => [l.key, l]));
  const rows = income.map((line) => {
    const f = facts.get(line.key);
    const goal = f?.goal_minor != null && f.goal_currency === currency ? f.goal_minor : null;
    const cells: Cells = {
      campaign: line.key === '' ? 'No campaign' : (line.name ?? `Campaign ${line.key}`),
      goal,
      raised: line.gross,
      progress: share(line.gross, goal),
      net: line.net,
      gifts: line.gifts,
      donors: f?.donors ?? 0,
      average: line.gifts ? Math.round(line.gross / line.gifts) : null,
      views: f?.views ?? null,
      conversion: share(line.gifts, f?.views ?? null),
    };
    return { key: line.key, cells };
  });
  const totals = sumLines(COLUMNS, rows);
  totals.goal = null;
  totals.donors = totalDonors;
  const gifts = Number(totals.gifts);
  totals.average = gifts ? Math.round(Number(totals.raised) / gifts) : null;
  return {
    columns: COLUMNS,
    rows,
    totals,
    chart: { label: 'campaign', value: 'raised' },
    note:
      'Raised is gross in the base currency at each gift’s stored rate (as the income report); net after refunds ' +
      'and disputes. Donors in the total line are counted once. Conversion is gifts per form view where the form ' +
      'counted views.',
  };
}
