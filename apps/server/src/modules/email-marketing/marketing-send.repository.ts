// SQL of sending (docs/decisions/075-email-marketing-sends.md): one sender holds an e-mail's lease,
// claims queued rows, sends and marks them. A row left claimed by a sender that died is never sent
// again: it becomes 'interrupted' (at most once).
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { optedOutOfEmailSql } from '../contacts/index.ts';

/** Seconds a sender's lease lasts without renewal; a sender renews it before each batch. */
export const LEASE_SECONDS = 60;

export type SendingEmail = {
  id: number;
  npo_id: number;
  subject: string;
  preheader: string;
  from_name: string;
  reply_to: string;
  html: string;
  text: string;
  links: string[];
  organisation_name: string;
};

/**
 * Takes the lease of a sending e-mail whose lease is free or lapsed, and turns the rows the last
 * holder claimed but did not mark into 'interrupted': they may have gone out.
 */
export async function takeLease(db: Db, emailId: number, token: string): Promise<SendingEmail | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<SendingEmail>(sql`
      UPDATE marketing_emails e SET sender_token = ${token},
        lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
      FROM npos n
      WHERE e.id = ${emailId} AND e.status = 'sending' AND n.id = e.npo_id
        AND (e.lease_until IS NULL OR e.lease_until < now())
      RETURNING e.id, e.npo_id, e.subject, e.preheader, e.from_name, e.reply_to, e.html, e.text, e.links,
        n.name AS organisation_name`);
    const email = rows[0];
    if (!email) return null;
    await tx.execute(sql`
      UPDATE marketing_recipients SET status = 'interrupted',
        error = 'The sender stopped while this e-mail was being sent; it is not sent again.'
      WHERE email_id = ${emailId} AND status = 'sending'`);
    return email;
  });
}

/** Renews the lease; false when another sender took it over (this one must stop). */
export async function renewLease(db: Db, emailId: number, token: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    UPDATE marketing_emails SET lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
    WHERE id = ${emailId} AND status = 'sending' AND sender_token = ${token} RETURNING id`);
  return rows.length > 0;
}

/** Lets the next job take the lease at once (a slice ended). */
export async function releaseLease(db: Db, emailId: number, token: string): Promise<void> {
  await db.execute(
    sql`UPDATE marketing_emails SET lease_until = NULL WHERE id = ${emailId} AND sender_token = ${token}`,
  );
}

/** Marks the e-mail sent when no row is queued or being sent. */
export async function finishIfDone(db: Db, emailId: number, token: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    UPDATE marketing_emails SET status = 'sent', finished_at = now(), lease_until = NULL, updated_at = now()
    WHERE id = ${emailId} AND sender_token = ${token} AND status = 'sending'
      AND NOT EXISTS (SELECT 1 FROM marketing_recipients WHERE email_id = ${emailId} AND status IN ('queued', 'sending'))
    RETURNING id`);
  return rows.length > 0;
}

/** How many more e-mails the organisation may send this minute under its throttle. */
export async function allowance(db: Db, npoId: number, perMinute: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM marketing_recipients
    WHERE npo_id = ${npoId} AND sent_at IS NOT NULL AND sent_at > now() - interval '1 minute'`);
  return perMinute - (rows[0]?.n ?? 0);
}

export type ClaimedRow = {
  id: number;
  donor_id: number;
  email: string;
  token: string;
  first_name: string;
  last_name: string;
  /** Why it is not sent: opted out or suppressed, checked now rather than when queued. */
  excluded: 'opted_out' | 'suppressed' | null;
};

/** Claims up to `limit` queued rows for this sender, with what sending them needs. */
export async function claimRows(db: Db, emailId: number, token: string, limit: number): Promise<ClaimedRow[]> {
  const { rows } = await db.execute<ClaimedRow>(sql`
    WITH claimed AS (
      UPDATE marketing_recipients r SET status = 'sending', claimed_by = ${token}, claimed_at = now()
      FROM (SELECT id FROM marketing_recipients WHERE email_id = ${emailId} AND status = 'queued'
            ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED) c
      WHERE r.id = c.id
      RETURNING r.id, r.npo_id, r.donor_id, r.email, r.token
    )
    SELECT c.id, c.donor_id, c.email, c.token::text AS token, dn.first_name, dn.last_name,
      CASE WHEN ${optedOutOfEmailSql(sql`c.donor_id`)} THEN 'opted_out'
           WHEN EXISTS (SELECT 1 FROM email_suppressions s WHERE s.npo_id = c.npo_id AND s.email = lower(c.email))
             THEN 'suppressed' END AS excluded
    FROM claimed c JOIN donors dn ON dn.id = c.donor_id
    ORDER BY c.id`);
  return rows;
}

export type Outcome =
  | { id: number; status: 'sent'; delivered: boolean }
  | { id: number; status: 'bounced' | 'failed' | 'skipped'; error: string };

/** Marks a batch's outcomes in one statement; only rows this sender still holds. */
export async function markRows(db: Db, token: string, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const values = sql.join(
    outcomes.map(
      (o) =>
        sql`(${o.id}::bigint, ${o.status}, ${o.status === 'sent' && o.delivered}::boolean, ${'error' in o ? o.error : null}::text)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE marketing_recipients r SET status = v.status,
      sent_at = CASE WHEN v.status IN ('sent', 'bounced') THEN now() END,
      delivered_at = CASE WHEN v.delivered THEN now() END,
      bounced_at = CASE WHEN v.status = 'bounced' THEN now() END,
      error = v.error
    FROM (VALUES ${values}) AS v(id, status, delivered, error)
    WHERE r.id = v.id AND r.claimed_by = ${token} AND r.status = 'sending'`);
}

/** A hard bounce: the address is never e-mailed again by the organisation. */
export async function suppress(db: Db, npoId: number, email: string, reason: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO email_suppressions (npo_id, email, reason) VALUES (${npoId}, ${email.toLowerCase()}, ${reason})
    ON CONFLICT DO NOTHING`);
}

/** E-mails due to start (scheduled and due) and sends whose sender's lease lapsed. */
export async function selectDue(db: Db): Promise<{ due: Array<{ id: number; npo_id: number }>; stalled: number[] }> {
  const due = await db.execute<{ id: number; npo_id: number }>(sql`
    SELECT id, npo_id FROM marketing_emails WHERE status = 'scheduled' AND scheduled_at <= now() ORDER BY scheduled_at LIMIT 100`);
  const stalled = await db.execute<{ id: number }>(sql`
    SELECT id FROM marketing_emails WHERE status = 'sending' AND (lease_until IS NULL OR lease_until < now()) LIMIT 100`);
  return { due: due.rows, stalled: stalled.rows.map((r) => Number(r.id)) };
}
