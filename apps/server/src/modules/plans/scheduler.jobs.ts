// The scheduler's clock on pg-boss: each instance's ticker (platform/jobs/periodic.ts) sends a sweep
// job keyed by the time slot, so N instances make ONE job per slot and any worker instance runs it,
// with pg-boss's retries. The sweep itself is safe to run twice at once (rows claimed with SKIP
// LOCKED), which the tests prove.
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { type PeriodicClock, periodicClock } from '../../platform/jobs/periodic.ts';
import { runDueCharges, type SchedulerDeps } from './scheduler.service.ts';

export type SweepJob = { slot: string };

export const sweepQueue = defineQueue<SweepJob>('recurring.sweep', {
  retryLimit: 3,
  retryDelaySeconds: 60,
  // One sweep charges up to 500 plans, each a provider call.
  expireInSeconds: 900,
});

export type SchedulerClock = PeriodicClock;

export function registerRecurringScheduler(
  jobs: Jobs,
  deps: SchedulerDeps & { sweepSeconds: number; log: (error: unknown) => void },
): SchedulerClock {
  jobs.register(sweepQueue, async () => {
    const { more } = await runDueCharges(deps, new Date());
    // A backlog (after an outage) continues in a fresh job rather than one very long one.
    if (more) await jobs.send(sweepQueue, { slot: 'more' }, { key: `sweep-more-${Date.now()}` });
  });
  return periodicClock(jobs, sweepQueue, (slot) => ({ slot }), { seconds: deps.sweepSeconds, log: deps.log });
}
