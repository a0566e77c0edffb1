// The daily fetch of reference rates on pg-boss (platform/jobs/periodic.ts): every instance's clock
// sends a job keyed by the day's slot, so the fetch runs once a day whatever the instance count.
import type { Db } from '../../platform/db/client.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { type PeriodicClock, periodicClock } from '../../platform/jobs/periodic.ts';
import { fetchReferenceRates } from './reference-rates.ts';

export const referenceRatesQueue = defineQueue<{ slot: string }>('exchange-rates.fetch', {
  retryLimit: 3,
  retryDelaySeconds: 600,
  expireInSeconds: 300,
});

export function registerReferenceRates(
  jobs: Jobs,
  deps: { db: Db; url: string; seconds: number; log: (error: unknown) => void },
): PeriodicClock {
  jobs.register(referenceRatesQueue, async () => {
    const outcome = await fetchReferenceRates(deps.db, deps.url);
    // Logged and retried later by pg-boss; the last good rates stay in use meanwhile.
    if (outcome.status === 'failed') throw new Error(`Exchange rates could not be fetched: ${outcome.error}`);
  });
  return periodicClock(jobs, referenceRatesQueue, (slot) => ({ slot }), { seconds: deps.seconds, log: deps.log });
}
