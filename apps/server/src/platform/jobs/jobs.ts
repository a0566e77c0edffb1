// Durable background work on the application's own PostgreSQL through pg-boss 10 (decision 008):
// a job survives a restart, is retried with backoff when its handler throws, and any server
// instance may run it. Modules declare typed queues and register handlers; buildApp starts the
// workers with the app and stops them, gracefully, when the app closes.
import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client.ts';

/** A named queue whose jobs carry `T`; the retry settings apply to every job sent to it. */
export type Queue<T extends object> = {
  name: string;
  retryLimit: number;
  /** Seconds before the first retry; doubled on each later one (pg-boss's backoff). */
  retryDelaySeconds: number;
  /** A job still running after this long counts as failed and is retried. */
  expireInSeconds: number;
  /**
   * A queue that receives the job's data once it has failed for good, however it failed (its
   * handler threw on the last attempt, or it ran out of time or its process died): register that
   * queue before this one.
   */
  deadLetter?: string;
  /**
   * Jobs of this queue one instance runs at once (default 1). Above 1 for work that mostly waits on
   * someone else's server, so one slow job does not hold up the rest (webhook deliveries, decision 074).
   */
  workers?: number;
  /** Only there to carry the payload type. */
  readonly payload?: T;
};

export function defineQueue<T extends object>(
  name: string,
  options: Partial<Omit<Queue<T>, 'name' | 'payload'>> = {},
): Queue<T> {
  return { name, retryLimit: 8, retryDelaySeconds: 30, expireInSeconds: 300, ...options };
}

export type JobHandler<T> = (data: T, job: { id: string }) => Promise<void>;

export type Jobs = {
  /**
   * Enqueues one job (one INSERT). Jobs sent with the same key while one with that key is known
   * to pg-boss are one job: the later sends return null.
   */
  send: <T extends object>(queue: Queue<T>, data: T, options: { key: string }) => Promise<string | null>;
  /** Must be called before start(). */
  register: <T extends object>(queue: Queue<T>, handler: JobHandler<T>) => void;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

export type JobsOptions = {
  db: Db;
  /** How often an idle worker looks for jobs sent by other instances (this one wakes its own at once). */
  pollingIntervalSeconds?: number;
  /**
   * false: this instance only sends jobs and another instance runs them (web instances kept free
   * for donors' requests, worker instances for receipts). Default true.
   */
  work?: boolean;
  onError: (error: unknown, context: { queue?: string; jobId?: string }) => void;
};

/** The key as a stable UUID: pg-boss skips an insert whose id exists, so a repeat send is a no-op. */
export function jobIdFor(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\n${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// pg-boss's parameterised statements (send, fetch, complete) have fixed texts: named, PostgreSQL
// parses and plans each once per connection instead of on every job. Unparameterised ones (its
// migrations, several commands in one text) cannot be prepared. The bound keeps a text that
// varied per call from filling every connection with prepared statements.
const preparedNames = new Map<string, string>();
function statementOf(text: string, values: unknown[] | undefined) {
  if (!values || values.length === 0) return { text };
  let name = preparedNames.get(text);
  if (!name && preparedNames.size < 200) {
    name = `boss_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    preparedNames.set(text, name);
  }
  return name ? { name, text, values } : { text, values };
}

export function createJobs(options: JobsOptions): Jobs {
  const pool = options.db.$client;
  // pg-boss runs its SQL through our pool: one set of connections, and nothing of its own to close.
  const boss = new PgBoss({
    db: { executeSql: async (text, values) => pool.query(statementOf(text, values)) },
    supervise: true,
    schedule: false,
  });
  boss.on('error', (error) => options.onError(error, {}));
  const handlers = new Map<string, { queue: Queue<object>; handler: JobHandler<object> }>();
  const workerIds = new Map<string, string>();
  let state: 'new' | 'started' | 'stopped' = 'new';
  const startWorker = (name: string, handler: JobHandler<object>) =>
    boss.work<object>(
      name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
      async (jobs) => {
        // pg-boss 10 sleeps a polling interval after every batch, even with more jobs
        // waiting; waking the worker makes it drain a backlog (after a restart) at full speed.
        const wake = () => boss.notifyWorker(workerIds.get(name) ?? '');
        for (const job of jobs) {
          // A fetch already under way when stop() began can still hand over a job; failing
          // it (retried later, by any instance) is safe, running it on a closing app is not.
          if (state === 'stopped') throw new Error(`job ${job.id} fetched while the jobs were stopping`);
          try {
            await handler(job.data, { id: job.id });
          } catch (error) {
            options.onError(error, { queue: name, jobId: job.id });
            // Rethrown so pg-boss marks the job failed and schedules its retry.
            throw error;
          } finally {
            wake();
          }
        }
      },
    );

  return {
    register(queue, handler) {
      if (state !== 'new') throw new Error(`queue ${queue.name} registered after the jobs started`);
      handlers.set(queue.name, { queue, handler: handler as JobHandler<object> });
    },

    async send(queue, data, { key }) {
      const id = await boss.send(queue.name, data, {
        id: jobIdFor(queue.name, key),
        singletonKey: key,
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: queue.expireInSeconds,
        ...(queue.deadLetter ? { deadLetter: queue.deadLetter } : {}),
      });
      const workerId = workerIds.get(queue.name);
      if (id && workerId) boss.notifyWorker(workerId);
      return id;
    },

    async start() {
      if (state !== 'new') return;
      state = 'started';
      await boss.start();
      for (const { queue, handler } of handlers.values()) {
        await boss.createQueue(queue.name, {
          name: queue.name,
          retryLimit: queue.retryLimit,
          retryDelay: queue.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: queue.expireInSeconds,
          ...(queue.deadLetter ? { deadLetter: queue.deadLetter } : {}),
        });
        if (options.work === false) continue;
        for (let worker = 0; worker < Math.max(1, queue.workers ?? 1); worker += 1) {
          const workerId = await startWorker(queue.name, handler);
          // Sending wakes the first worker; the others poll.
          if (worker === 0) workerIds.set(queue.name, workerId);
        }
      }
    },

    async stop() {
      if (state !== 'started') {
        state = 'stopped';
        return;
      }
      state = 'stopped';
      // Graceful: a job in progress (a receipt half sent) may finish; close: false because the
      // pool is the app's, ended by whoever created it.
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
    },
  };
}
