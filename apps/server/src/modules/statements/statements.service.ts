// Year-end statements in bulk (docs/product/reports.md#year-end-statements): for a calendar or fiscal
// year, every donor's annual giving statement (the donors module's PDF) e-mailed in one run through the
// job queue, a preview of the first few, the donors without an e-mail address with one merged PDF to
// print, and the log of each run. A donor's row for the period is unique and written with their e-mail,
// so nothing is sent twice (statements.jobs.ts).
import {
  STATEMENT_MESSAGES,
  type TStatementBasis,
  type TStatementOverview,
  type TStatementPeriodQuery,
  type TStatementRun,
  type TStatementRunDetail,
} from '@kindling/contracts';
import { givingYearLabel } from '@kindling/contracts/giving-year-rules.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { violatedUniqueKey } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import {
  addressLines,
  givingYearRangeIn,
  loadGivingStatement,
  renderStatementsPdf,
  selectOrganisationGivingYear,
} from '../donors/index.ts';
import {
  countPeriodDonors,
  insertRun,
  type Period,
  type RunRow,
  selectDonorAddress,
  selectPeriodDonors,
  selectRun,
  selectRunLog,
  selectRuns,
  withEmail,
  withoutEmail,
} from './statements.repository.ts';

export type Actor = { userId: number; npoId: number; ip: string | null };
const PREVIEW = 5;
/** The preview PDF: the first statements the run will send. */
const PREVIEW_PDF = 3;
/** Donors without an e-mail address listed on the page; the merged PDF has all of them. */
const POST_LIST = 200;
const POST_PDF_MAX = 5_000;
const LOG_LINES = 500;

/** The period of a calendar (from January) or fiscal (the organisation's setting) year. */
export async function periodOf(db: Db | Tx, npoId: number, year: number, basis: TStatementBasis) {
  const setting = await selectOrganisationGivingYear(db, npoId);
  const startMonth = basis === 'calendar' ? 1 : setting.startMonth;
  return { period: periodIn(npoId, year, startMonth, setting.zone), setting, label: givingYearLabel(year, startMonth) };
}

/** The giving year `year` starting in `startMonth`, in the organisation's time zone. */
export function periodIn(npoId: number, year: number, startMonth: number, zone: string): Period {
  const { start, end } = givingYearRangeIn(year, startMonth, zone);
  return { npoId, year, startMonth, start, end };
}

const basisOf = (startMonth: number, fiscalStart: number): TStatementBasis =>
  startMonth === 1 && fiscalStart !== 1 ? 'calendar' : 'fiscal';

const runOf = (r: RunRow, fiscalStart: number): TStatementRun => ({
  id: r.id,
  year: Number(r.year),
  basis: basisOf(Number(r.start_month), fiscalStart),
  period_label: givingYearLabel(Number(r.year), Number(r.start_month)),
  status: r.status,
  to_send: Number(r.to_send),
  sent: Number(r.sent),
  already_sent: Number(r.already_sent),
  without_email: Number(r.without_email),
  started_by: r.started_by,
  created_at: r.created_at,
  finished_at: r.finished_at,
});

export async function statementOverview(db: Db, npoId: number, q: TStatementPeriodQuery): Promise<TStatementOverview> {
  const { period, setting, label } = await periodOf(db, npoId, q.year, q.basis);
  const [counts, preview, post, runs] = await Promise.all([
    countPeriodDonors(db, period),
    selectPeriodDonors(db, period, withEmail, PREVIEW),
    selectPeriodDonors(db, period, withoutEmail, POST_LIST),
    selectRuns(db, npoId),
  ]);
  return {
    year: q.year,
    basis: q.basis,
    period_label: label,
    base_currency: setting.baseCurrency,
    fiscal_year_start_month: setting.startMonth,
    ...counts,
    preview,
    without_email: post,
    runs: runs.map((r) => runOf(r, setting.startMonth)),
  };
}

/** The statements of `donorIds` for the period, each addressed to its donor, as one PDF. */
async function statementsPdf(db: Db, period: Period, donors: { donor_id: number }[]): Promise<Buffer> {
  const statements = [];
  for (const d of donors) {
    const addressee = await addresseeOf(db, period.npoId, d.donor_id);
    const statement = await loadGivingStatement(db, {
      npoId: period.npoId,
      donorIds: [d.donor_id],
      year: period.year,
      startMonth: period.startMonth,
      addressee,
    });
    if (statement) statements.push(statement);
  }
  return renderStatementsPdf(statements);
}

async function addresseeOf(db: Db | Tx, npoId: number, donorId: number) {
  return addresseeFromRow((await selectDonorAddress(db, npoId, donorId)) ?? {});
}

/** The statement's addressee from a donors row (name, postal address, e-mail). */
export function addresseeFromRow(dn: Record<string, string | null>) {
  return {
    name: `${dn.first_name ?? ''} ${dn.last_name ?? ''}`.trim() || String(dn.email ?? ''),
    address: addressLines(dn),
    email: dn.email ? dn.email : null,
    salutation: null,
  };
}

/** The first few statements the run will send, as one PDF to look at before sending. */
export async function previewPdf(db: Db, npoId: number, q: TStatementPeriodQuery): Promise<Buffer> {
  const { period } = await periodOf(db, npoId, q.year, q.basis);
  const donors = await selectPeriodDonors(db, period, withEmail, PREVIEW_PDF);
  if (donors.length === 0) throw new AppError('NOT_FOUND', STATEMENT_MESSAGES.nobody);
  return statementsPdf(db, period, donors);
}

/** Every statement of donors without an e-mail address, one per page, to print and post. */
export async function postPdf(db: Db, npoId: number, q: TStatementPeriodQuery): Promise<Buffer> {
  const { period } = await periodOf(db, npoId, q.year, q.basis);
  const donors = await selectPeriodDonors(db, period, withoutEmail, POST_PDF_MAX);
  if (donors.length === 0) throw new AppError('NOT_FOUND', STATEMENT_MESSAGES.nobodyToPost);
  return statementsPdf(db, period, donors);
}

/**
 * Starts a run for the period: counts what it will send and queues its job. A period with a run still
 * open answers 409; with nothing left to send the run is recorded as done at once (it sent nothing).
 */
export async function startRun(
  db: Db,
  actor: Actor,
  q: TStatementPeriodQuery,
  enqueue: (runId: number) => Promise<void>,
): Promise<TStatementRun> {
  const { period, setting, label } = await periodOf(db, actor.npoId, q.year, q.basis);
  const runId = await db
    .transaction(async (tx) => {
      const counts = await countPeriodDonors(tx, period);
      const id = await insertRun(tx, period, {
        toSend: counts.with_email - counts.already_sent,
        alreadySent: counts.already_sent,
        withoutEmail: counts.donors - counts.with_email,
        startedBy: actor.userId,
      });
      await recordAudit(tx, {
        npoId: actor.npoId,
        actorUserId: actor.userId,
        action: 'statements.run_started',
        targetType: 'statement_run',
        targetId: id,
        data: { year: q.year, basis: q.basis, period: label, to_send: counts.with_email - counts.already_sent },
        ip: actor.ip,
      });
      return id;
    })
    .catch((error: unknown) => {
      if (violatedUniqueKey(error) === 'statement_runs_one_open_uq') {
        throw new AppError('CONFLICT', STATEMENT_MESSAGES.running);
      }
      throw error;
    });
  const run = await selectRun(db, actor.npoId, runId);
  if (!run) throw new AppError('NOT_FOUND', STATEMENT_MESSAGES.runNotFound);
  if (run.status !== 'done') await enqueue(runId);
  return runOf(run, setting.startMonth);
}

export async function runDetail(db: Db, npoId: number, runId: number): Promise<TStatementRunDetail> {
  const run = await selectRun(db, npoId, runId);
  if (!run) throw new AppError('NOT_FOUND', STATEMENT_MESSAGES.runNotFound);
  const [setting, log] = await Promise.all([
    selectOrganisationGivingYear(db, npoId),
    selectRunLog(db, runId, LOG_LINES),
  ]);
  return { ...runOf(run, setting.startMonth), base_currency: setting.baseCurrency, log };
}
