// The staff members list, a member's page and its actions, and the headline figures
// (docs/decisions/049-memberships.md). Every read is scoped to the signed-in organisation: another
// organisation's ids answer 404.
import {
  MEMBERSHIP_MESSAGES,
  type TMembershipDetail,
  type TMembershipFigures,
  type TMembershipRow,
  type TPortalMemberships,
  type ZMembershipListQuery,
} from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { memberCardToken } from './member-card.service.ts';
import { membershipTrends } from './membership-trends.ts';

type ListQuery = z.output<typeof ZMembershipListQuery>;
export type Actor = { userId: number; npoId: number };
const PER_PAGE = 50;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

type Row = Omit<TMembershipRow, 'joined_at' | 'period_start' | 'period_end'> & {
  joined_at: Date | null;
  period_start: Date | null;
  period_end: Date | null;
};

const rowOf = (r: Row): TMembershipRow => ({
  ...r,
  id: Number(r.id),
  tier_id: Number(r.tier_id),
  donor_id: r.donor_id === null ? null : Number(r.donor_id),
  plan_id: r.plan_id === null ? null : Number(r.plan_id),
  joined_at: iso(r.joined_at),
  period_start: iso(r.period_start),
  period_end: iso(r.period_end),
});

const COLUMNS = sql`m.id, m.tier_id, t.name AS tier, m.status, m.renewal, m.joined_at, m.period_start, m.period_end,
  m.donor_id, m.plan_id,
  (SELECT coalesce(json_agg(json_build_object('name', p.name, 'email', p.email) ORDER BY p.position), '[]')
   FROM membership_members p WHERE p.membership_id = m.id) AS members`;

function filtersOf(npoId: number, q: Omit<ListQuery, 'page'>): SQL {
  const parts = [sql`m.npo_id = ${npoId}`, sql`m.status <> 'pending'`];
  if (q.q) parts.push(sql`m.search_text LIKE ${`%${q.q.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`}`);
  if (q.tier_id) parts.push(sql`m.tier_id = ${q.tier_id}`);
  if (q.status) parts.push(sql`m.status = ${q.status}`);
  if (q.expiring_within_days !== undefined) {
    parts.push(sql`m.status IN ('active', 'in_grace')
      AND m.period_end <= now() + make_interval(days => ${q.expiring_within_days}) AND m.period_end >= now()`);
  }
  return sql.join(parts, sql` AND `);
}

export async function listMemberships(db: Db, npoId: number, q: ListQuery) {
  const where = filtersOf(npoId, q);
  const [{ rows }, { rows: count }] = await Promise.all([
    // The page's ids first (an index read in the list's order), then its 50 rows' tiers and members:
    // a later page skips rows without building them (docs/decisions/082-membership-welcome-and-figures.md).
    db.execute<Row>(sql`
      WITH page AS (SELECT m.id FROM supporter_memberships m WHERE ${where}
        ORDER BY m.period_end NULLS LAST, m.id LIMIT ${PER_PAGE} OFFSET ${(q.page - 1) * PER_PAGE})
      SELECT ${COLUMNS} FROM page JOIN supporter_memberships m ON m.id = page.id JOIN membership_tiers t ON t.id = m.tier_id
      ORDER BY m.period_end NULLS LAST, m.id`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM supporter_memberships m WHERE ${where}`),
  ]);
  return { memberships: rows.map(rowOf), total: count[0]?.n ?? 0, page: q.page, per_page: PER_PAGE };
}

/** Every membership the filters match, for the CSV export. */
export async function allMemberships(db: Db, npoId: number, q: Omit<ListQuery, 'page'>) {
  const { rows } = await db.execute<Row>(sql`
    SELECT ${COLUMNS} FROM supporter_memberships m JOIN membership_tiers t ON t.id = m.tier_id
    WHERE ${filtersOf(npoId, q)} ORDER BY m.id`);
  return rows.map(rowOf);
}

export async function getMembership(db: Db, npoId: number, id: number): Promise<TMembershipDetail> {
  const { rows } = await db.execute<Row & { currency: string; price_minor: number }>(sql`
    SELECT ${COLUMNS}, m.currency, m.price_minor FROM supporter_memberships m JOIN membership_tiers t ON t.id = m.tier_id
    WHERE m.id = ${id} AND m.npo_id = ${npoId} AND m.status <> 'pending'`);
  const found = rows[0];
  if (!found) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notFound);
  const [{ rows: payments }, { rows: history }] = await Promise.all([
    db.execute<{ donation_id: number; amount_minor: number; at: Date }>(sql`
      SELECT d.id AS donation_id, d.amount_minor, d.created_at AS at FROM membership_payments p
      JOIN donations d ON d.id = p.donation_id WHERE p.membership_id = ${id} ORDER BY d.created_at DESC`),
    db.execute<{ at: Date; kind: string; detail: string; actor: string | null }>(sql`
      SELECT h.at, h.kind, h.detail, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS actor
      FROM membership_history h LEFT JOIN users u ON u.id = h.actor_user_id
      WHERE h.membership_id = ${id} ORDER BY h.at DESC, h.id DESC`),
  ]);
  return {
    ...rowOf(found),
    currency: found.currency,
    price_minor: Number(found.price_minor),
    payments: payments.map((p) => ({
      donation_id: Number(p.donation_id),
      amount_minor: Number(p.amount_minor),
      at: new Date(p.at).toISOString(),
    })),
    history: history.map((h) => ({ ...h, at: new Date(h.at).toISOString() })),
  };
}

/**
 * Extends the current period by whole months. An expired membership (in grace or lapsed) becomes
 * active again from its old expiry; a lapsed one takes its place in the tier back.
 */
export async function extendMembership(db: Db, actor: Actor, id: number, months: number) {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ status: string; tier_id: number }>(sql`
      SELECT status, tier_id FROM supporter_memberships WHERE id = ${id} AND npo_id = ${actor.npoId}
        AND status <> 'pending' FOR UPDATE`);
    const m = rows[0];
    if (!m) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notFound);
    if (m.status === 'cancelled') throw new AppError('CONFLICT', MEMBERSHIP_MESSAGES.cancelled);
    if (m.status === 'lapsed') {
      const { rows: taken } = await tx.execute(sql`
        UPDATE membership_tiers SET taken = taken + 1 WHERE id = ${m.tier_id} AND (capacity IS NULL OR taken < capacity)
        RETURNING id`);
      if (taken.length === 0) throw new AppError('CONFLICT', MEMBERSHIP_MESSAGES.tierFull('this'));
    }
    await tx.execute(sql`
      UPDATE supporter_memberships SET status = 'active',
        period_end = coalesce(period_end, now()) + make_interval(months => ${months}), updated_at = now()
      WHERE id = ${id}`);
    await tx.execute(sql`
      INSERT INTO membership_history (membership_id, kind, detail, actor_user_id)
      VALUES (${id}, 'extended', ${`Extended by ${months} ${months === 1 ? 'month' : 'months'}.`}, ${actor.userId})`);
  });
}

/** Cancels a membership at once; its place in the tier is given back. Cancelling twice changes nothing. */
export async function cancelMembership(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ status: string; tier_id: number }>(sql`
      SELECT status, tier_id FROM supporter_memberships WHERE id = ${id} AND npo_id = ${actor.npoId}
        AND status <> 'pending' FOR UPDATE`);
    const m = rows[0];
    if (!m) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notFound);
    if (m.status === 'cancelled') return;
    if (m.status !== 'lapsed') {
      await tx.execute(sql`UPDATE membership_tiers SET taken = taken - 1 WHERE id = ${m.tier_id}`);
    }
    await tx.execute(sql`UPDATE supporter_memberships SET status = 'cancelled', updated_at = now() WHERE id = ${id}`);
    await tx.execute(sql`
      INSERT INTO membership_history (membership_id, kind, detail, actor_user_id)
      VALUES (${id}, 'cancelled', 'Cancelled by staff.', ${actor.userId})`);
  });
}

export async function membershipFigures(db: Db, npoId: number): Promise<TMembershipFigures> {
  const [{ rows: tiers }, { rows: counts }, { rows: npo }, trends] = await Promise.all([
    db.execute<{ tier_id: number; tier: string; active: number }>(sql`
      SELECT t.id AS tier_id, t.name AS tier,
        (SELECT count(*)::int FROM supporter_memberships m WHERE m.tier_id = t.id AND m.status = 'active') AS active
      FROM membership_tiers t WHERE t.npo_id = ${npoId} AND NOT t.archived ORDER BY t.campaign_id, t.position`),
    db.execute<Omit<TMembershipFigures, 'currency' | 'active_by_tier' | 'trends'>>(sql`
      SELECT
        count(*) FILTER (WHERE m.joined_at >= now() - interval '30 days')::int AS new_last_30_days,
        (SELECT count(DISTINCT h.membership_id)::int FROM membership_history h JOIN supporter_memberships x
          ON x.id = h.membership_id WHERE x.npo_id = ${npoId} AND h.kind = 'lapsed'
          AND h.at >= now() - interval '30 days') AS lapsed_last_30_days,
        count(*) FILTER (WHERE m.status = 'in_grace')::int AS in_grace,
        count(*) FILTER (WHERE m.status IN ('active', 'in_grace') AND m.period_end >= now()
          AND m.period_end <= now() + interval '30 days')::int AS expiring_within_30_days,
        (SELECT coalesce(sum(d.amount_minor), 0)::bigint FROM membership_payments p
          JOIN donations d ON d.id = p.donation_id JOIN supporter_memberships x ON x.id = p.membership_id
          WHERE x.npo_id = ${npoId} AND d.status = 'succeeded' AND d.created_at >= now() - interval '365 days')
          AS revenue_last_365_days_minor
      FROM supporter_memberships m WHERE m.npo_id = ${npoId}`),
    db.execute<{ currency: string }>(
      sql`SELECT currency FROM campaigns WHERE npo_id = ${npoId} AND campaign_type = 'membership' ORDER BY id LIMIT 1`,
    ),
    membershipTrends(db, npoId),
  ]);
  const c = counts[0];
  return {
    currency: npo[0]?.currency ?? 'USD',
    trends,
    active_by_tier: tiers.map((t) => ({ ...t, tier_id: Number(t.tier_id) })),
    new_last_30_days: c?.new_last_30_days ?? 0,
    lapsed_last_30_days: c?.lapsed_last_30_days ?? 0,
    in_grace: c?.in_grace ?? 0,
    expiring_within_30_days: c?.expiring_within_30_days ?? 0,
    revenue_last_365_days_minor: Number(c?.revenue_last_365_days_minor ?? 0),
  };
}

export async function donorMemberships(db: Db, npoId: number, donorId: number) {
  const { rows } = await db.execute<{ id: number; tier: string; status: 'active'; period_end: Date | null }>(sql`
    SELECT m.id, t.name AS tier, m.status, m.period_end FROM supporter_memberships m
    JOIN membership_tiers t ON t.id = m.tier_id
    WHERE m.npo_id = ${npoId} AND m.donor_id = ${donorId} AND m.status <> 'pending' ORDER BY m.id DESC`);
  return { memberships: rows.map((r) => ({ ...r, id: Number(r.id), period_end: iso(r.period_end) })) };
}

/**
 * The portal donor's memberships with their card (docs/decisions/064-member-cards.md): those joined
 * as this donor, and those naming the donor's e-mail address as a member (a household's second member).
 */
export async function portalMemberships(
  db: Db,
  secret: string,
  subject: { npoId: number; donorId: number | null },
): Promise<TPortalMemberships> {
  if (subject.donorId === null) return { memberships: [] };
  const { rows } = await db.execute<{ id: number; tier: string; status: 'active'; period_end: Date | null }>(sql`
    SELECT m.id, t.name AS tier, m.status, m.period_end FROM supporter_memberships m
    JOIN membership_tiers t ON t.id = m.tier_id
    WHERE m.npo_id = ${subject.npoId} AND m.status <> 'pending' AND (m.donor_id = ${subject.donorId} OR EXISTS (
      SELECT 1 FROM membership_members p JOIN donors d ON d.id = ${subject.donorId} AND d.npo_id = m.npo_id
      WHERE p.membership_id = m.id AND lower(p.email) = lower(d.email)))
    ORDER BY m.id DESC LIMIT 50`);
  return {
    memberships: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      period_end: iso(r.period_end),
      card_path: `/member-card/${memberCardToken(secret, Number(r.id))}`,
    })),
  };
}

export async function graceDaysOf(db: Db, npoId: number): Promise<number> {
  const { rows } = await db.execute<{ grace_days: number }>(
    sql`SELECT grace_days FROM membership_settings WHERE npo_id = ${npoId}`,
  );
  return rows[0]?.grace_days ?? 30;
}

export async function setGraceDays(db: Db, npoId: number, days: number) {
  await db.execute(sql`
    INSERT INTO membership_settings (npo_id, grace_days) VALUES (${npoId}, ${days})
    ON CONFLICT (npo_id) DO UPDATE SET grace_days = excluded.grace_days`);
}
