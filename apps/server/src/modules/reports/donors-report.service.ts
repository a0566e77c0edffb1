// The donors report (docs/product/reports.md#donors): retention year over year, LYBUNT and SYBUNT,
// the giving pyramid and the top donors, each a view of one table.
import { currencyExponent } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { retentionBoundariesIn } from '../donors/index.ts';
import type { ReportBody } from './campaigns-report.service.ts';
import {
  type RetentionGroup,
  selectLapsed,
  selectPyramid,
  selectRetention,
  selectTopDonors,
} from './donors-report.repository.ts';
import type { IncomeScope, ReportFilter } from './income.repository.ts';
import { count, date, money, percent, share, sumLines, text } from './table-report.ts';

export const TOP_DONORS = 50;

const RETENTION_GROUPS: { grp: RetentionGroup; label: string }[] = [
  { grp: 'new', label: 'New: first gift ever' },
  { grp: 'recaptured', label: 'Recaptured: gave before, not the year before' },
  { grp: 'upgraded', label: 'Retained, upgraded' },
  { grp: 'same', label: 'Retained, same amount' },
  { grp: 'downgraded', label: 'Retained, downgraded' },
  { grp: 'lapsed', label: 'Lapsed: gave the year before only' },
];

const YEAR_MS = 366 * 86_400_000;

/** The same instants a year earlier (the period compared with, year over year). */
const yearBefore = (at: Date | null) => {
  if (!at) return null;
  const back = new Date(at);
  back.setUTCFullYear(back.getUTCFullYear() - 1);
  return back;
};

async function retention(db: Db, scope: IncomeScope, filter: ReportFilter): Promise<ReportBody> {
  if (!scope.start)
    throw new AppError('VALIDATION_FAILED', 'Choose a period with a start date to compare with the year before.');
  const end = scope.end ?? new Date();
  if (end.getTime() - scope.start.getTime() > YEAR_MS) {
    throw new AppError('VALIDATION_FAILED', 'Compare at most a year with the year before: choose a shorter period.');
  }
  const previous = { ...scope, start: yearBefore(scope.start), end: yearBefore(end) };
  const records = new Map((await selectRetention(db, scope, previous, filter)).map((r) => [r.grp, r]));
  const columns = [
    text('group', 'Donors'),
    count('donors', 'Donors'),
    money('amount', 'This period'),
    money('previous', 'Same days a year before'),
    money('change', 'Change'),
  ];
  const rows = RETENTION_GROUPS.map(({ grp, label }) => {
    const r = records.get(grp);
    const amount = r?.amount ?? 0;
    const before = r?.previous ?? 0;
    return {
      key: grp,
      cells: { group: label, donors: r?.donors ?? 0, amount, previous: before, change: amount - before },
    };
  });
  return {
    columns,
    rows,
    totals: sumLines(columns, rows),
    chart: { label: 'group', value: 'donors' },
    note: 'Gifts of the period (gross, as the income report) against the same days a year before, by donor.',
  };
}

async function lapsed(db: Db, scope: IncomeScope, startMonth: number): Promise<ReportBody> {
  const bounds = retentionBoundariesIn(new Date(), startMonth, scope.zone);
  const records = await selectLapsed(db, scope, bounds);
  const columns = [
    text('group', 'Donors'),
    count('donors', 'Donors'),
    money('last_year', 'Given in their last year'),
    money('lifetime', 'Lifetime'),
  ];
  const label = {
    lybunt: 'LYBUNT: last year but not this year',
    sybunt: 'SYBUNT: some year but not last or this year',
  };
  const rows = records.map((r) => ({
    key: r.kind,
    cells: { group: label[r.kind], donors: r.donors, last_year: r.last_year, lifetime: r.lifetime },
  }));
  return {
    columns,
    rows,
    totals: sumLines(columns, rows),
    chart: { label: 'group', value: 'donors' },
    note: 'As of today, by the giving year (calendar or fiscal) as the donors list counts them; only the segment filter applies.',
  };
}

async function pyramid(db: Db, scope: IncomeScope, filter: ReportFilter, currency: string): Promise<ReportBody> {
  const unit = 10 ** currencyExponent(currency);
  const majors = [100, 500, 1_000, 5_000, 10_000, 25_000];
  const edges = majors.map((m) => m * unit);
  const name = (m: number) => `${currency} ${m.toLocaleString('en-US')}`;
  const records = new Map((await selectPyramid(db, scope, filter, edges)).map((r) => [r.band, r]));
  const columns = [
    text('band', 'Gift size (period total)'),
    count('donors', 'Donors'),
    count('gifts', 'Gifts'),
    money('amount', 'Total'),
    percent('share', 'Share of total (%)'),
  ];
  const total = [...records.values()].reduce((s, r) => s + r.amount, 0);
  const rows = majors
    .map((_, i) => i)
    .concat(majors.length)
    .reverse()
    .map((band) => {
      const r = records.get(band);
      const label =
        band === 0
          ? `Under ${name(majors[0] ?? 0)}`
          : band === majors.length
            ? `${name(majors[band - 1] ?? 0)} and more`
            : `${name(majors[band - 1] ?? 0)} to under ${name(majors[band] ?? 0)}`;
      const amount = r?.amount ?? 0;
      return {
        key: String(band),
        cells: { band: label, donors: r?.donors ?? 0, gifts: r?.gifts ?? 0, amount, share: share(amount, total) },
      };
    });
  const totals = sumLines(columns, rows);
  totals.share = total ? 100 : null;
  return {
    columns,
    rows,
    totals,
    chart: { label: 'band', value: 'donors' },
    note: 'Each donor in the band of what they gave in the period (gross, as the income report), largest first.',
  };
}

async function top(db: Db, scope: IncomeScope, filter: ReportFilter): Promise<ReportBody> {
  const records = await selectTopDonors(db, scope, filter, TOP_DONORS);
  const columns = [
    text('donor', 'Donor'),
    text('email', 'E-mail'),
    count('gifts', 'Gifts'),
    money('amount', 'Total'),
    date('last_gift', 'Last gift in period'),
  ];
  const rows = records.map((r) => ({
    key: String(r.donor_id),
    cells: { donor: r.name, email: r.email ?? '', gifts: r.gifts, amount: r.amount, last_gift: r.last_at },
  }));
  return {
    columns,
    rows,
    totals: null,
    chart: { label: 'donor', value: 'amount' },
    note: `The ${TOP_DONORS} donors who gave most in the period (gross, as the income report).`,
  };
}

export const DONOR_VIEWS = ['retention', 'lapsed', 'pyramid', 'top'] as const;

export function donorsReport(
  db: Db,
  view: string,
  ctx: { scope: IncomeScope; filter: ReportFilter; currency: string; startMonth: number },
): Promise<ReportBody> {
  switch (view) {
    case 'lapsed':
      return lapsed(db, ctx.scope, ctx.startMonth);
    case 'pyramid':
      return pyramid(db, ctx.scope, ctx.filter, ctx.currency);
    case 'top':
      return top(db, ctx.scope, ctx.filter);
    default:
      return retention(db, ctx.scope, ctx.filter);
  }
}
