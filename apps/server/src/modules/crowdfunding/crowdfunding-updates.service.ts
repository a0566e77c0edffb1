// Crowdfunding updates (docs/product/crowdfunding.md#updates): staff write them (HTML, sanitised like the
// story), publishing shows one on the page and can e-mail every backer who did not opt out. The e-mails go
// out from a job: each backer's row in crowdfunding_update_emails is written in the same transaction as
// their e-mail in the mail outbox, and the job skips backers who have a row, so a job that runs again (or
// restarts half-way) e-mails nobody twice. Each e-mail carries its own unsubscribe link.
import { randomBytes } from 'node:crypto';
import { CROWDFUNDING_MESSAGES, type TUpdateAdmin } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { escapeHtml } from '../../platform/http/standalone-page.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { toPlainText } from '../../platform/security/html.ts';
import { sanitiseDescription } from '../campaigns/index.ts';

export type UpdateEmailJob = { npoId: number; updateId: number };
export const updateEmailQueue = defineQueue<UpdateEmailJob>('crowdfunding.update_emails', {
  retryLimit: 10,
  retryDelaySeconds: 30,
});
export const UPDATE_UNSUBSCRIBE_PATH = '/api/v1/crowdfunding_updates/unsubscribe';
/** Backers e-mailed per transaction: a restart repeats at most this batch's work, never its e-mails. */
const BATCH = 50;
const UPDATE_NOT_FOUND = 'We could not find that update.';

type UpdateRow = {
  id: number;
  title: string;
  body_html: string;
  published_at: string | null;
  emailed_at: string | null;
};
const toAdmin = (u: UpdateRow, emailsSent = 0): TUpdateAdmin => ({
  id: Number(u.id),
  title: u.title,
  body_html: u.body_html,
  published_at: u.published_at === null ? null : new Date(u.published_at).toISOString(),
  emailed_at: u.emailed_at === null ? null : new Date(u.emailed_at).toISOString(),
  emails_sent: emailsSent,
});

async function assertOwnCampaign(db: Tx, npoId: number, campaignId: number): Promise<void> {
  const { rows } = await db.execute(sql`
    SELECT 1 FROM campaigns WHERE id = ${campaignId} AND npo_id = ${npoId} AND campaign_type = 'crowdfunding'`);
  if (rows.length === 0) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.notFound);
}

export async function createUpdate(
  db: Db,
  npoId: number,
  campaignId: number,
  input: { title: string; body_html: string },
): Promise<TUpdateAdmin> {
  await assertOwnCampaign(db, npoId, campaignId);
  const { rows } = await db.execute<UpdateRow>(sql`
    INSERT INTO crowdfunding_updates (campaign_id, title, body_html)
    VALUES (${campaignId}, ${input.title}, ${sanitiseDescription(input.body_html)})
    RETURNING id, title, body_html, published_at, emailed_at`);
  return toAdmin(rows[0] as UpdateRow);
}

const ownUpdate = (npoId: number, updateId: number) => sql`
  u.id = ${updateId} AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = u.campaign_id AND c.npo_id = ${npoId})`;

export async function editUpdate(
  db: Db,
  npoId: number,
  updateId: number,
  input: { title: string; body_html: string },
): Promise<TUpdateAdmin> {
  const { rows } = await db.execute<UpdateRow>(sql`
    UPDATE crowdfunding_updates u SET title = ${input.title}, body_html = ${sanitiseDescription(input.body_html)}
    WHERE ${ownUpdate(npoId, updateId)}
    RETURNING id, title, body_html, published_at, emailed_at`);
  if (!rows[0]) throw new AppError('NOT_FOUND', UPDATE_NOT_FOUND);
  return toAdmin(rows[0]);
}

/** Publishes the update (once: a second publish keeps the first date) and queues its e-mails. */
export async function publishUpdate(
  db: Db,
  jobs: Pick<Jobs, 'send'>,
  npoId: number,
  updateId: number,
  emailBackers: boolean,
): Promise<TUpdateAdmin> {
  const { rows } = await db.execute<UpdateRow>(sql`
    UPDATE crowdfunding_updates u SET published_at = coalesce(published_at, now())
    WHERE ${ownUpdate(npoId, updateId)}
    RETURNING id, title, body_html, published_at, emailed_at`);
  if (!rows[0]) throw new AppError('NOT_FOUND', UPDATE_NOT_FOUND);
  if (emailBackers) await jobs.send(updateEmailQueue, { npoId, updateId }, { key: `crowdfunding-update-${updateId}` });
  return toAdmin(rows[0]);
}

type Recipient = { email: string; first_name: string };
type Letter = { title: string; body_html: string; campaign_name: string; campaign_url: string; organisation: string };

/** E-mails the next batch of backers without a row; returns how many it sent (0: all done). */
async function sendBatch(deps: { db: Db; mailer: Mailer; origin: string }, job: UpdateEmailJob): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const { rows: letters } = await tx.execute<Letter & { campaign_id: number }>(sql`
      SELECT u.title, u.body_html, u.campaign_id, c.name AS campaign_name, c.campaign_url, n.name AS organisation
      FROM crowdfunding_updates u JOIN campaigns c ON c.id = u.campaign_id JOIN npos n ON n.id = c.npo_id
      WHERE u.id = ${job.updateId} AND c.npo_id = ${job.npoId} AND u.published_at IS NOT NULL
      FOR UPDATE OF u`);
    const letter = letters[0];
    if (!letter) return 0;
    // Backers: the campaign's succeeded gifts' donors, one e-mail per address, less the opted out and
    // those this update already reached. The update row's lock makes two runs of the job take turns.
    const { rows: recipients } = await tx.execute<Recipient>(sql`
      SELECT DISTINCT ON (lower(o.email)) lower(o.email) AS email, o.first_name
      FROM donations d JOIN donors o ON o.id = d.donor_id AND o.npo_id = d.npo_id
      WHERE d.npo_id = ${job.npoId} AND d.campaign_id = ${letter.campaign_id} AND d.status = 'succeeded'
        AND o.email <> ''
        AND NOT EXISTS (SELECT 1 FROM crowdfunding_update_optouts x
          WHERE x.campaign_id = ${letter.campaign_id} AND x.email = lower(o.email))
        AND NOT EXISTS (SELECT 1 FROM crowdfunding_update_emails e
          WHERE e.update_id = ${job.updateId} AND e.email = lower(o.email))
      ORDER BY lower(o.email), d.id
      LIMIT ${BATCH}`);
    for (const r of recipients) {
      const token = randomBytes(18).toString('base64url');
      await tx.execute(sql`
        INSERT INTO crowdfunding_update_emails (update_id, email, npo_id, token)
        VALUES (${job.updateId}, ${r.email}, ${job.npoId}, ${token})`);
      await deps.mailer.send(letterFor(deps.origin, letter, r, token), tx);
    }
    if (recipients.length === 0)
      await tx.execute(
        sql`UPDATE crowdfunding_updates SET emailed_at = coalesce(emailed_at, now()) WHERE id = ${job.updateId}`,
      );
    return recipients.length;
  });
}

function letterFor(origin: string, letter: Letter, r: Recipient, token: string) {
  const page = `${origin}/crowdfunding/${letter.campaign_url}`;
  const unsubscribe = `${origin}${UPDATE_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
  const body = sanitiseDescription(letter.body_html);
  return {
    to: r.email,
    subject: `${letter.campaign_name}: ${letter.title}`,
    text: [
      `Hi ${r.first_name || 'there'},`,
      '',
      `${letter.organisation} posted an update on “${letter.campaign_name}”, a project you backed.`,
      '',
      letter.title,
      '',
      toPlainText(body.replace(/<\/(p|h[1-6]|li)>/g, '\n')),
      '',
      page,
      '',
      `No more updates from this project: ${unsubscribe}`,
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(r.first_name || 'there')},</p><h1>${escapeHtml(letter.title)}</h1>${body}
<p><a href="${page}">See the project</a></p>
<p style="font-size:12px;color:#555"><a href="${unsubscribe}">Unsubscribe from this project's updates</a></p>`,
  };
}

/** The job's work: batches until every backer has their e-mail. */
export async function sendUpdateEmails(deps: { db: Db; mailer: Mailer; origin: string }, job: UpdateEmailJob) {
  let sent = 0;
  for (;;) {
    const batch = await sendBatch(deps, job);
    if (batch === 0) return sent;
    sent += batch;
  }
}

/** The unsubscribe link: this backer gets no more of this campaign's updates. False for an unknown token. */
export async function unsubscribeFromUpdates(db: Db, token: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    INSERT INTO crowdfunding_update_optouts (campaign_id, email)
    SELECT u.campaign_id, e.email FROM crowdfunding_update_emails e JOIN crowdfunding_updates u ON u.id = e.update_id
    WHERE e.token = ${token}
    ON CONFLICT DO NOTHING
    RETURNING 1`);
  if (rows.length > 0) return true;
  const known = await db.execute(sql`SELECT 1 FROM crowdfunding_update_emails WHERE token = ${token}`);
  return known.rows.length > 0;
}

export function registerUpdateEmails(jobs: Jobs, deps: { db: Db; mailer: Mailer; origin: string }): void {
  jobs.register(updateEmailQueue, async (data) => {
    await sendUpdateEmails(deps, data);
  });
}
