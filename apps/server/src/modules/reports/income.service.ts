import {
  SEGMENT_MESSAGES,
  type TIncomeFigures,
  type TIncomeGrouping,
  type TIncomeReport,
  type TIncomeReportQuery,
} from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { addDays, midnightIn } from '../../platform/format/calendar.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { segmentMembersSql } from '../segments/index.ts';
import {
  countOwnCampaigns,
  type IncomeRecord,
  type IncomeScope,
  type ReportFilter,
  type ReportOrganisation,
  selectIncome,
  selectIncomeFromDays,
  selectReportOrganisation,
} from './income.repository.ts';

const ZERO: TIncomeFigures = {
  gifts: 0,
  gross: 0,
  fee_covered: 0,
  refunds: 0,
  disputes: 0,
  net: 0,
  platform_fees: 0,
  net_after_fees: 0,
};

const FIGURE_KEYS = Object.keys(ZERO) as (keyof TIncomeFigures)[];

/** The sum of the lines: integers added exactly, so the total row is the lines' total to the cent. */
export function sumFigures(rows: readonly TIncomeFigures[]): TIncomeFigures {
  const total = { ...ZERO };
  for (const row of rows) for (const k of FIGURE_KEYS) total[k] += row[k];
  return total;
}

const QUARTER = (month: number) => Math.floor((month - 1) / 3) + 1;

/** The words of a line's key: a period's name, a campaign's name, "No designation"… */
export function labelOf(group: TIncomeGrouping, record: Pick<IncomeRecord, 'key' | 'name'>, fiscalStart: number) {
  const { key } = record;
  const [year = '', month = '1'] = key.split('-');
  switch (group) {
    case 'day':
      return key;
    case 'month':
      return key.slice(0, 7);
    case 'quarter':
      return `${year} Q${QUARTER(Number(month))}`;
    case 'fiscal_year':
      return fiscalStart === 1 ? `FY ${year}` : `FY ${year}–${String(Number(year) + 1).slice(2)}`;
    case 'campaign':
      return key === '' ? 'No campaign' : (record.name ?? `Campaign ${key}`);
    case 'designation':
      return key === '' ? 'No designation' : key;
    case 'method':
    case 'currency':
      return key;
  }
}

async function organisationOf(db: Db, npoId: number): Promise<ReportOrganisation> {
  const org = await selectReportOrganisation(db, npoId);
  if (!org) throw new AppError('NOT_FOUND', 'Organisation not found.');
  return org;
}

/**
 * The organisation and the instants of a report's filters: the period's midnights in its zone and
 * the segment's members (another organisation's segment is 404). Shared by every report.
 */
export async function reportScope(
  db: Db,
  npoId: number,
  query: ReportFilter,
): Promise<{ org: ReportOrganisation; scope: IncomeScope }> {
  const org = await organisationOf(db, npoId);
  const segment = query.segment_id ? await segmentMembersSql(db, npoId, query.segment_id) : null;
  if (query.segment_id && !segment) throw new AppError('NOT_FOUND', SEGMENT_MESSAGES.notFound);
  if (query.campaign_id?.length && (await countOwnCampaigns(db, npoId, query.campaign_id)) < query.campaign_id.length) {
    throw new AppError('NOT_FOUND', 'Campaign not found.');
  }
  const scope: IncomeScope = {
    npoId,
    start: query.from ? midnightIn(query.from, org.zone) : null,
    end: query.to ? midnightIn(addDays(query.to, 1), org.zone) : null,
    zone: org.zone,
    fiscalYearStartMonth: org.fiscalYearStartMonth,
    members: segment?.members ?? null,
  };
  return { org, scope };
}

/**
 * The income report of docs/product/reports.md#income: read from `db`, the reports' pool (the
 * read replica when READ_DATABASE_URL is set, decision 077).
 */
export async function getIncomeReport(db: Db, npoId: number, query: TIncomeReportQuery): Promise<TIncomeReport> {
  const { org, scope } = await reportScope(db, npoId, query);
  // A segment is a set of donors, which the day sums do not keep: its report reads the gifts.
  const records = scope.members
    ? await selectIncome(db, scope, query, query.group_by)
    : await selectIncomeFromDays(db, scope, query, query.group_by);
  const rows = records.map(({ name, ...r }) => ({
    ...r,
    label: labelOf(query.group_by, { key: r.key, name }, org.fiscalYearStartMonth),
  }));
  return {
    currency: org.currency,
    period: { from: query.from ?? null, to: query.to ?? null },
    group_by: query.group_by,
    rows,
    totals: sumFigures(rows),
  };
}

export async function reportOrganisationName(db: Db, npoId: number): Promise<string> {
  return (await organisationOf(db, npoId)).name;
}
