import type { TConsoleUser } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';

type Row = {
  id: number;
  name: string;
  email: string;
  memberships: Array<{ npo_id: number; npo: string; role_name: string }>;
  last_sign_in_at: string | null;
  two_factor: boolean;
  locked: boolean;
  email_verified: boolean;
  sessions: number;
};

const toUser = (r: Row): TConsoleUser => ({
  ...r,
  id: Number(r.id),
  memberships: r.memberships.map((m) => ({ ...m, npo_id: Number(m.npo_id) })),
  last_sign_in_at: r.last_sign_in_at === null ? null : new Date(r.last_sign_in_at).toISOString(),
  sessions: Number(r.sessions),
});

/** The page's users (by e-mail), then each one's memberships and live sessions. */
const selectUsers = (where: SQL, limit: number, offset: number) => sql`
  WITH page AS (SELECT u.* FROM users u WHERE ${where} ORDER BY lower(u.email), u.id LIMIT ${limit} OFFSET ${offset})
  SELECT p.id, trim(p.first_name || ' ' || p.last_name) AS name, p.email, p.last_sign_in_at, p.otp_enabled AS two_factor,
    p.locked_at IS NOT NULL AS locked, p.email_verified_at IS NOT NULL AS email_verified,
    (SELECT coalesce(json_agg(json_build_object('npo_id', n.id, 'npo', n.name, 'role_name', m.role_name) ORDER BY n.name), '[]')
      FROM memberships m JOIN npos n ON n.id = m.npo_id WHERE m.user_id = p.id) AS memberships,
    (SELECT count(*) FROM sessions s WHERE s.user_id = p.id AND s.expires_at > now())::int AS sessions
  FROM page p ORDER BY lower(p.email), p.id`;

export async function listUsers(db: Tx, query: { page: number; per_page: number; q?: string | undefined }) {
  const where = query.q
    ? sql`(u.email ILIKE ${`%${query.q}%`} OR (u.first_name || ' ' || u.last_name) ILIKE ${`%${query.q}%`})`
    : sql`true`;
  const { rows } = await db.execute<Row>(selectUsers(where, query.per_page, (query.page - 1) * query.per_page));
  const { rows: count } = await db.execute<{ total: number }>(
    sql`SELECT count(*)::int AS total FROM users u WHERE ${where}`,
  );
  return { users: rows.map(toUser), total: Number(count[0]?.total ?? 0) };
}

export async function findConsoleUser(db: Tx, id: number): Promise<TConsoleUser | null> {
  const { rows } = await db.execute<Row>(selectUsers(sql`u.id = ${id}`, 1, 0));
  const row = rows[0];
  return row ? toUser(row) : null;
}
