// Membership figures over time on /dashboard/membership (docs/decisions/082-membership-welcome-and-figures.md):
// members per tier at each month's end for the last 12 months, new, renewed and lapsed per month,
// the renewal rate, membership revenue per month and the renewals due in the next three months.
// Months are the organisation's calendar months (its time zone).
import type { TMembershipTrends } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

const MONTHS = 12;
const UPCOMING_MONTHS = 3;

type TierCount = { month: string; tier_id: number; active: number };
type MonthCount = { month: string; n: number };

/**
 * A member at a month's end: joined by then, and not lapsed or cancelled by then. A membership that
 * ended counts until its last lapse or cancellation; it is counted in its current tier.
 */
async function membersByMonth(db: Db, npoId: number, tz: string) {
  const { rows } = await db.execute<TierCount>(sql`
    WITH bounds AS (
      SELECT to_char(gs, 'YYYY-MM') AS month, least(now(), (gs + interval '1 month') AT TIME ZONE ${tz}) AS at
      FROM generate_series(date_trunc('month', now() AT TIME ZONE ${tz}) - make_interval(months => ${MONTHS - 1}),
        date_trunc('month', now() AT TIME ZONE ${tz}), interval '1 month') gs),
    spans AS (
      SELECT m.tier_id, m.joined_at, CASE WHEN m.status IN ('lapsed', 'cancelled') THEN coalesce(
        (SELECT max(h.at) FROM membership_history h WHERE h.membership_id = m.id AND h.kind IN ('lapsed', 'cancelled')),
        m.updated_at) END AS ended_at
      FROM supporter_memberships m WHERE m.npo_id = ${npoId} AND m.joined_at IS NOT NULL)
    SELECT b.month, s.tier_id, count(*)::int AS active FROM bounds b
    JOIN spans s ON s.joined_at <= b.at AND (s.ended_at IS NULL OR s.ended_at > b.at)
    GROUP BY b.month, s.tier_id`);
  return rows;
}

/** Counts per local month of a timestamp expression over the last 12 months. */
const perMonth = (db: Db, tz: string, at: ReturnType<typeof sql>, from: ReturnType<typeof sql>) =>
  db.execute<MonthCount>(sql`
    SELECT to_char(date_trunc('month', ${at} AT TIME ZONE ${tz}), 'YYYY-MM') AS month, count(*)::int AS n ${from}
      AND ${at} >= (date_trunc('month', now() AT TIME ZONE ${tz}) - make_interval(months => ${MONTHS - 1})) AT TIME ZONE ${tz}
    GROUP BY 1`);

async function eventsByMonth(db: Db, npoId: number, tz: string) {
  const history = (kind: string) =>
    perMonth(
      db,
      tz,
      sql`h.at`,
      sql`FROM membership_history h JOIN supporter_memberships m ON m.id = h.membership_id
        WHERE m.npo_id = ${npoId} AND h.kind = ${kind}`,
    );
  const [joined, renewed, lapsed, revenue] = await Promise.all([
    perMonth(db, tz, sql`m.joined_at`, sql`FROM supporter_memberships m WHERE m.npo_id = ${npoId}`),
    history('renewed'),
    history('lapsed'),
    db.execute<MonthCount>(sql`
      SELECT to_char(date_trunc('month', d.created_at AT TIME ZONE ${tz}), 'YYYY-MM') AS month,
        coalesce(sum(d.amount_minor), 0)::bigint AS n
      FROM membership_payments p JOIN donations d ON d.id = p.donation_id
      JOIN supporter_memberships m ON m.id = p.membership_id
      WHERE m.npo_id = ${npoId} AND d.status = 'succeeded'
        AND d.created_at >= (date_trunc('month', now() AT TIME ZONE ${tz}) - make_interval(months => ${MONTHS - 1})) AT TIME ZONE ${tz}
      GROUP BY 1`),
  ]);
  return { joined: joined.rows, renewed: renewed.rows, lapsed: lapsed.rows, revenue: revenue.rows };
}

/** Active memberships whose period ends in this month or the next two: what renews (or should). */
async function upcoming(db: Db, npoId: number, tz: string) {
  const { rows } = await db.execute<{ month: string; automatic: number; manual: number; amount_minor: number }>(sql`
    SELECT to_char(date_trunc('month', m.period_end AT TIME ZONE ${tz}), 'YYYY-MM') AS month,
      count(*) FILTER (WHERE m.renewal = 'automatic')::int AS automatic,
      count(*) FILTER (WHERE m.renewal = 'manual')::int AS manual,
      coalesce(sum(coalesce(nt.price_minor, m.price_minor)), 0)::bigint AS amount_minor
    FROM supporter_memberships m LEFT JOIN membership_tiers nt ON nt.id = m.next_tier_id
    WHERE m.npo_id = ${npoId} AND m.status = 'active' AND m.period_end >= now()
      AND m.period_end < (date_trunc('month', now() AT TIME ZONE ${tz}) + make_interval(months => ${UPCOMING_MONTHS})) AT TIME ZONE ${tz}
    GROUP BY 1`);
  return rows;
}

/** The 12 months (oldest first) and the next three, as YYYY-MM in the organisation's time zone. */
async function monthKeys(db: Db, tz: string) {
  const { rows } = await db.execute<{ month: string; ahead: boolean }>(sql`
    SELECT to_char(gs, 'YYYY-MM') AS month, gs > date_trunc('month', now() AT TIME ZONE ${tz}) AS ahead
    FROM generate_series(date_trunc('month', now() AT TIME ZONE ${tz}) - make_interval(months => ${MONTHS - 1}),
      date_trunc('month', now() AT TIME ZONE ${tz}) + make_interval(months => ${UPCOMING_MONTHS - 1}), interval '1 month') gs
    ORDER BY gs`);
  return rows;
}

export async function membershipTrends(db: Db, npoId: number): Promise<TMembershipTrends> {
  const { rows: npo } = await db.execute<{ time_zone: string }>(sql`SELECT time_zone FROM npos WHERE id = ${npoId}`);
  const tz = npo[0]?.time_zone || 'UTC';
  const [keys, members, events, due] = await Promise.all([
    monthKeys(db, tz),
    membersByMonth(db, npoId, tz),
    eventsByMonth(db, npoId, tz),
    upcoming(db, npoId, tz),
  ]);
  const count = (rows: MonthCount[], month: string) => Number(rows.find((r) => r.month === month)?.n ?? 0);
  const past = keys.filter((k) => !k.ahead).map((k) => k.month);
  const months = past.map((month) => ({
    month,
    members_by_tier: members
      .filter((r) => r.month === month)
      .map((r) => ({ tier_id: Number(r.tier_id), members: Number(r.active) }))
      .sort((a, b) => a.tier_id - b.tier_id),
    new: count(events.joined, month),
    renewed: count(events.renewed, month),
    lapsed: count(events.lapsed, month),
    revenue_minor: count(events.revenue, month),
  }));
  const renewed = months.reduce((n, m) => n + m.renewed, 0);
  const lapsed = months.reduce((n, m) => n + m.lapsed, 0);
  const upcomingMonths = keys.slice(past.length - 1).map(({ month }) => {
    const row = due.find((r) => r.month === month);
    return {
      month,
      automatic: Number(row?.automatic ?? 0),
      manual: Number(row?.manual ?? 0),
      amount_minor: Number(row?.amount_minor ?? 0),
    };
  });
  return {
    months,
    renewal_rate_percent: renewed + lapsed === 0 ? null : Math.round((100 * renewed) / (renewed + lapsed)),
    upcoming_renewals: upcomingMonths,
  };
}
