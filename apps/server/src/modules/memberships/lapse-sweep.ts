// The lapse sweep (docs/decisions/049-memberships.md): a manual membership past its expiry goes into
// grace, and out of grace (the organisation's grace days, default 30) it lapses and gives back its
// place in the tier. Each step is one UPDATE over a small batch locked with SKIP LOCKED and guarded
// by the status it moves from, so a sweep run twice, or on two instances, changes a membership once.
// Memberships renewed through a plan follow the plan and are not swept.
import { DEFAULT_GRACE_DAYS } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { type PeriodicClock, periodicClock } from '../../platform/jobs/periodic.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { webhookEventInsertSql } from '../../platform/outbox/webhook-outbox.ts';
import { releaseExpiredHolds } from './join.service.ts';
import { sendRenewalReminders } from './renewals.service.ts';

// Batches in expiry order over the partial index of manual memberships (migration 0142): each reads
// the rows it moves. 100 rows hold their locks well under a second even on a loaded machine
// (bench/memberships/run.ts; docs/decisions/082-membership-welcome-and-figures.md).
const BATCH = 100;

/** One membership of one organisation only (the tests' clock route); every membership otherwise. */
export type SweepScope = { npoId: number; membershipId: number };
const scoped = (scope?: SweepScope): SQL =>
  scope ? sql`AND m.npo_id = ${scope.npoId} AND m.id = ${scope.membershipId}` : sql``;

/** docs/decisions/074-webhook-outbox.md: each moved membership's webhook event, in the same statement. */
const membershipEvents = (status: string): SQL =>
  sql`, hooked AS (${webhookEventInsertSql({
    rows: sql`(SELECT npo_id, 'membership.changed' AS type,
      jsonb_build_object('membership_id', id, 'status', ${status}::text) AS data FROM moved) AS e`,
  })})`;

async function toGrace(db: Db, now: Date, scope?: SweepScope): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    WITH moved AS (
      UPDATE supporter_memberships SET status = 'in_grace', updated_at = now()
      WHERE id IN (SELECT id FROM supporter_memberships m
          WHERE status = 'active' AND renewal = 'manual' AND period_end <= ${now.toISOString()} ${scoped(scope)}
          ORDER BY period_end LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        AND status = 'active'
      RETURNING id, npo_id)${membershipEvents('in_grace')}
    INSERT INTO membership_history (membership_id, kind, detail)
    SELECT id, 'in_grace', 'Expired without renewal: in its grace period.' FROM moved
    RETURNING membership_id AS id`);
  return rows.length;
}

async function toLapsed(db: Db, now: Date, scope?: SweepScope): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    WITH moved AS (
      UPDATE supporter_memberships SET status = 'lapsed', updated_at = now()
      WHERE id IN (SELECT m.id FROM supporter_memberships m
          LEFT JOIN membership_settings s ON s.npo_id = m.npo_id
          WHERE m.status = 'in_grace' AND m.renewal = 'manual'
            AND m.period_end + make_interval(days => coalesce(s.grace_days, ${DEFAULT_GRACE_DAYS})) <= ${now.toISOString()}
            ${scoped(scope)}
          ORDER BY m.period_end LIMIT ${BATCH} FOR UPDATE OF m SKIP LOCKED)
        AND status = 'in_grace'
      RETURNING id, tier_id, npo_id)${membershipEvents('lapsed')},
    freed AS (
      UPDATE membership_tiers t SET taken = t.taken - n.count
      FROM (SELECT tier_id, count(*)::int AS count FROM moved GROUP BY tier_id) n WHERE t.id = n.tier_id)
    INSERT INTO membership_history (membership_id, kind, detail)
    SELECT id, 'lapsed', 'The grace period ended without renewal.' FROM moved
    RETURNING membership_id AS id`);
  return rows.length;
}

/** Runs every step until nothing is left to move; returns how many memberships each step changed. */
export async function sweepMemberships(db: Db, now: Date = new Date(), scope?: SweepScope) {
  const moved = { in_grace: 0, lapsed: 0, released: 0 };
  for (let n = await toGrace(db, now, scope); n > 0; n = await toGrace(db, now, scope)) moved.in_grace += n;
  for (let n = await toLapsed(db, now, scope); n > 0; n = await toLapsed(db, now, scope)) moved.lapsed += n;
  if (scope) return moved;
  for (let n = await releaseExpiredHolds(db, now); n > 0; n = await releaseExpiredHolds(db, now)) moved.released += n;
  return moved;
}

const sweepQueue = defineQueue<{ slot: string }>('memberships.sweep', { retryLimit: 3 });

/** Registers the sweep's worker and returns its clock (every `seconds`; 0: never, as in tests). */
export function registerMembershipSweep(
  jobs: Jobs,
  deps: { db: Db; seconds: number; log: (error: unknown) => void; mailer: Mailer; origin: string; secret: string },
): PeriodicClock {
  jobs.register(sweepQueue, async () => {
    const now = new Date();
    // The reminders first: the expiry day's reminder goes out before the step into grace.
    await sendRenewalReminders(deps, now, deps.log);
    await sweepMemberships(deps.db, now);
  });
  return periodicClock(jobs, sweepQueue, (slot) => ({ slot }), { seconds: deps.seconds, log: deps.log });
}
