// SQL of e-mail marketing: campaign e-mails, their settings and results. The sending rows'
// claim and mark live in marketing-send.repository.ts.
import type { TMarketingEmailStatus, TMarketingSettings } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';

export type EmailRow = {
  id: number;
  npo_id: number;
  name: string;
  subject: string;
  preheader: string;
  from_name: string;
  reply_to: string;
  html: string;
  text: string;
  segment_id: number | null;
  segment_name: string | null;
  links: string[];
  status: TMarketingEmailStatus;
  scheduled_at: Date | string | null;
  sent_at: Date | string | null;
  updated_at: Date | string;
};

export type EmailValues = Pick<
  EmailRow,
  'name' | 'subject' | 'preheader' | 'from_name' | 'reply_to' | 'html' | 'text' | 'segment_id'
>;

const COLUMNS = sql`e.id, e.npo_id, e.name, e.subject, e.preheader, e.from_name, e.reply_to, e.html, e.text,
  e.segment_id, coalesce(e.segment_name, s.name) AS segment_name, e.links, e.status, e.scheduled_at, e.sent_at,
  e.updated_at`;

export async function selectEmails(db: Db, npoId: number, where: SQL = sql`TRUE`, limit = 200): Promise<EmailRow[]> {
  const { rows } = await db.execute<EmailRow>(sql`
    SELECT ${COLUMNS} FROM marketing_emails e LEFT JOIN segments s ON s.id = e.segment_id
    WHERE e.npo_id = ${npoId} AND ${where} ORDER BY e.created_at DESC, e.id DESC LIMIT ${limit}`);
  return rows;
}

export async function selectEmail(db: Db | Tx, npoId: number, id: number): Promise<EmailRow | null> {
  const { rows } = await db.execute<EmailRow>(sql`
    SELECT ${COLUMNS} FROM marketing_emails e LEFT JOIN segments s ON s.id = e.segment_id
    WHERE e.npo_id = ${npoId} AND e.id = ${id}`);
  return rows[0] ?? null;
}

export async function insertEmail(db: Db, npoId: number, userId: number, v: EmailValues): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO marketing_emails (npo_id, name, subject, preheader, from_name, reply_to, html, text, segment_id,
      created_by_user_id)
    VALUES (${npoId}, ${v.name}, ${v.subject}, ${v.preheader}, ${v.from_name}, ${v.reply_to}, ${v.html}, ${v.text},
      ${v.segment_id}, ${userId})
    RETURNING id`);
  return Number(rows[0]?.id);
}

/** Changes a draft or scheduled e-mail; false when it is not one (any more). */
export async function updateEmail(db: Db, npoId: number, id: number, v: EmailValues): Promise<boolean> {
  const { rows } = await db.execute(sql`
    UPDATE marketing_emails SET name = ${v.name}, subject = ${v.subject}, preheader = ${v.preheader},
      from_name = ${v.from_name}, reply_to = ${v.reply_to}, html = ${v.html}, text = ${v.text},
      segment_id = ${v.segment_id}, updated_at = now()
    WHERE npo_id = ${npoId} AND id = ${id} AND status IN ('draft', 'scheduled') RETURNING id`);
  return rows.length > 0;
}

export async function deleteDraft(db: Db, npoId: number, id: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`DELETE FROM marketing_emails WHERE npo_id = ${npoId} AND id = ${id} AND status = 'draft' RETURNING id`,
  );
  return rows.length > 0;
}

/** Moves the e-mail from one of `from` to `to`; false when it was in none of them. */
export async function moveStatus(
  db: Db | Tx,
  npoId: number,
  id: number,
  from: TMarketingEmailStatus[],
  to: TMarketingEmailStatus,
  set: SQL = sql``,
): Promise<boolean> {
  const { rows } = await db.execute(sql`
    UPDATE marketing_emails SET status = ${to}, updated_at = now() ${set}
    WHERE npo_id = ${npoId} AND id = ${id} AND status IN (${sql.join(
      from.map((s) => sql`${s}`),
      sql`, `,
    )}) RETURNING id`);
  return rows.length > 0;
}

/**
 * The recipients of a send: each member of the segment with an address, once (the unique index).
 * Opt-outs and suppressed addresses are checked when each is sent, not here (decision 075).
 */
export async function insertRecipients(db: Db | Tx, npoId: number, id: number, members: SQL): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO marketing_recipients (email_id, npo_id, donor_id, email)
    SELECT ${id}, ${npoId}, dn.id, dn.email FROM donors dn
    WHERE dn.npo_id = ${npoId} AND dn.email <> '' AND dn.id IN (${members})
    ON CONFLICT (email_id, donor_id) DO NOTHING`);
  return result.rowCount ?? 0;
}

const DEFAULT_SETTINGS: TMarketingSettings = {
  track_opens: true,
  track_clicks: true,
  throttle_per_minute: 600,
  attribution_days: 30,
};

export async function selectSettings(db: Db | Tx, npoId: number): Promise<TMarketingSettings> {
  const { rows } = await db.execute<TMarketingSettings>(sql`
    SELECT track_opens, track_clicks, throttle_per_minute, attribution_days FROM marketing_settings
    WHERE npo_id = ${npoId}`);
  return rows[0] ?? DEFAULT_SETTINGS;
}

export async function upsertSettings(db: Db, npoId: number, s: TMarketingSettings): Promise<void> {
  await db.execute(sql`
    INSERT INTO marketing_settings (npo_id, track_opens, track_clicks, throttle_per_minute, attribution_days)
    VALUES (${npoId}, ${s.track_opens}, ${s.track_clicks}, ${s.throttle_per_minute}, ${s.attribution_days})
    ON CONFLICT (npo_id) DO UPDATE SET track_opens = EXCLUDED.track_opens, track_clicks = EXCLUDED.track_clicks,
      throttle_per_minute = EXCLUDED.throttle_per_minute, attribution_days = EXCLUDED.attribution_days,
      updated_at = now()`);
}

export type ResultsRow = {
  email_id: number;
  recipients: number;
  queued: number;
  sent: number;
  delivered: number;
  bounced: number;
  skipped: number;
  interrupted: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
  gifts: number;
  revenue_minor: number;
};

/**
 * Counts per e-mail; gifts and revenue: succeeded gifts of a recipient made within `days` after
 * their e-mail was sent (base currency: docs/product/crm-email-marketing.md#results).
 */
export async function selectResults(db: Db, npoId: number, ids: number[], days: number): Promise<ResultsRow[]> {
  if (ids.length === 0) return [];
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const { rows } = await db.execute<ResultsRow>(sql`
    SELECT r.email_id, count(*)::int AS recipients,
      count(*) FILTER (WHERE r.status IN ('queued', 'sending'))::int AS queued,
      count(*) FILTER (WHERE r.status IN ('sent', 'bounced'))::int AS sent,
      count(r.delivered_at)::int AS delivered,
      count(*) FILTER (WHERE r.status = 'bounced')::int AS bounced,
      count(*) FILTER (WHERE r.status = 'skipped')::int AS skipped,
      count(*) FILTER (WHERE r.status IN ('interrupted', 'failed'))::int AS interrupted,
      count(r.opened_at)::int AS opened, count(r.clicked_at)::int AS clicked,
      count(r.unsubscribed_at)::int AS unsubscribed,
      coalesce(sum(g.gifts), 0)::int AS gifts, coalesce(sum(g.revenue), 0)::bigint AS revenue_minor
    FROM marketing_recipients r
    LEFT JOIN LATERAL (
      SELECT count(*) AS gifts, sum(d.base_amount_minor) AS revenue FROM donations d
      WHERE r.sent_at IS NOT NULL AND d.npo_id = ${npoId} AND d.donor_id = r.donor_id AND d.status = 'succeeded'
        AND d.created_at >= r.sent_at AND d.created_at < r.sent_at + make_interval(days => ${days})
    ) g ON TRUE
    WHERE r.npo_id = ${npoId} AND r.email_id IN (${idList})
    GROUP BY r.email_id`);
  return rows.map((r) => ({ ...r, revenue_minor: Number(r.revenue_minor) }));
}

export async function countListHealth(db: Db, npoId: number) {
  const { rows } = await db.execute<{ unsubscribed: number; suppressed: number }>(sql`
    SELECT (SELECT count(*) FROM contact_details WHERE npo_id = ${npoId} AND communication ? 'email')::int AS unsubscribed,
      (SELECT count(*) FROM email_suppressions WHERE npo_id = ${npoId})::int AS suppressed`);
  return rows[0] ?? { unsubscribed: 0, suppressed: 0 };
}

export async function selectBaseCurrency(db: Db, npoId: number): Promise<string> {
  const { rows } = await db.execute<{ c: string }>(sql`SELECT base_currency AS c FROM npos WHERE id = ${npoId}`);
  return rows[0]?.c ?? 'USD';
}
