import type { TConsoleSecurity } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

// The console's security screen (docs/product/console.md#consolesecurity): the last 7 days across
// the platform, each list from where it is already recorded: sign_in_attempts (auth), rate_limit_hits
// (every failure limiter's refusals), card_testing_bursts, users.locked_at and the console's audit entries.

const iso = (v: string | Date) => new Date(v).toISOString();
const WEEK = sql`now() - interval '7 days'`;

async function failedSignIns(db: Db, now: Date): Promise<TConsoleSecurity['failed_sign_ins']> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: 7 }, (_, i) => new Date(today - (6 - i) * 86_400_000).toISOString().slice(0, 10));
  const { rows: counts } = await db.execute<{ day: string; failed: number }>(sql`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS failed FROM sign_in_attempts
    WHERE NOT succeeded AND created_at >= ${days[0]}::date::timestamp AT TIME ZONE 'UTC' GROUP BY 1`);
  const failedOn = new Map(counts.map((c) => [c.day, Number(c.failed)]));
  const { rows: recent } = await db.execute<{
    email: string;
    reason: string | null;
    ip: string | null;
    created_at: string;
  }>(sql`
    SELECT email, reason, ip, created_at FROM sign_in_attempts WHERE NOT succeeded AND created_at >= ${WEEK}
    ORDER BY created_at DESC, id DESC LIMIT 50`);
  return {
    by_day: days.map((day) => ({ day, failed: failedOn.get(day) ?? 0 })),
    recent: recent.map((r) => ({ ...r, created_at: iso(r.created_at) })),
  };
}

/** The platform's security picture of the last 7 days. */
export async function consoleSecurity(db: Db, now = new Date()): Promise<TConsoleSecurity> {
  const [signIns, hits, bursts, locked, actions] = await Promise.all([
    failedSignIns(db, now),
    db.execute<{ limiter: string; hits: number; sources: number; last_at: string }>(sql`
      SELECT limiter, count(*)::int AS hits, count(DISTINCT key_digest)::int AS sources, max(created_at) AS last_at
      FROM rate_limit_hits WHERE created_at >= ${WEEK} GROUP BY limiter ORDER BY hits DESC, limiter`),
    db.execute<{
      id: number;
      npo_id: number;
      organisation: string;
      scope: string;
      declines: number;
      created_at: string;
    }>(sql`
      SELECT b.id, b.npo_id, n.name AS organisation, b.scope, b.declines, b.started_at AS created_at
      FROM card_testing_bursts b JOIN npos n ON n.id = b.npo_id
      WHERE b.last_decline_at >= ${WEEK} ORDER BY b.last_decline_at DESC LIMIT 50`),
    db.execute<{ id: number; name: string; email: string; locked_at: string }>(sql`
      SELECT id, trim(first_name || ' ' || last_name) AS name, email, locked_at FROM users
      WHERE locked_at IS NOT NULL ORDER BY locked_at DESC LIMIT 100`),
    db.execute<{
      id: number;
      action: string;
      operator: string | null;
      organisation: string | null;
      reason: string | null;
      created_at: string;
    }>(sql`
      SELECT a.id, a.action, u.email AS operator, n.name AS organisation, a.data->>'reason' AS reason, a.created_at
      FROM audit_log a LEFT JOIN users u ON u.id = a.actor_user_id LEFT JOIN npos n ON n.id = a.npo_id
      WHERE a.action LIKE 'console.%' ORDER BY a.created_at DESC, a.id DESC LIMIT 50`),
  ]);
  return {
    failed_sign_ins: signIns,
    rate_limit_hits: hits.rows.map((r) => ({
      ...r,
      hits: Number(r.hits),
      sources: Number(r.sources),
      last_at: iso(r.last_at),
    })),
    card_testing_bursts: bursts.rows.map((r) => ({
      ...r,
      id: Number(r.id),
      npo_id: Number(r.npo_id),
      declines: Number(r.declines),
      created_at: iso(r.created_at),
    })),
    locked_accounts: locked.rows.map((r) => ({ ...r, id: Number(r.id), locked_at: iso(r.locked_at) })),
    console_actions: actions.rows.map((r) => ({ ...r, id: Number(r.id), created_at: iso(r.created_at) })),
  };
}
