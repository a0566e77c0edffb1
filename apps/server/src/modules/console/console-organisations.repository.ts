import type { TConsoleListQuery, TConsoleOrganisation, TOrganisationStatus } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { figuresThrough } from './console-figures.repository.ts';

type Row = {
  id: number;
  name: string;
  slug: string;
  status: TOrganisationStatus;
  status_reason: string;
  verified_at: string | null;
  created_at: string;
  base_currency: string;
  stripe_account_id: string | null;
  paypal_merchant_id: string | null;
  members: number;
  processed_minor: number;
  platform_fee_bps: number | null;
};

const toOrganisation = (r: Row): TConsoleOrganisation => ({
  id: Number(r.id),
  name: r.name,
  slug: r.slug,
  status: r.status,
  status_reason: r.status_reason,
  verified: r.verified_at !== null,
  created_at: new Date(r.created_at).toISOString(),
  base_currency: r.base_currency,
  processors: [
    ...(r.stripe_account_id ? (['stripe'] as const) : []),
    ...(r.paypal_merchant_id ? (['paypal'] as const) : []),
  ],
  members: Number(r.members),
  processed_minor: Number(r.processed_minor),
  platform_fee_bps: r.platform_fee_bps === null ? null : Number(r.platform_fee_bps),
});

/**
 * Where the roll-up ends: the ledger rows from then on are read live (decision 073). Read in the
 * statement that reads the totals, so a roll-up committing meanwhile neither drops nor doubles a
 * day; `seen` (the same, read just before) only gives the planner a value to estimate the rows by:
 * the roll-up only moves forward, so it is never later than the statement's own.
 */
async function liveFrom(db: Tx): Promise<SQL> {
  const through = await figuresThrough(db);
  const seen = through === null ? '-infinity' : new Date(Date.parse(`${through}T00:00:00Z`) + 86_400_000).toISOString();
  return sql`${seen}::timestamptz AND l.created_at >= coalesce((SELECT (figures_through + 1)::timestamp AT TIME ZONE 'UTC'
    FROM platform_settings WHERE id = 1), '-infinity'::timestamptz)`;
}

/**
 * The page's organisations first (newest first, by name or status), then their members and money
 * for those rows only: the money processed (gifts and covered fees, as the index's gross) is the
 * organisation's closed days from console_organisation_totals plus its ledger rows after them,
 * read through its own (npo_id, created_at) index, so a page costs the same whatever the
 * organisation's or the platform's size (docs/decisions/073-console-organisation-totals.md).
 */
const selectOrganisations = (where: SQL, limit: number, offset: number, from: SQL) => sql`
  WITH page AS (
    SELECT n.* FROM npos n WHERE ${where} ORDER BY n.created_at DESC, n.id DESC LIMIT ${limit} OFFSET ${offset})
  SELECT p.id, p.name, p.slug, p.status, p.status_reason, p.verified_at, p.created_at, p.base_currency,
    p.stripe_account_id, p.paypal_merchant_id, p.platform_fee_bps,
    (SELECT count(*) FROM memberships m WHERE m.npo_id = p.id AND m.suspended_at IS NULL)::int AS members,
    ((SELECT coalesce(sum(t.gross_minor), 0) FROM console_organisation_totals t WHERE t.npo_id = p.id)
      + (SELECT coalesce(sum(l.base_amount_minor), 0) FROM ledger_entries l
         WHERE l.npo_id = p.id AND l.created_at >= ${from} AND l.kind IN ('gift', 'fee_covered')))::bigint
      AS processed_minor
  FROM page p ORDER BY p.created_at DESC, p.id DESC`;

const filterOf = (query: Pick<TConsoleListQuery, 'q' | 'status'>): SQL => {
  const parts: SQL[] = [sql`true`];
  if (query.status) parts.push(sql`n.status = ${query.status}`);
  if (query.q) parts.push(sql`(n.name ILIKE ${`%${query.q}%`} OR n.slug ILIKE ${`%${query.q}%`})`);
  return sql.join(parts, sql` AND `);
};

export async function listOrganisations(db: Tx, query: TConsoleListQuery) {
  const where = filterOf(query);
  const offset = (query.page - 1) * query.per_page;
  const { rows } = await db.execute<Row>(selectOrganisations(where, query.per_page, offset, await liveFrom(db)));
  const { rows: count } = await db.execute<{ total: number }>(
    sql`SELECT count(*)::int AS total FROM npos n WHERE ${where}`,
  );
  return { organisations: rows.map(toOrganisation), total: Number(count[0]?.total ?? 0) };
}

export async function findOrganisation(db: Tx, id: number): Promise<TConsoleOrganisation | null> {
  const { rows } = await db.execute<Row>(selectOrganisations(sql`n.id = ${id}`, 1, 0, await liveFrom(db)));
  const row = rows[0];
  return row ? toOrganisation(row) : null;
}

/**
 * Gifts, refunds and platform fees (base currency): the closed days' totals plus the ledger after
 * them (decision 073); donations are the gifts the ledger records. Plans and campaigns counted live.
 */
export async function organisationFigures(db: Tx, id: number) {
  const from = await liveFrom(db);
  const { rows } = await db.execute<Record<string, number>>(sql`
    WITH live AS (
      SELECT (count(*) FILTER (WHERE l.kind = 'gift'))::int AS donations,
        coalesce(sum(l.base_amount_minor) FILTER (WHERE l.kind IN ('gift', 'fee_covered')), 0)::bigint AS gross,
        coalesce(-sum(l.base_amount_minor) FILTER (WHERE l.kind IN ('refund', 'dispute')), 0)::bigint AS refunds,
        coalesce(-sum(l.base_amount_minor) FILTER (WHERE l.kind = 'platform_fee'), 0)::bigint AS fees
      FROM ledger_entries l WHERE l.npo_id = ${id} AND l.created_at >= ${from}),
    closed AS (
      SELECT coalesce(sum(t.donations), 0)::int AS donations, coalesce(sum(t.gross_minor), 0)::bigint AS gross,
        coalesce(sum(t.refunds_minor), 0)::bigint AS refunds, coalesce(sum(t.fees_minor), 0)::bigint AS fees
      FROM console_organisation_totals t WHERE t.npo_id = ${id})
    SELECT live.donations + closed.donations AS donations, live.gross + closed.gross AS gross,
      live.refunds + closed.refunds AS refunds, live.fees + closed.fees AS fees,
      (SELECT count(*) FROM recurring_plans r WHERE r.npo_id = ${id} AND r.status = 'active')::int AS active_plans,
      (SELECT count(*) FROM campaigns c WHERE c.npo_id = ${id})::int AS campaigns
    FROM live, closed`);
  const r = rows[0] ?? {};
  return {
    donations: Number(r.donations ?? 0),
    gross_minor: Number(r.gross ?? 0),
    refunds_minor: Number(r.refunds ?? 0),
    fees_minor: Number(r.fees ?? 0),
    active_plans: Number(r.active_plans ?? 0),
    campaigns: Number(r.campaigns ?? 0),
  };
}

export async function organisationMembers(db: Tx, id: number) {
  const { rows } = await db.execute<{
    user_id: number;
    name: string;
    email: string;
    role_name: string;
    suspended: boolean;
  }>(sql`
    SELECT u.id AS user_id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, m.role_name,
      m.suspended_at IS NOT NULL AS suspended
    FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.npo_id = ${id} ORDER BY u.last_name, u.first_name, u.id`);
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id) }));
}

/** The organisation's console actions, newest first, with who acted and why. */
export async function consoleAuditOf(db: Tx, targetType: 'organisation' | 'user', id: number) {
  const { rows } = await db.execute<{
    id: number;
    action: string;
    actor: string;
    reason: string;
    created_at: string;
  }>(sql`
    SELECT a.id, a.action, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email, 'Kindling') AS actor,
      coalesce(a.data->>'reason', '') AS reason, a.created_at
    FROM audit_log a LEFT JOIN users u ON u.id = a.actor_user_id
    WHERE a.target_type = ${targetType} AND a.target_id = ${String(id)} AND a.action LIKE 'console.%'
    ORDER BY a.created_at DESC, a.id DESC LIMIT 50`);
  return rows.map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at).toISOString() }));
}

export async function setOrganisationStatus(db: Tx, id: number, status: TOrganisationStatus, reason: string) {
  await db.execute(
    sql`UPDATE npos SET status = ${status}, status_reason = ${status === 'active' ? '' : reason} WHERE id = ${id}`,
  );
}

export async function setOrganisationVerified(db: Tx, id: number, verified: boolean) {
  await db.execute(sql`UPDATE npos SET verified_at = ${verified ? sql`now()` : null} WHERE id = ${id}`);
}

export async function setOrganisationFee(db: Tx, id: number, bps: number | null) {
  await db.execute(sql`UPDATE npos SET platform_fee_bps = ${bps} WHERE id = ${id}`);
}
