// The recurring report (docs/product/reports.md#recurring, decision 099): MRR movement per month,
// plans by status and interval, failed and recovered charges. Money is in the base currency at the
// stored rates, as the income report counts it.
import type { Db } from '../../platform/db/client.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import type { ReportBody } from './campaigns-report.service.ts';
import type { IncomeScope, ReportFilter } from './income.repository.ts';
import {
  selectChargeMonths,
  selectFirstPlanMonth,
  selectMrrMonths,
  selectPlanCounts,
} from './recurring-report.repository.ts';
import { type Cells, count, money, percent, share, sumLines, text } from './table-report.ts';

type Ctx = { scope: IncomeScope; filter: ReportFilter };

const INTERVAL_LABELS: Record<string, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

/** The months of the period up to this month (a month still to come has no movement yet). */
async function monthsOf(db: Db, { scope, filter }: Ctx): Promise<{ first: string; last: string } | null> {
  const today = dayIn(new Date(), scope.zone);
  const end = filter.to && filter.to < today ? filter.to : today;
  const first = filter.from ? `${filter.from.slice(0, 7)}-01` : await selectFirstPlanMonth(db, scope, filter);
  const last = `${end.slice(0, 7)}-01`;
  return first && first <= last ? { first, last } : null;
}

async function mrr(db: Db, ctx: Ctx): Promise<ReportBody> {
  const columns = [
    text('month', 'Month'),
    money('opening', 'MRR at start'),
    money('new_mrr', 'New'),
    money('expansion', 'Expansion'),
    money('contraction', 'Contraction'),
    money('churn', 'Churn'),
    money('closing', 'MRR at month end'),
    count('new_plans', 'New plans'),
    count('churned_plans', 'Churned plans'),
    count('plans', 'Plans at month end'),
  ];
  const months = await monthsOf(db, ctx);
  const records = months ? await selectMrrMonths(db, ctx.scope, ctx.filter, months.first, months.last) : [];
  const rows = records.map((r) => ({ key: r.month, cells: { ...r } as Cells }));
  const totals = sumLines(columns, rows);
  // Levels are not summed: the total line starts at the first month's start and ends at the last's end.
  totals.opening = records[0]?.opening ?? 0;
  totals.closing = records.at(-1)?.closing ?? 0;
  totals.plans = records.at(-1)?.plans ?? 0;
  return {
    columns,
    rows,
    totals,
    chart: { label: 'month', value: 'closing' },
    note:
      'Each plan’s monthly equivalent (yearly ÷ 12, quarterly ÷ 3, weekly × 52 ÷ 12) of its latest charge by the month’s ' +
      'end (today for this month), in the base currency at the charge’s stored rate. A changed amount counts as expansion ' +
      'or contraction when it is first charged; a paused plan counts as churn, and as new when it runs again. MRR at month ' +
      'end = at start + new + expansion − contraction − churn.',
  };
}

async function plans(db: Db, { scope, filter }: Ctx): Promise<ReportBody> {
  const columns = [
    text('interval', 'Interval'),
    count('active', 'Active'),
    count('past_due', 'Past due'),
    count('paused', 'Paused'),
    count('cancelled', 'Cancelled'),
    count('failed', 'Failed'),
    count('plans', 'Plans'),
    money('mrr', 'MRR now'),
  ];
  const rows = (await selectPlanCounts(db, scope, filter)).map((r) => ({
    key: r.interval,
    cells: { ...r, interval: INTERVAL_LABELS[r.interval] ?? r.interval } as Cells,
  }));
  return {
    columns,
    rows,
    totals: sumLines(columns, rows),
    chart: { label: 'interval', value: 'plans' },
    note:
      'Plans that ran at some time in the period, by their status today. MRR now: active and past-due plans at their ' +
      'current amount as a monthly equivalent, in the base currency at the rate of their first gift (the analysis page’s MRR).',
  };
}

async function charges(db: Db, { scope, filter }: Ctx): Promise<ReportBody> {
  const columns = [
    text('month', 'Month failed'),
    count('failed', 'Failed charges'),
    count('attempts', 'Failed tries'),
    money('at_risk', 'Amount failed'),
    count('recovered', 'Recovered'),
    money('recovered_amount', 'Recovered amount'),
    percent('rate', 'Recovered (%)'),
    count('retrying', 'Still retrying'),
    count('lost', 'Not recovered'),
  ];
  const rows = (await selectChargeMonths(db, scope, filter)).map((r) => ({
    key: r.month,
    cells: { ...r, rate: share(r.recovered, r.failed) } as Cells,
  }));
  const totals = sumLines(columns, rows);
  totals.rate = share(Number(totals.recovered), Number(totals.failed));
  return {
    columns,
    rows,
    totals,
    chart: { label: 'month', value: 'failed' },
    note:
      'A failed charge is a plan’s first failed try after its last successful charge, by the month it failed; its retries ' +
      'are the further tries. It is recovered when the plan was charged after it (a retry or a new card); recovered amount ' +
      'is that gift in the base currency, as the income report counts it.',
  };
}

export function recurringReport(db: Db, view: string, ctx: Ctx): Promise<ReportBody> {
  if (view === 'plans') return plans(db, ctx);
  if (view === 'charges') return charges(db, ctx);
  return mrr(db, ctx);
}
