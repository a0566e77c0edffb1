// The clock that closes the day sums (decision 014): hourly, so yesterday is closed within an hour
// of midnight UTC and a run that found an organisation busy is retried soon.
import type { Db } from '../../platform/db/client.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { type PeriodicClock, periodicClock } from '../../platform/jobs/periodic.ts';
import { closeGivingDays } from './giving-days.service.ts';

export const closeDaysQueue = defineQueue<{ slot: string }>('giving-days.close', {
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 900,
});

export function registerGivingDaysClock(
  jobs: Jobs,
  deps: { db: Db; seconds: number; log: (error: unknown) => void },
): PeriodicClock {
  jobs.register(closeDaysQueue, async () => {
    await closeGivingDays(deps.db, new Date());
  });
  return periodicClock(jobs, closeDaysQueue, (slot) => ({ slot }), { seconds: deps.seconds, log: deps.log });
}
