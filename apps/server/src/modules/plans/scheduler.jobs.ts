// The scheduler's clock on pg-boss. pg-boss 10 can run cron itself, but it is constructed with
// schedule: false (platform/jobs): turning its timekeeper on would start it, with its clock-skew
// checks, in every instance and every test app for one job with a one-minute resolution. Instead
// each instance's ticker sends a sweep job keyed by the time slot, so N instances make ONE job per
// slot (the keyed send inserts once) and any worker instance runs it, with pg-boss's retries. The
// sweep itself is safe to run twice at once (rows claimed with SKIP LOCKED), which the tests prove.
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { runDueCharges, type SchedulerDeps } from './scheduler.service.ts';

export type SweepJob = { slot: string };

export const sweepQueue = defineQueue<SweepJob>('recurring.sweep', {
  retryLimit: 3,
  retryDelaySeconds: 60,
  // One sweep charges up to 500 plans, each a provider call.
  expireInSeconds: 900,
});

export type SchedulerClock = { start: () => void; stop: () => void };

export function registerRecurringScheduler(
  jobs: Jobs,
  deps: SchedulerDeps & { sweepSeconds: number; log: (error: unknown) => void },
): SchedulerClock {
  jobs.register(sweepQueue, async () => {
    const { more } = await runDueCharges(deps, new Date());
    // A backlog (after an outage) continues in a fresh job rather than one very long one.
    if (more) await jobs.send(sweepQueue, { slot: 'more' }, { key: `sweep-more-${Date.now()}` });
  });
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    const slot = String(Math.floor(Date.now() / (deps.sweepSeconds * 1000)));
    jobs.send(sweepQueue, { slot }, { key: `sweep-${deps.sweepSeconds}-${slot}` }).catch(deps.log);
  };
  return {
    start() {
      if (deps.sweepSeconds <= 0 || timer) return;
      tick();
      timer = setInterval(tick, deps.sweepSeconds * 1000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
