// Sending a campaign e-mail through the job queue (docs/decisions/075-email-marketing-sends.md):
// a job takes the e-mail's lease, then claims, sends and marks rows in small batches under the
// organisation's throttle for a slice of time, and hands over to a new job. A periodic sweep starts
// scheduled e-mails and restarts sends whose sender died.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/client.ts';
import type { Jobs, Queue } from '../../platform/jobs/jobs.ts';
import { defineQueue } from '../../platform/jobs/jobs.ts';
import { type PeriodicClock, periodicClock } from '../../platform/jobs/periodic.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { selectSettings } from './marketing.repository.ts';
import { renderFor, type SendTemplate, sendTemplate } from './marketing-render.ts';
import {
  allowance,
  type ClaimedRow,
  claimRows,
  finishIfDone,
  markRows,
  type Outcome,
  releaseLease,
  renewLease,
  type SendingEmail,
  selectDue,
  suppress,
  takeLease,
} from './marketing-send.repository.ts';
import { startSending } from './marketing-start.ts';

export const marketingSendQueue = defineQueue<{ emailId: number }>('marketing-send', {
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 600,
});
const sweepQueue = defineQueue<{ slot: string }>('marketing-sweep', { retryLimit: 2, expireInSeconds: 120 });

export type SendDeps = {
  db: Db;
  mailer: Mailer;
  origin: string;
  jobs: Jobs;
  /** A MAIL_FROM address; the display name is the e-mail's sender name. */
  fromAddress: string;
  /** Rows claimed at a time: at most this many are lost (never doubled) if the process dies. */
  batchSize?: number;
  /** Seconds a job sends before handing over to the next one. */
  sliceSeconds?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Enqueues a sender for the e-mail (a new key each time: the lease keeps one sending). */
export const enqueueSend = (jobs: Jobs, emailId: number, why: string) =>
  jobs.send(marketingSendQueue, { emailId }, { key: `${emailId}:${why}:${Date.now()}:${randomUUID()}` });

/** SMTP said no for good (5xx): a hard bounce. */
const isHardBounce = (error: unknown) => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

async function sendOne(
  deps: Omit<SendDeps, 'jobs'>,
  email: SendingEmail,
  t: SendTemplate,
  row: ClaimedRow,
  settings: Parameters<typeof renderFor>[2]['settings'],
): Promise<Outcome> {
  if (row.excluded)
    return {
      id: row.id,
      status: 'skipped',
      error: row.excluded === 'opted_out' ? 'Opted out of e-mail' : 'Suppressed address',
    };
  const m = renderFor(t, row, {
    origin: deps.origin,
    organisationName: email.organisation_name,
    preheader: email.preheader,
    settings,
  });
  try {
    await deps.mailer.send({
      to: row.email,
      from: { name: email.from_name, address: deps.fromAddress },
      ...(email.reply_to ? { replyTo: email.reply_to } : {}),
      subject: m.subject,
      html: m.html,
      text: m.text,
      headers: m.headers,
    });
    return { id: row.id, status: 'sent', delivered: true };
  } catch (error) {
    const message = String((error as Error).message ?? error).slice(0, 500);
    return { id: row.id, status: isHardBounce(error) ? 'bounced' : 'failed', error: message };
  }
}

/** One job: sends the e-mail's queued rows for up to a slice, then finishes or hands over (its caller enqueues the next). */
export async function runSender(
  deps: Omit<SendDeps, 'jobs'>,
  emailId: number,
): Promise<'finished' | 'handed-over' | 'not-mine'> {
  const token = randomUUID();
  const email = await takeLease(deps.db, emailId, token);
  if (!email) return 'not-mine';
  const t = sendTemplate(email);
  const started = Date.now();
  const batchSize = deps.batchSize ?? 20;
  while (Date.now() - started < (deps.sliceSeconds ?? 240) * 1000) {
    if (!(await renewLease(deps.db, emailId, token))) return 'not-mine';
    const settings = await selectSettings(deps.db, email.npo_id);
    const room = await allowance(deps.db, email.npo_id, settings.throttle_per_minute);
    if (room <= 0) {
      await sleep(1000);
      continue;
    }
    const rows = await claimRows(deps.db, emailId, token, Math.min(batchSize, room));
    if (rows.length === 0) {
      await finishIfDone(deps.db, emailId, token);
      return 'finished';
    }
    const outcomes = await Promise.all(rows.map((row) => sendOne(deps, email, t, row, settings)));
    await markRows(deps.db, token, outcomes);
    for (const o of outcomes) {
      const row = rows.find((r) => r.id === o.id);
      if (o.status === 'bounced' && row) await suppress(deps.db, email.npo_id, row.email, 'Hard bounce');
    }
  }
  await releaseLease(deps.db, emailId, token);
  return 'handed-over';
}

/** Starts due scheduled e-mails and restarts sends whose sender stopped (lease lapsed). */
export async function sweep(deps: SendDeps): Promise<void> {
  const { due, stalled } = await selectDue(deps.db);
  for (const e of due) {
    if (await startSending(deps.db, e.npo_id, e.id, ['scheduled'])) await enqueueSend(deps.jobs, e.id, 'scheduled');
  }
  for (const id of stalled) await enqueueSend(deps.jobs, id, 'resume');
}

/** Registers the sender and the sweep; returns the sweep's clock (every `seconds`, 0: never). */
export function registerMarketingSends(
  jobs: Jobs,
  deps: Omit<SendDeps, 'jobs'> & { seconds: number; log: (e: unknown) => void },
): PeriodicClock {
  const full = { ...deps, jobs };
  jobs.register(marketingSendQueue, async ({ emailId }) => {
    if ((await runSender(full, emailId)) === 'handed-over') await enqueueSend(jobs, emailId, 'slice');
  });
  jobs.register(sweepQueue as Queue<{ slot: string }>, async () => sweep(full));
  return periodicClock(jobs, sweepQueue, (slot) => ({ slot }), { seconds: deps.seconds, log: deps.log });
}
