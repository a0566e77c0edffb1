// The job that e-mails a run's statements (docs/product/reports.md#year-end-statements). Each batch is
// one transaction holding the run's row lock: for each donor still without the period's statement it
// writes the donor's unique row and their e-mail (with the PDF) in the mail outbox together, so a
// retried job, a second run or a restart half-way sends nobody twice.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import {
  type AnnualStatement,
  loadGivingStatement,
  renderStatementPdf,
  selectOrganisationGivingYear,
} from '../donors/index.ts';
import {
  advanceRun,
  insertSend,
  type Period,
  type RecipientRow,
  selectNextRecipients,
} from './statements.repository.ts';
import { addresseeFromRow, periodIn } from './statements.service.ts';

export type StatementRunJob = { npoId: number; runId: number };
export const statementRunQueue = defineQueue<StatementRunJob>('statements.send', {
  retryLimit: 10,
  retryDelaySeconds: 30,
  expireInSeconds: 1800,
});
/** Donors per transaction: a restart repeats at most this batch's rendering, never its e-mails. */
const BATCH = 20;

type Deps = { db: Db; mailer: Mailer };

function letterFor(s: AnnualStatement, to: string, pdf: Buffer, year: number) {
  const greeting = s.addressee.name ? `Dear ${s.addressee.name},` : 'Hello,';
  return {
    to,
    subject: `Your ${s.periodLabel} giving statement from ${s.organisation}`,
    text: [
      greeting,
      '',
      `Thank you for your support in ${s.periodLabel}. Your annual giving statement from ${s.organisation} is attached: it lists every gift you made in the year, for your records and your tax return.`,
      '',
      `With our thanks,`,
      s.organisation,
    ].join('\n'),
    attachments: [{ filename: `giving-statement-${year}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}

/** One donor: their row, then their e-mail, in the batch's transaction; false when already sent. */
async function sendOne(deps: Deps, tx: Tx, period: Period, runId: number, r: RecipientRow): Promise<boolean> {
  const statement = await loadGivingStatement(tx, {
    npoId: period.npoId,
    donorIds: [r.donor_id],
    year: period.year,
    startMonth: period.startMonth,
    addressee: addresseeFromRow(r.address),
  });
  if (!statement) return false;
  const written = await insertSend(tx, period, runId, {
    donorId: r.donor_id,
    email: r.email,
    giftCount: statement.gifts.length,
    totalBaseMinor: statement.totalBaseMinor,
  });
  if (!written) return false;
  await deps.mailer.send(letterFor(statement, r.email, await renderStatementPdf(statement), period.year), tx);
  return true;
}

/** E-mails the run's next batch; returns false once the run is done (or is not the organisation's). */
async function sendBatch(deps: Deps, job: StatementRunJob): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ year: number; start_month: number; status: string }>(sql`
      SELECT year, start_month, status FROM statement_runs WHERE id = ${job.runId} AND npo_id = ${job.npoId}
      FOR UPDATE`);
    const run = rows[0];
    if (!run || run.status === 'done') return false;
    // The run keeps its own start month: a calendar year, or the fiscal setting of the day it started.
    const { zone } = await selectOrganisationGivingYear(tx, job.npoId);
    const own = periodIn(job.npoId, Number(run.year), Number(run.start_month), zone);
    const recipients = await selectNextRecipients(tx, own, BATCH);
    let sent = 0;
    for (const r of recipients) if (await sendOne(deps, tx, own, job.runId, r)) sent += 1;
    await advanceRun(tx, job.runId, sent, recipients.length === 0);
    return recipients.length > 0;
  });
}

/** The job's work: batches until every donor of the period with an e-mail address has their statement. */
export async function sendStatementRun(deps: Deps, job: StatementRunJob): Promise<void> {
  while (await sendBatch(deps, job)) {
    // Each batch commits on its own; the loop ends when a batch finds nobody left.
  }
}

/** Registers the job; the returned function queues a run's job. */
export function registerStatementRuns(jobs: Jobs, deps: Deps): (npoId: number, runId: number) => Promise<void> {
  jobs.register(statementRunQueue, (data) => sendStatementRun(deps, data));
  return async (npoId, runId) => {
    await jobs.send(statementRunQueue, { npoId, runId }, { key: `statement-run-${runId}` });
  };
}
