// SQL of year-end statements in bulk (docs/product/reports.md#year-end-statements). A period is a
// giving year (`year`, labelled by the calendar year it ends in) starting in `startMonth`; its donors
// are those with a succeeded or refunded gift in it, as on the statement itself.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { donorNameSql } from '../donors/index.ts';

export type Period = { npoId: number; year: number; startMonth: number; start: Date; end: Date };

export type PeriodDonorRow = {
  donor_id: number;
  name: string;
  email: string | null;
  gift_count: number;
  total_base_minor: number;
  sent_at: string | null;
};

export type RunRow = {
  id: number;
  year: number;
  start_month: number;
  status: 'queued' | 'sending' | 'done';
  to_send: number;
  sent: number;
  already_sent: number;
  without_email: number;
  started_by: string | null;
  created_at: string;
  finished_at: string | null;
};

/** The period's donors: gifts counted and totalled (refunds netted) as the statement does. */
const periodDonors = (p: Period) => sql`
  SELECT d.donor_id, count(*)::int AS gift_count,
    (sum(d.base_amount_minor) + coalesce(sum(r.base), 0))::bigint AS total_base_minor
  FROM donations d
  LEFT JOIN LATERAL (SELECT sum(l.base_amount_minor) AS base FROM ledger_entries l
    WHERE l.donation_id = d.id AND l.kind IN ('refund', 'dispute')) r ON true
  WHERE d.npo_id = ${p.npoId} AND d.status IN ('succeeded', 'refunded')
    AND d.created_at >= ${p.start.toISOString()} AND d.created_at < ${p.end.toISOString()}
  GROUP BY d.donor_id`;

const emailOf = sql`nullif(btrim(dn.email), '')`;
const sentFor = (p: Period) => sql`statement_sends ss ON ss.npo_id = ${p.npoId} AND ss.year = ${p.year}
  AND ss.start_month = ${p.startMonth} AND ss.donor_id = dn.id`;

/** The period's donors matching `where`, in name order, with the date their statement was e-mailed. */
export async function selectPeriodDonors(db: Db | Tx, p: Period, where: SQL, limit: number): Promise<PeriodDonorRow[]> {
  const { rows } = await db.execute<PeriodDonorRow>(sql`
    SELECT dn.id AS donor_id, ${donorNameSql('dn')} AS name, ${emailOf} AS email, g.gift_count,
      g.total_base_minor, ss.sent_at
    FROM (${periodDonors(p)}) g
    JOIN donors dn ON dn.id = g.donor_id AND dn.npo_id = ${p.npoId}
    LEFT JOIN ${sentFor(p)}
    WHERE ${where}
    ORDER BY lower(${donorNameSql('dn')}), dn.id
    LIMIT ${limit}`);
  return rows.map((r) => ({
    ...r,
    donor_id: Number(r.donor_id),
    gift_count: Number(r.gift_count),
    total_base_minor: Number(r.total_base_minor),
    sent_at: r.sent_at === null ? null : new Date(r.sent_at).toISOString(),
  }));
}
export const withEmail = sql`${emailOf} IS NOT NULL`;
export const withoutEmail = sql`${emailOf} IS NULL`;

export type PeriodCounts = { donors: number; with_email: number; already_sent: number };

export async function countPeriodDonors(db: Db | Tx, p: Period): Promise<PeriodCounts> {
  const { rows } = await db.execute<PeriodCounts>(sql`
    SELECT count(*)::int AS donors, count(*) FILTER (WHERE ${emailOf} IS NOT NULL)::int AS with_email,
      count(ss.id) FILTER (WHERE ${emailOf} IS NOT NULL)::int AS already_sent
    FROM (SELECT DISTINCT d.donor_id FROM donations d WHERE d.npo_id = ${p.npoId}
      AND d.status IN ('succeeded', 'refunded')
      AND d.created_at >= ${p.start.toISOString()} AND d.created_at < ${p.end.toISOString()}) g
    JOIN donors dn ON dn.id = g.donor_id AND dn.npo_id = ${p.npoId}
    LEFT JOIN ${sentFor(p)}`);
  const r = rows[0];
  return {
    donors: Number(r?.donors ?? 0),
    with_email: Number(r?.with_email ?? 0),
    already_sent: Number(r?.already_sent ?? 0),
  };
}

export type RecipientRow = {
  donor_id: number;
  email: string;
  /** The donor's names and postal address, as the statement addresses them. */
  address: Record<string, string | null>;
};

/** The next donors of the run still without the period's statement, in id order. */
export async function selectNextRecipients(tx: Tx, p: Period, limit: number): Promise<RecipientRow[]> {
  const { rows } = await tx.execute<Record<string, string | null>>(sql`
    SELECT dn.id AS donor_id, ${emailOf} AS email, dn.first_name, dn.last_name, dn.address, dn.address2, dn.city,
      dn.state, dn.postal_code, dn.country
    FROM donors dn
    WHERE dn.npo_id = ${p.npoId} AND ${emailOf} IS NOT NULL
      AND EXISTS (SELECT 1 FROM donations d WHERE d.donor_id = dn.id AND d.npo_id = ${p.npoId}
        AND d.status IN ('succeeded', 'refunded')
        AND d.created_at >= ${p.start.toISOString()} AND d.created_at < ${p.end.toISOString()})
      AND NOT EXISTS (SELECT 1 FROM statement_sends ss WHERE ss.npo_id = ${p.npoId} AND ss.year = ${p.year}
        AND ss.start_month = ${p.startMonth} AND ss.donor_id = dn.id)
    ORDER BY dn.id
    LIMIT ${limit}`);
  return rows.map((r) => ({ donor_id: Number(r.donor_id), email: String(r.email), address: r }));
}

/** The donor's row for the period; false when another run already wrote it (nothing is sent then). */
export async function insertSend(
  tx: Tx,
  p: Period,
  runId: number,
  row: { donorId: number; email: string; giftCount: number; totalBaseMinor: number },
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    INSERT INTO statement_sends (npo_id, donor_id, year, start_month, run_id, email, gift_count, total_base_minor)
    VALUES (${p.npoId}, ${row.donorId}, ${p.year}, ${p.startMonth}, ${runId}, ${row.email}, ${row.giftCount},
      ${row.totalBaseMinor})
    ON CONFLICT (npo_id, year, start_month, donor_id) DO NOTHING
    RETURNING id`);
  return rows.length > 0;
}

const RUN_COLUMNS = sql`r.id, r.year, r.start_month, r.status, r.to_send, r.sent, r.already_sent, r.without_email,
  (SELECT coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), u.email) FROM users u WHERE u.id = r.started_by) AS started_by,
  r.created_at, r.finished_at`;

const toRun = (r: RunRow): RunRow => ({
  ...r,
  id: Number(r.id),
  created_at: new Date(r.created_at).toISOString(),
  finished_at: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
});

export async function insertRun(
  tx: Tx,
  p: Period,
  values: { toSend: number; alreadySent: number; withoutEmail: number; startedBy: number | null },
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO statement_runs (npo_id, year, start_month, status, to_send, already_sent, without_email, started_by,
      finished_at)
    VALUES (${p.npoId}, ${p.year}, ${p.startMonth}, ${values.toSend === 0 ? 'done' : 'queued'}, ${values.toSend},
      ${values.alreadySent}, ${values.withoutEmail}, ${values.startedBy}, ${values.toSend === 0 ? sql`now()` : null})
    RETURNING id`);
  return Number(rows[0]?.id);
}

export async function selectRun(db: Db | Tx, npoId: number, runId: number, lock = false): Promise<RunRow | null> {
  const { rows } = await db.execute<RunRow>(sql`
    SELECT ${RUN_COLUMNS} FROM statement_runs r WHERE r.id = ${runId} AND r.npo_id = ${npoId}
    ${lock ? sql`FOR UPDATE OF r` : sql``}`);
  return rows[0] ? toRun(rows[0]) : null;
}

export async function selectRuns(db: Db | Tx, npoId: number, limit = 20): Promise<RunRow[]> {
  const { rows } = await db.execute<RunRow>(sql`
    SELECT ${RUN_COLUMNS} FROM statement_runs r WHERE r.npo_id = ${npoId} ORDER BY r.created_at DESC, r.id DESC
    LIMIT ${limit}`);
  return rows.map(toRun);
}

/** Counts a batch's e-mails; `finished` closes the run. */
export async function advanceRun(tx: Tx, runId: number, sent: number, finished: boolean): Promise<void> {
  await tx.execute(sql`
    UPDATE statement_runs SET sent = sent + ${sent},
      status = ${finished ? 'done' : 'sending'}, finished_at = ${finished ? sql`now()` : null}
    WHERE id = ${runId}`);
}

export type SendRow = {
  donor_id: number;
  name: string;
  email: string;
  gift_count: number;
  total_base_minor: number;
  sent_at: string;
};

/** What a run sent, newest first. */
export async function selectRunLog(db: Db | Tx, runId: number, limit: number): Promise<SendRow[]> {
  const { rows } = await db.execute<SendRow>(sql`
    SELECT s.donor_id, ${donorNameSql('dn')} AS name, s.email, s.gift_count, s.total_base_minor, s.sent_at
    FROM statement_sends s JOIN donors dn ON dn.id = s.donor_id
    WHERE s.run_id = ${runId} ORDER BY s.id DESC LIMIT ${limit}`);
  return rows.map((r) => ({
    ...r,
    donor_id: Number(r.donor_id),
    gift_count: Number(r.gift_count),
    total_base_minor: Number(r.total_base_minor),
    sent_at: new Date(r.sent_at).toISOString(),
  }));
}

/** A donor's name, e-mail and postal address: who their statement is addressed to. */
export async function selectDonorAddress(
  db: Db | Tx,
  npoId: number,
  donorId: number,
): Promise<Record<string, string | null> | null> {
  const { rows } = await db.execute<Record<string, string | null>>(sql`
    SELECT first_name, last_name, email, address, address2, city, state, postal_code, country
    FROM donors WHERE id = ${donorId} AND npo_id = ${npoId}`);
  return rows[0] ?? null;
}
