import type { Jobs, Queue } from './jobs.ts';

export type PeriodicClock = { start: () => void; stop: () => void };

/**
 * Sends a job to `queue` every `seconds` (0: never), keyed by the time slot, so N instances
 * make one job per slot (the keyed send inserts once) and any worker instance runs it with
 * pg-boss's retries. pg-boss's own cron stays off (platform/jobs): its timekeeper would run in every
 * instance and test app. The first job goes at start.
 */
export function periodicClock<T extends { slot: string }>(
  jobs: Jobs,
  queue: Queue<T>,
  payload: (slot: string) => T,
  options: { seconds: number; log: (error: unknown) => void },
): PeriodicClock {
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    const slot = String(Math.floor(Date.now() / (options.seconds * 1000)));
    jobs.send(queue, payload(slot), { key: `${queue.name}-${options.seconds}-${slot}` }).catch(options.log);
  };
  return {
    start() {
      if (options.seconds <= 0 || timer) return;
      tick();
      timer = setInterval(tick, options.seconds * 1000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
