// The recurring report's MRR movement from stored closed months (decision 105,
// docs/product/reports.md#speed): `report_mrr_months` holds each closed month's movement of the
// unfiltered report, and the months after the last one stored are computed live by the same
// database function that stored them (`report_mrr_moves`), which reads only the plans that can
// change in them. Levels (MRR and plans at month end) are running sums of the movement from the
// organisation's first plan. Exactly selectMrrMonths' figures; a test compares them.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { IncomeScope, ReportFilter } from './income.repository.ts';
import type { MrrMonth } from './recurring-report.repository.ts';

type Moves = {
  month: string;
  change: string;
  plans_change: number;
  new_mrr: string;
  expansion: string;
  contraction: string;
  churn: string;
  new_plans: number;
  churned_plans: number;
};

/** Months live at most: beyond this (months reopened and not stored again yet) the live query is cheaper. */
const MAX_LIVE_MONTHS = 3;

const nextMonth = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

const monthsBetween = (a: string, b: string): number =>
  (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));

/** A report with any filter reads the plans live: the stored months are the organisation's whole MRR. */
export const storedMonthsServe = (scope: IncomeScope, f: ReportFilter): boolean =>
  !(f.campaign_id?.length || f.designation?.length || f.payment_method?.length || f.currency?.length || scope.members);

/**
 * selectMrrMonths' lines for `first`..`last` (YYYY-MM-01) from the stored months and the months
 * after them, or null when there is nothing stored yet (or too little) and the live query answers.
 */
export async function selectStoredMrrMonths(
  db: Db,
  scope: IncomeScope,
  first: string,
  last: string,
): Promise<MrrMonth[] | null> {
  // Stored months count only while their days are closed (another time zone opens them again).
  const { rows: stored } = await db.execute<Moves>(sql`
    SELECT to_char(m.month, 'YYYY-MM-DD') AS month, m.change, m.plans_change, m.new_mrr, m.expansion, m.contraction,
      m.churn, m.new_plans, m.churned_plans
    FROM report_mrr_months m JOIN giving_days_closed c ON c.npo_id = m.npo_id
    WHERE m.npo_id = ${scope.npoId} AND m.month <= ${last}::date AND (m.month + interval '1 month')::date <= c.through + 1
    ORDER BY m.month`);
  const lastStored = stored.at(-1)?.month;
  if (!lastStored) return null;
  const liveFrom = nextMonth(lastStored);
  if (monthsBetween(liveFrom, last) >= MAX_LIVE_MONTHS) return null;
  const live =
    liveFrom <= last
      ? (
          await db.execute<Moves>(sql`
            SELECT to_char(x.month, 'YYYY-MM-DD') AS month, x.change, x.plans_change, x.new_mrr, x.expansion,
              x.contraction, x.churn, x.new_plans, x.churned_plans
            FROM report_mrr_moves(${scope.npoId}, ${liveFrom}::date, ${last}::date) x`)
        ).rows
      : [];
  const moves = new Map<string, Moves>([...stored, ...live].map((m) => [m.month, m]));
  const lines: MrrMonth[] = [];
  let level = 0;
  let plans = 0;
  const start = stored[0]?.month ?? first;
  for (let month = start < first ? start : first; month <= last; month = nextMonth(month)) {
    const m = moves.get(month);
    const opening = level;
    level += Number(m?.change ?? 0);
    plans += Number(m?.plans_change ?? 0);
    if (month < first) continue;
    lines.push({
      month: month.slice(0, 7),
      opening,
      new_mrr: Number(m?.new_mrr ?? 0),
      expansion: Number(m?.expansion ?? 0),
      contraction: Number(m?.contraction ?? 0),
      churn: Number(m?.churn ?? 0),
      closing: level,
      plans,
      new_plans: Number(m?.new_plans ?? 0),
      churned_plans: Number(m?.churned_plans ?? 0),
    });
  }
  return lines;
}
