import type { TCommunicationKind, TCommunicationSource } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { containsPattern, donorNameSql, donorsMatchingSql } from '../donors/index.ts';

export type CommunicationFilter = {
  npoId: number;
  contactId?: number;
  kind?: TCommunicationKind;
  search?: string;
  offset: number;
  limit: number;
};

export type CommunicationRow = {
  source: TCommunicationSource;
  id: number;
  kind: TCommunicationKind;
  direction: 'outbound' | 'inbound';
  subject: string;
  body: string;
  occurred_at: Date | string;
  donor_id: number;
  donor_name: string;
  user_id: number | null;
  user_name: string | null;
  donation_id: number | null;
  receipt_number: string | null;
};

/** Which of the four places an entry can come from a kind filter reads. */
const branchesFor = (kind: TCommunicationKind | undefined) => ({
  logged: kind !== 'note',
  notes: kind === undefined || kind === 'note',
  sent: kind === undefined || kind === 'email',
});

const and = (parts: SQL[]) => sql.join(parts, sql` AND `);

/**
 * One page of the record, newest first. Each source gives at most `offset + limit` of its newest
 * rows through its own index, so the page is the merge of four short lists, never of whole tables
 * (docs/decisions/047-communications-read-model.md). Receipts are taken newest gift first
 * (donations_npo_period_idx, decision 109): a receipt goes out seconds after its gift.
 */
export async function selectCommunications(db: Db | Tx, f: CommunicationFilter): Promise<CommunicationRow[]> {
  const top = f.offset + f.limit;
  const pattern = f.search ? containsPattern(f.search) : null;
  const contactFilter = (column: SQL) => {
    const parts: SQL[] = [];
    if (f.contactId !== undefined) parts.push(sql`${column} = ${f.contactId}`);
    return parts;
  };
  const matches = (column: SQL, text: SQL | null) =>
    f.search
      ? text
        ? sql`(${text} LIKE ${pattern} OR ${column} IN (${donorsMatchingSql(f.npoId, f.search)}))`
        : sql`${column} IN (${donorsMatchingSql(f.npoId, f.search)})`
      : sql`TRUE`;
  const use = branchesFor(f.kind);
  const branches: SQL[] = [];
  if (use.logged) {
    const where = [sql`c.npo_id = ${f.npoId}`, ...contactFilter(sql`c.donor_id`)];
    if (f.kind) where.push(sql`c.kind = ${f.kind}`);
    where.push(matches(sql`c.donor_id`, sql`lower(c.subject || ' ' || c.body)`));
    branches.push(sql`(SELECT 'logged' AS source, c.id, c.kind, c.direction, c.subject, c.body, c.occurred_at,
        c.donor_id, c.user_id, NULL::bigint AS donation_id, NULL::text AS receipt_number
      FROM logged_communications c WHERE ${and(where)} ORDER BY c.occurred_at DESC, c.id DESC LIMIT ${top})`);
  }
  if (use.notes) {
    const where = [sql`n.npo_id = ${f.npoId}`, sql`n.subject_type = 'donor'`, ...contactFilter(sql`n.subject_id`)];
    where.push(matches(sql`n.subject_id`, sql`lower(n.body)`));
    branches.push(sql`(SELECT 'note' AS source, n.id, 'note' AS kind, 'outbound' AS direction, '' AS subject, n.body,
        n.created_at AS occurred_at, n.subject_id AS donor_id, n.author_user_id AS user_id, NULL::bigint, NULL::text
      FROM notes n WHERE ${and(where)} ORDER BY n.created_at DESC, n.id DESC LIMIT ${top})`);
  }
  if (use.sent) {
    const receipts = [
      sql`d.npo_id = ${f.npoId}`,
      sql`d.receipt_sent_at IS NOT NULL`,
      ...contactFilter(sql`d.donor_id`),
    ];
    receipts.push(matches(sql`d.donor_id`, null));
    branches.push(sql`(SELECT 'receipt' AS source, d.id, 'email' AS kind, 'outbound' AS direction, '' AS subject, '' AS body,
        d.receipt_sent_at AS occurred_at, d.donor_id, NULL::bigint, d.id, d.receipt_number
      FROM donations d WHERE ${and(receipts)} ORDER BY d.created_at DESC, d.id DESC LIMIT ${top})`);
    const notices = [sql`e.npo_id = ${f.npoId}`, sql`e.sent_at IS NOT NULL`, ...contactFilter(sql`e.donor_id`)];
    notices.push(matches(sql`e.donor_id`, null));
    // A thank-you's notice key names its gift (donation-40); plan notices name their plan.
    branches.push(sql`(SELECT e.kind AS source, e.id, 'email' AS kind, 'outbound' AS direction, '' AS subject, '' AS body,
        e.sent_at AS occurred_at, e.donor_id, NULL::bigint,
        CASE WHEN e.notice_key ~ '^donation-[0-9]+$' THEN substr(e.notice_key, 10)::bigint END, NULL::text
      FROM email_notices e WHERE ${and(notices)} ORDER BY e.sent_at DESC, e.id DESC LIMIT ${top})`);
  }
  const { rows } = await db.execute<CommunicationRow>(sql`
    WITH entries AS (${sql.join(branches, sql` UNION ALL `)})
    SELECT en.source, en.id, en.kind, en.direction, en.subject, en.body, en.occurred_at, en.donor_id,
      ${donorNameSql('dn')} AS donor_name,
      en.user_id, nullif(trim(u.first_name || ' ' || u.last_name), '') AS user_name, en.donation_id, en.receipt_number
    FROM entries en JOIN donors dn ON dn.id = en.donor_id AND dn.npo_id = ${f.npoId}
    LEFT JOIN users u ON u.id = en.user_id
    ORDER BY en.occurred_at DESC, en.source, en.id DESC
    OFFSET ${f.offset} LIMIT ${f.limit}`);
  return rows;
}

export type LoggedValues = {
  npoId: number;
  donorId: number;
  kind: string;
  direction: string;
  subject: string;
  body: string;
  occurredAt: Date;
  userId: number;
};

export async function insertLogged(tx: Tx, v: LoggedValues): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO logged_communications (npo_id, donor_id, kind, direction, subject, body, occurred_at, user_id)
    VALUES (${v.npoId}, ${v.donorId}, ${v.kind}, ${v.direction}, ${v.subject}, ${v.body}, ${v.occurredAt}, ${v.userId})
    RETURNING id`);
  return Number(rows[0]?.id);
}

export async function selectLogged(tx: Tx, npoId: number, id: number) {
  const { rows } = await tx.execute<{
    id: number;
    user_id: number;
    donor_id: number;
    kind: string;
    subject: string;
  }>(sql`
    SELECT id, user_id, donor_id, kind, subject FROM logged_communications WHERE id = ${id} AND npo_id = ${npoId} FOR UPDATE`);
  return rows[0] ?? null;
}

export async function deleteLogged(tx: Tx, npoId: number, id: number) {
  await tx.execute(sql`DELETE FROM logged_communications WHERE id = ${id} AND npo_id = ${npoId}`);
}

export async function contactExists(db: Db | Tx, npoId: number, donorId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM donors WHERE id = ${donorId} AND npo_id = ${npoId}`);
  return rows.length > 0;
}

/** A merge's step: the duplicate's logged contacts move to the kept contact. */
export async function foldCommunicationsInto(tx: Tx, merge: { npoId: number; keepId: number; duplicateId: number }) {
  await tx.execute(sql`UPDATE logged_communications SET donor_id = ${merge.keepId}
    WHERE donor_id = ${merge.duplicateId} AND npo_id = ${merge.npoId}`);
}

/** Erasure: what staff wrote about a contact is personal data and goes with the rest. */
export async function eraseLoggedCommunications(tx: Tx, npoId: number, donorId: number) {
  await tx.execute(sql`DELETE FROM logged_communications WHERE donor_id = ${donorId} AND npo_id = ${npoId}`);
}
