// E-mail marketing's rules (docs/product/crm-email-marketing.md): drafts, a test send, sending now
// or at a time, cancelling a scheduled e-mail, results and the organisation's settings.
import {
  MARKETING_MESSAGES,
  type TMarketingEmail,
  type TMarketingOverview,
  type TMarketingResults,
  type TMarketingSettings,
  type ZMarketingEmailInput,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { recordAudit } from '../audit/index.ts';
import { segmentMembersSql } from '../segments/index.ts';
import {
  countListHealth,
  deleteDraft,
  type EmailRow,
  insertEmail,
  moveStatus,
  type ResultsRow,
  selectBaseCurrency,
  selectEmail,
  selectEmails,
  selectResults,
  selectSettings,
  updateEmail,
  upsertSettings,
} from './marketing.repository.ts';
import { linksOf, prepareBody, renderFor, sendTemplate } from './marketing-render.ts';
import { enqueueSend } from './marketing-send.ts';
import { startSending } from './marketing-start.ts';

export type Actor = { userId: number; npoId: number; ip: string | null };
type EmailInput = z.output<typeof ZMarketingEmailInput>;

const notFound = () => new AppError('NOT_FOUND', MARKETING_MESSAGES.notFound);
const conflict = (message: string) => new AppError('CONFLICT', message);
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const EMPTY: Omit<ResultsRow, 'email_id'> = {
  recipients: 0,
  queued: 0,
  sent: 0,
  delivered: 0,
  bounced: 0,
  skipped: 0,
  interrupted: 0,
  opened: 0,
  clicked: 0,
  unsubscribed: 0,
  gifts: 0,
  revenue_minor: 0,
};

async function withResults(db: Db, npoId: number, rows: EmailRow[]): Promise<TMarketingEmail[]> {
  const [settings, currency] = await Promise.all([selectSettings(db, npoId), selectBaseCurrency(db, npoId)]);
  const sentIds = rows.filter((r) => r.sent_at !== null).map((r) => r.id);
  const results = await selectResults(db, npoId, sentIds, settings.attribution_days);
  return rows.map((r) => {
    const { email_id: _id, ...counts } = results.find((x) => Number(x.email_id) === Number(r.id)) ?? {
      email_id: 0,
      ...EMPTY,
    };
    const out: TMarketingResults = { ...counts, currency, attribution_days: settings.attribution_days };
    return {
      id: Number(r.id),
      name: r.name,
      subject: r.subject,
      preheader: r.preheader,
      from_name: r.from_name,
      reply_to: r.reply_to,
      html: r.html,
      text: r.text,
      segment_id: r.segment_id === null ? null : Number(r.segment_id),
      segment_name: r.segment_name,
      status: r.status,
      scheduled_at: iso(r.scheduled_at),
      sent_at: iso(r.sent_at),
      updated_at: iso(r.updated_at) ?? '',
      results: out,
    };
  });
}

export async function listEmails(db: Db, npoId: number): Promise<TMarketingEmail[]> {
  return withResults(db, npoId, await selectEmails(db, npoId));
}

export async function getEmail(db: Db, npoId: number, id: number): Promise<TMarketingEmail> {
  const row = await selectEmail(db, npoId, id);
  if (!row) throw notFound();
  const [email] = await withResults(db, npoId, [row]);
  if (!email) throw notFound();
  return email;
}

/** The input checked: its segment is the organisation's, its body sanitised with known merge fields. */
async function checked(db: Db, npoId: number, input: EmailInput) {
  if (!(await segmentMembersSql(db, npoId, input.segment_id)))
    throw new AppError('VALIDATION_FAILED', MARKETING_MESSAGES.segmentNotFound, {
      segment_id: MARKETING_MESSAGES.segmentNotFound,
    });
  const body = prepareBody(input);
  if ('problems' in body) {
    const first = Object.values(body.problems)[0] ?? MARKETING_MESSAGES.body;
    throw new AppError('VALIDATION_FAILED', first, body.problems);
  }
  return { ...input, html: body.html, text: body.text };
}

export async function createEmail(db: Db, actor: Actor, input: EmailInput): Promise<TMarketingEmail> {
  const id = await insertEmail(db, actor.npoId, actor.userId, await checked(db, actor.npoId, input));
  await recordAudit(db, { ...auditOf(actor), action: 'marketing_email.created', targetId: String(id) });
  return getEmail(db, actor.npoId, id);
}

export async function changeEmail(db: Db, actor: Actor, id: number, input: EmailInput): Promise<TMarketingEmail> {
  if (!(await selectEmail(db, actor.npoId, id))) throw notFound();
  if (!(await updateEmail(db, actor.npoId, id, await checked(db, actor.npoId, input))))
    throw conflict(MARKETING_MESSAGES.notEditable);
  return getEmail(db, actor.npoId, id);
}

export async function removeEmail(db: Db, actor: Actor, id: number): Promise<void> {
  if (!(await selectEmail(db, actor.npoId, id))) throw notFound();
  if (!(await deleteDraft(db, actor.npoId, id))) throw conflict(MARKETING_MESSAGES.notDraft);
}

/** Sends now (through the job queue) or schedules; a sent or sending e-mail answers 409. */
export async function sendEmail(
  deps: { db: Db; jobs: Jobs },
  actor: Actor,
  id: number,
  scheduledAt: Date | null,
): Promise<TMarketingEmail> {
  const { db } = deps;
  if (!(await selectEmail(db, actor.npoId, id))) throw notFound();
  if (scheduledAt) {
    if (scheduledAt.getTime() <= Date.now())
      throw new AppError('VALIDATION_FAILED', MARKETING_MESSAGES.scheduledAt, {
        scheduled_at: MARKETING_MESSAGES.scheduledAt,
      });
    const at = scheduledAt.toISOString();
    const moved = await moveStatus(
      db,
      actor.npoId,
      id,
      ['draft', 'scheduled'],
      'scheduled',
      sql`, scheduled_at = ${at}`,
    );
    if (!moved) throw conflict(MARKETING_MESSAGES.notSendable);
  } else {
    const written = await startSending(db, actor.npoId, id, ['draft', 'scheduled']);
    if (written === null) throw conflict(MARKETING_MESSAGES.notSendable);
    await enqueueSend(deps.jobs, id, 'now');
  }
  await recordAudit(db, {
    ...auditOf(actor),
    action: scheduledAt ? 'marketing_email.scheduled' : 'marketing_email.sent',
    targetId: String(id),
  });
  return getEmail(db, actor.npoId, id);
}

export async function cancelEmail(db: Db, actor: Actor, id: number): Promise<TMarketingEmail> {
  if (!(await selectEmail(db, actor.npoId, id))) throw notFound();
  const moved = await moveStatus(db, actor.npoId, id, ['scheduled'], 'draft', sql`, scheduled_at = NULL`);
  if (!moved) throw conflict(MARKETING_MESSAGES.notScheduled);
  await recordAudit(db, { ...auditOf(actor), action: 'marketing_email.cancelled', targetId: String(id) });
  return getEmail(db, actor.npoId, id);
}

/** A test copy to one address, marked [Test], with the sender's merge values and dead links. */
export async function sendTest(
  deps: { db: Db; mailer: Mailer; origin: string; fromAddress: string },
  actor: Actor,
  id: number,
  to: string,
): Promise<void> {
  const email = await selectEmail(deps.db, actor.npoId, id);
  if (!email) throw notFound();
  const { rows } = await deps.db.execute<{ name: string }>(sql`SELECT name FROM npos WHERE id = ${actor.npoId}`);
  const t = sendTemplate({ ...email, links: linksOf(email.html) });
  const m = renderFor(
    t,
    { token: 'test', email: to, first_name: 'Sam', last_name: 'Example' },
    {
      origin: deps.origin,
      organisationName: rows[0]?.name ?? '',
      preheader: email.preheader,
      settings: { track_opens: false, track_clicks: false },
    },
  );
  await deps.mailer.send({
    to,
    from: { name: email.from_name, address: deps.fromAddress },
    ...(email.reply_to ? { replyTo: email.reply_to } : {}),
    subject: `[Test] ${m.subject}`,
    html: m.html,
    text: m.text,
  });
}

export async function getSettings(db: Db, npoId: number): Promise<TMarketingSettings> {
  return selectSettings(db, npoId);
}

export async function saveSettings(db: Db, actor: Actor, s: TMarketingSettings): Promise<TMarketingSettings> {
  await upsertSettings(db, actor.npoId, s);
  await recordAudit(db, { ...auditOf(actor), action: 'marketing_settings.updated', targetId: String(actor.npoId) });
  return selectSettings(db, actor.npoId);
}

export async function overview(db: Db, npoId: number): Promise<TMarketingOverview> {
  const emails = await listEmails(db, npoId);
  const sent = emails.filter((e) => e.sent_at !== null);
  const totals = { ...EMPTY, currency: emails[0]?.results.currency ?? (await selectBaseCurrency(db, npoId)) };
  for (const e of sent) for (const k of Object.keys(EMPTY) as Array<keyof typeof EMPTY>) totals[k] += e.results[k];
  const health = await countListHealth(db, npoId);
  return {
    settings: await selectSettings(db, npoId),
    totals,
    sent_count: sent.length,
    scheduled: emails
      .filter((e) => e.status === 'scheduled')
      .map(({ id, name, subject, scheduled_at, segment_name }) => ({ id, name, subject, scheduled_at, segment_name })),
    recent: sent.slice(0, 5),
    unsubscribed_contacts: health.unsubscribed,
    suppressed_addresses: health.suppressed,
  };
}

const auditOf = (actor: Actor) => ({
  npoId: actor.npoId,
  actorUserId: actor.userId,
  ip: actor.ip,
  targetType: 'marketing_email',
});
