// Pruning the webhook outbox (decision 098): the table grows with every gift, plan and donor change,
// and two modules read it, each at its own position (the webhook relay's `relayed_at` and pending
// deliveries, decision 074; the workflows cursor, decision 093). A row goes only when it is older than
// the retention AND below every reader's position, so no reader ever loses an event it has not read.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { defineQueue, type Jobs } from '../jobs/jobs.ts';
import { type PeriodicClock, periodicClock } from '../jobs/periodic.ts';

/**
 * A reader's position: the lowest event id it may still need (everything below it is read and done
 * with). Composed in app.ts: the platform imports no module.
 */
export type OutboxReader = { name: string; firstNeeded: (db: Db) => Promise<number> };

/** Events kept at least this long: the workflows' dry run looks back 30 days, the delivery log further. */
export const OUTBOX_RETENTION_DAYS = 90;
const BATCH = 5_000;

/** Deletes what every reader is done with and is older than the retention; returns how many rows went. */
export async function pruneOutbox(
  db: Db,
  readers: readonly OutboxReader[],
  retentionDays = OUTBOX_RETENTION_DAYS,
): Promise<number> {
  if (readers.length === 0) return 0;
  const positions = await Promise.all(readers.map((r) => r.firstNeeded(db)));
  const below = Math.min(...positions);
  let pruned = 0;
  for (;;) {
    // In batches: each event's deliveries and attempts go with it (cascade), a few at a time.
    const { rows } = await db.execute<{ id: string }>(sql`
      DELETE FROM webhook_events WHERE id IN (
        SELECT id FROM webhook_events WHERE id < ${below}
          AND created_at < now() - make_interval(days => ${retentionDays})
        ORDER BY id LIMIT ${BATCH})
      RETURNING id`);
    pruned += rows.length;
    if (rows.length < BATCH) return pruned;
  }
}

const pruneQueue = defineQueue<{ slot: string }>('outbox-prune', { retryLimit: 2, retryDelaySeconds: 60 });

/** A daily job (every `seconds`, 0: never) that prunes the outbox for the given readers. */
export function registerOutboxPruning(
  jobs: Jobs,
  deps: { db: Db; readers: readonly OutboxReader[]; seconds: number; log: (error: unknown) => void },
): PeriodicClock {
  jobs.register(pruneQueue, async () => {
    await pruneOutbox(deps.db, deps.readers);
  });
  return periodicClock(jobs, pruneQueue, (slot) => ({ slot }), { seconds: deps.seconds, log: deps.log });
}
