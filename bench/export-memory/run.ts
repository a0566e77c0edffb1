// Export memory benchmark (docs/product/donations.md#the-donations-list): the staff donations export of a whole
// organisation (CSV and XLSX) from the data the dashboard benchmark keeps (bench/dashboard/run.ts --keep-data DIR),
// with the server's resident memory sampled from /proc and, inside the server, the V8 heap and the
// buffers outside it (no collection forced), so a peak can be told apart: live rows, garbage not
// yet collected, or bytes queued for a slow client. Also a cancelled download: the cursor must stop
// and its connection go back to the pool. Not part of npm test.
// Run: npx tsx bench/export-memory/run.ts --keep-data DIR [--database-url URL] [--formats csv,xlsx]
//   [--client-delay MS] [--cancel-after-mb N]
// To explain a figure: BENCH_HEAP_SAMPLES=<file> (allocation sampling of what a major collection
// took), BENCH_NODE_ARGS="--trace-gc" or "--expose-gc" (then the live heap is printed every 5 s).
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createDb } from '../../apps/server/src/platform/db/client.ts';
import { builtBenchServer, startBenchDatabase } from '../support/processes.ts';
import { type StaffGet, signInStaff } from '../support/staff-session.ts';
import type { MemoryPeaks } from './server.ts';

const { values: args } = parseArgs({
  options: {
    'keep-data': { type: 'string' },
    // Or a database already running (bench/dashboard/serve-kept.ts DIR prints its URL).
    'database-url': { type: 'string' },
    formats: { type: 'string', default: 'csv,xlsx' },
    // A slow client: waits this long after each chunk it reads (the server must not queue the file).
    'client-delay': { type: 'string', default: '0' },
    // Also cancel a CSV download after this many MB and check the cursor's connection is released.
    'cancel-after-mb': { type: 'string' },
  },
});
const MB = 1024 * 1024;

type Server = { child: ChildProcess; base: string };

function ask<T>(server: Server, type: string): Promise<T> {
  return new Promise((resolve) => {
    server.child.once('message', (m: T) => resolve(m));
    server.child.send({ type });
  });
}

async function startServer(env: Record<string, string>): Promise<Server> {
  // BENCH_NODE_ARGS: extra node flags for the server (e.g. --trace-gc), to explain a figure only.
  // The server is bundled like npm start's (decision 106).
  const child = fork(await builtBenchServer('export-memory/server.ts'), {
    env: { ...process.env, ...env },
    execArgv: [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (m: { port: number }) => resolve({ child, base: `http://127.0.0.1:${m.port}` }));
  });
}

const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function download(server: Server, get: StaffGet, format: string, stopAfter?: number) {
  const pid = server.child.pid ?? 0;
  const baseline = (await ask<{ now: NodeJS.MemoryUsage }>(server, 'peaks')).now;
  await ask(server, 'sample-start');
  const before = residentMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, 50);
  const delay = Number(args['client-delay']);
  const abort = new AbortController();
  const started = performance.now();
  const res = await get(`/npo_admin/donations/export?format=${format}`, abort.signal);
  let bytes = 0;
  let lines = 0;
  const live = setInterval(async () => {
    if (!process.env.BENCH_NODE_ARGS?.includes('--expose-gc')) return;
    const { now } = await ask<{ now: NodeJS.MemoryUsage }>(server, 'live');
    console.log(
      `  live after a full collection at ${(bytes / 1e6).toFixed(0)} MB: heapUsed ${(now.heapUsed / MB).toFixed(0)} MB`,
    );
  }, 5000);
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      if (delay) await sleep(delay);
      if (stopAfter && bytes > stopAfter) abort.abort();
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  }
  clearInterval(live);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const inside = (await ask<{ peaks: MemoryPeaks }>(server, 'peaks')).peaks;
  await ask(server, 'sample-stop');
  const mb = (n: number) => `${(n / MB).toFixed(0)}`;
  console.log(
    `${format.toUpperCase()}${stopAfter ? ' (cancelled)' : ''}: HTTP ${res.status}, total ${res.headers.get('x-total-count')}, ` +
      `${lines.toLocaleString()} lines, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; RSS ${before.toFixed(0)} MB ` +
      `before, max ${Math.max(peak, residentMb(pid)).toFixed(0)} MB while exporting\n  inside, before → max: heapTotal ` +
      `${mb(baseline.heapTotal)} → ${mb(inside.heapTotal)}, heapUsed ${mb(baseline.heapUsed)} → ${mb(inside.heapUsed)}, ` +
      `external ${mb(baseline.external)} → ${mb(inside.external)}, arrayBuffers ${mb(baseline.arrayBuffers)} → ` +
      `${mb(inside.arrayBuffers)} MB`,
  );
}

async function main() {
  const url = args['database-url'];
  if (!args['keep-data']) throw new Error('--keep-data DIR (made by bench/dashboard/run.ts) is required');
  const database = url
    ? { url, db: createDb(url), dataDir: args['keep-data'], stop: () => Promise.resolve() }
    : await startBenchDatabase('kindling_bench_dashboard', { keepIn: args['keep-data'] });
  const server = await startServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, JOB_WORKERS: 'off' });
  try {
    const get = await signInStaff(server.base, 'staff@kindling.test');
    for (const format of (args.formats ?? '').split(',').filter(Boolean)) await download(server, get, format);
    if (args['cancel-after-mb']) {
      await download(server, get, 'csv', Number(args['cancel-after-mb']) * 1e6);
      await sleep(1000);
      const pool = await ask<{ total: number; idle: number }>(server, 'pool');
      const { rows } = await database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      );
      console.log(`after cancel: pool ${pool.idle}/${pool.total} idle; transactions left open: ${rows[0]?.n}`);
    }
  } finally {
    await new Promise((resolve) => {
      server.child.once('exit', resolve);
      server.child.send({ type: 'stop' });
    });
    await database.stop();
    if (url) await database.db.$client.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
