// The console's roll-up clock (docs/decisions/054-console-transactions-and-roll-up.md): hourly, so
// yesterday is closed within an hour of midnight UTC; a missed run only leaves more days live.
import type { Db } from '../../platform/db/client.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { type PeriodicClock, periodicClock } from '../../platform/jobs/periodic.ts';
import { rollUpDailyFigures } from './console-figures.repository.ts';

export const consoleFiguresQueue = defineQueue<{ slot: string }>('console.daily-figures', {
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 1800,
});

export function registerConsoleFigures(
  jobs: Jobs,
  deps: { db: Db; seconds: number; log: (error: unknown) => void },
): PeriodicClock {
  jobs.register(consoleFiguresQueue, async () => {
    await rollUpDailyFigures(deps.db, new Date());
  });
  return periodicClock(jobs, consoleFiguresQueue, (slot) => ({ slot }), { seconds: deps.seconds, log: deps.log });
}
