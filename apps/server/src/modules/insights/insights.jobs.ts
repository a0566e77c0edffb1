// The insights job (decision 076): every organisation's insights recomputed nightly, and one
// organisation's when its staff press Refresh Insights.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { type PeriodicClock, periodicClock } from '../../platform/jobs/periodic.ts';
import { computeInsights } from './insights.compute.ts';
import { markRefreshRequested } from './insights.service.ts';

export const computeQueue = defineQueue<{ npoId: number }>('insights.compute', {
  retryLimit: 2,
  retryDelaySeconds: 120,
  expireInSeconds: 3600,
});
const nightlyQueue = defineQueue<{ slot: string }>('insights.nightly', { retryLimit: 2, expireInSeconds: 600 });

export type InsightsJobs = { clock: PeriodicClock; refresh: (npoId: number) => Promise<boolean> };

export function registerInsights(
  jobs: Jobs,
  deps: { db: Db; seconds: number; log: (error: unknown) => void },
): InsightsJobs {
  jobs.register(computeQueue, async ({ npoId }) => {
    await computeInsights(deps.db, npoId);
  });
  jobs.register(nightlyQueue, async ({ slot }) => {
    const { rows } = await deps.db.execute<{ id: number }>(
      sql`SELECT id FROM npos WHERE status = 'active' ORDER BY id`,
    );
    for (const { id } of rows) await jobs.send(computeQueue, { npoId: id }, { key: `nightly-${id}-${slot}` });
  });
  return {
    clock: periodicClock(jobs, nightlyQueue, (slot) => ({ slot }), { seconds: deps.seconds, log: deps.log }),
    async refresh(npoId) {
      await markRefreshRequested(deps.db, npoId);
      // Presses within ten seconds are one run.
      const slot = Math.floor(Date.now() / 10_000);
      return (await jobs.send(computeQueue, { npoId }, { key: `refresh-${npoId}-${slot}` })) !== null;
    },
  };
}
