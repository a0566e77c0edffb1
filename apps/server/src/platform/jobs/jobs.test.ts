// The jobs wrapper against the real PostgreSQL: one job per key, retries after a failing handler,
// a job sent while no worker runs is done by the next one, and stop() is prompt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Db } from '../db/client.ts';
import { createJobs, defineQueue, type Jobs, jobIdFor } from './jobs.ts';

let db: Db;
let drop = async () => {};
const running: Jobs[] = [];

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  drop = database.drop;
});

afterAll(async () => {
  for (const jobs of running) await jobs.stop();
  await drop();
});

function startedJobs(work = true): Jobs {
  const jobs = createJobs({ db, pollingIntervalSeconds: 0.5, work, onError: () => {} });
  running.push(jobs);
  return jobs;
}

async function until(check: () => boolean, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('jobs', () => {
  it('leaves the work to another instance when this one only sends', async () => {
    const queue = defineQueue<{ n: number }>('test.send-only', { retryLimit: 0 });
    const seenBySender: number[] = [];
    const sender = startedJobs(false);
    sender.register(queue, async (data) => {
      seenBySender.push(data.n);
    });
    await sender.start();
    await sender.send(queue, { n: 1 }, { key: 'only-send-1' });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(seenBySender).toEqual([]);

    const seenByWorker: number[] = [];
    const worker = startedJobs();
    worker.register(queue, async (data) => {
      seenByWorker.push(data.n);
    });
    await worker.start();
    await until(() => seenByWorker.length > 0);
    expect(seenByWorker).toEqual([1]);
  });

  it('hands a job that failed for good to its dead-letter queue, once', async () => {
    const gaveUp = defineQueue<{ n: number }>('test.gave-up');
    const queue = defineQueue<{ n: number }>('test.dead-letter', {
      retryLimit: 1,
      retryDelaySeconds: 1,
      deadLetter: gaveUp.name,
    });
    let attempts = 0;
    const buried: number[] = [];
    const jobs = startedJobs();
    jobs.register(gaveUp, async (data) => {
      buried.push(data.n);
    });
    jobs.register(queue, async () => {
      attempts++;
      throw new Error('never works');
    });
    await jobs.start();
    await jobs.send(queue, { n: 7 }, { key: 'doomed-7' });
    await until(() => buried.length > 0, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(attempts).toBe(2);
    expect(buried).toEqual([7]);
  }, 20_000);

  it('runs as many jobs of a queue at once as it has workers, so a slow one holds up no other', async () => {
    const queue = defineQueue<{ n: number }>('test.workers', { retryLimit: 0, workers: 3 });
    let inProgress = 0;
    let most = 0;
    const done: number[] = [];
    const jobs = startedJobs();
    jobs.register(queue, async (data) => {
      inProgress += 1;
      most = Math.max(most, inProgress);
      // Each job waits as a slow endpoint would; with one worker they would run one after another.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      inProgress -= 1;
      done.push(data.n);
    });
    await jobs.start();
    for (const n of [1, 2, 3]) await jobs.send(queue, { n }, { key: `workers-${n}` });
    await until(() => done.length === 3, 15_000);
    expect(done.sort()).toEqual([1, 2, 3]);
    expect(most).toBeGreaterThan(1);
  });

  it('runs one job for many sends with the same key', async () => {
    const queue = defineQueue<{ n: number }>('test.same-key', { retryLimit: 0 });
    const seen: number[] = [];
    const jobs = startedJobs();
    jobs.register(queue, async (data) => {
      seen.push(data.n);
    });
    await jobs.start();
    const ids = await Promise.all([1, 2, 3].map((n) => jobs.send(queue, { n }, { key: 'donation-1' })));
    expect(ids.filter(Boolean)).toHaveLength(1);
    await until(() => seen.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(seen).toHaveLength(1);
    // Later sends with the key of a finished job are still the same job.
    expect(await jobs.send(queue, { n: 4 }, { key: 'donation-1' })).toBeNull();
    expect(await jobs.send(queue, { n: 5 }, { key: 'donation-2' })).toBe(jobIdFor(queue.name, 'donation-2'));
  });

  it('runs each of fifty jobs sent under their own keys', async () => {
    const queue = defineQueue<{ n: number }>('test.many', { retryLimit: 0 });
    const jobs = startedJobs();
    let done = 0;
    jobs.register(queue, async () => {
      done++;
    });
    await jobs.start();
    const rounds = 50;
    const ids: Array<string | null> = [];
    for (let n = 0; n < rounds; n++) ids.push(await jobs.send(queue, { n }, { key: `gift-${n}` }));
    expect(ids.every(Boolean)).toBe(true);
    await until(() => done === rounds);
    expect(done).toBe(rounds);
  });

  it('retries a job whose handler failed, then stops promptly', async () => {
    const queue = defineQueue<{ ok: boolean }>('test.retry', { retryLimit: 2, retryDelaySeconds: 1 });
    let attempts = 0;
    const jobs = startedJobs();
    jobs.register(queue, async () => {
      attempts++;
      if (attempts === 1) throw new Error('mail server down');
    });
    await jobs.start();
    await jobs.send(queue, { ok: true }, { key: 'k' });
    await until(() => attempts >= 2);
    expect(attempts).toBe(2);
    const started = Date.now();
    await jobs.stop();
    // Well under pg-boss's 30 s graceful wait, with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('does a job sent while no worker ran once a worker starts', async () => {
    const queue = defineQueue<{ text: string }>('test.later', { retryLimit: 0 });
    const sender = startedJobs();
    sender.register(queue, async () => {});
    await sender.start();
    await sender.stop();
    // Let a fetch that was under way when stop() began finish before the job exists.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The queue exists now; a process that only sends (no handler running) leaves the job waiting.
    const offline = startedJobs();
    await offline.start();
    await offline.send(queue, { text: 'kept' }, { key: 'later' });
    await offline.stop();

    const seen: string[] = [];
    const worker = startedJobs();
    worker.register(queue, async (data) => {
      seen.push(data.text);
    });
    await worker.start();
    await until(() => seen.length > 0);
    expect(seen).toEqual(['kept']);
  });
});
