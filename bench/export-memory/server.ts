// The server of the export memory benchmark (run.ts), run as a child process: the real app, plus
// its own memory sampled every 50 ms WITHOUT forcing a collection (what the process really holds,
// garbage included), so the parent can tell the V8 heap from buffers and the rest of the RSS.
import fs from 'node:fs';
import { Session } from 'node:inspector';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { createDb } from '../../apps/server/src/platform/db/client.ts';
import { createMailer } from '../../apps/server/src/platform/mail/mailer.ts';

export type MemoryPeaks = { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };

const zero = (): MemoryPeaks => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 });
let peaks = zero();
setInterval(() => {
  const now = process.memoryUsage();
  for (const key of Object.keys(peaks) as Array<keyof MemoryPeaks>) peaks[key] = Math.max(peaks[key], now[key]);
}, 50).unref();

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const db = createDb(process.env.DATABASE_URL ?? '');
const app = await buildApp({ config, db, mailer: createMailer({ from: config.MAIL_FROM, dataDir: config.dataDir }) });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();

const inspector = new Session();
const post = <T>(method: string, params?: object) =>
  new Promise<T>((resolve, reject) =>
    inspector.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))),
  );

/**
 * BENCH_HEAP_SAMPLES=<file>: samples allocations during the export, keeping those a major
 * collection took (garbage that was promoted to the old space: what makes the RSS grow), for
 * Chrome DevTools' Memory tab.
 */
async function sampling(start: boolean) {
  const file = process.env.BENCH_HEAP_SAMPLES;
  if (!file) return;
  if (start) {
    inspector.connect();
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true });
  } else {
    const { profile } = await post<{ profile: object }>('HeapProfiler.stopSampling');
    fs.writeFileSync(file, JSON.stringify(profile));
    inspector.disconnect();
  }
}

process.on(
  'message',
  async (request: { type: 'peaks' | 'pool' | 'stop' | 'sample-start' | 'sample-stop' | 'live' }) => {
    if (request.type === 'sample-start' || request.type === 'sample-stop') {
      await sampling(request.type === 'sample-start');
      process.send?.({ type: 'sampled' });
    } else if (request.type === 'live') {
      // Only with BENCH_NODE_ARGS=--expose-gc: what is still referenced, garbage collected first.
      (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ type: 'live', now: process.memoryUsage() });
    } else if (request.type === 'peaks') {
      process.send?.({ type: 'peaks', peaks, now: process.memoryUsage() });
      peaks = zero();
    } else if (request.type === 'pool') {
      const pool = db.$client;
      process.send?.({ type: 'pool', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    } else {
      await app.close();
      await db.$client.end();
      process.exit(0);
    }
  },
);
process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
