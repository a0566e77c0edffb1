// Dashboard benchmark (decisions 009 and 014): with 1,000,000 donations and 200,000 donors in one organisation
// (generate.ts), the latency of the staff dashboard's reads on the real server, one request at a
// time as a staff member's browser sends them: p50 and p95 of account_details, the donations list
// with a filter, the donors list, every analysis endpoint (target p95 < 100 ms each) and the
// transactions list (every payment attempt, refund and dispute; not in the target); then the
// CSV export of all donations while the server's resident memory is sampled (target < 300 MB).
// An endpoint the server does not have answers 404 and is reported as missing.
// Not part of npm test. Run: npx tsx bench/dashboard/run.ts [--donations 1000000] [--donors 200000]
//   [--samples 30] [--pg-stats] [--keep-data DIR] [--only export]
// --keep-data keeps the database in DIR and, when DIR already holds the generated data, measures it
// again without generating (for comparing changes; the migrations still run).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.ts';
import {
  type Instance,
  printStatementStats,
  resetStatementStats,
  startBenchDatabase,
  startInstance,
  stopInstance,
} from '../support/processes.ts';
import { signInStaff } from '../support/staff-session.ts';
import { benchOrganisationId, generateDashboardData, hasDashboardData } from './generate.ts';

const { values: args } = parseArgs({
  options: {
    donations: { type: 'string', default: '1000000' },
    donors: { type: 'string', default: '200000' },
    samples: { type: 'string', default: '30' },
    // Print PostgreSQL's time per statement of the latency phase (pg_stat_statements).
    'pg-stats': { type: 'boolean', default: false },
    'keep-data': { type: 'string' },
    // --only export: skip the latency phase and measure the export alone.
    only: { type: 'string' },
  },
});
const SAMPLES = Number(args.samples);
const TARGET_MS = 100;
const MEMORY_TARGET_MB = 300;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

type Result = {
  name: string;
  path: string;
  status: 'ok' | 'missing' | 'error';
  p50?: number;
  p95?: number;
  note?: string;
};

async function measure(get: (path: string) => Promise<Response>, name: string, path: string): Promise<Result> {
  const first = await get(path);
  const body = await first.text();
  if (first.status === 404) return { name, path, status: 'missing', note: body.slice(0, 80) };
  if (first.status !== 200) return { name, path, status: 'error', note: `${first.status} ${body.slice(0, 120)}` };
  for (let i = 0; i < 2; i++) await (await get(path)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const res = await get(path);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { name, path, status: 'ok', p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

/** Resident memory of a process in MB, from /proc (no collection forced, unlike memoryOf). */
function residentMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function exportWithMemory(get: (path: string) => Promise<Response>, instance: Instance) {
  const pid = instance.child.pid ?? 0;
  const before = residentMb(pid, 'VmRSS');
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(pid, 'VmRSS'));
  }, 50);
  const started = performance.now();
  const res = await get('/npo_admin/donations/export?format=csv');
  let bytes = 0;
  let lines = 0;
  if (res.status === 200 && res.body) {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
  } else {
    await res.arrayBuffer();
  }
  clearInterval(sampler);
  return {
    status: res.status,
    seconds: (performance.now() - started) / 1000,
    bytes,
    lines,
    before,
    peak: Math.max(peak, residentMb(pid, 'VmRSS')),
    highWater: residentMb(pid, 'VmHWM'),
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function endpoints(): Array<[string, string]> {
  const today = day(0);
  return [
    ['account_details', '/npo_admin/account_details'],
    [
      'donations list, 30 days, succeeded',
      `/npo_admin/donations?date_from=${day(-29)}&date_to=${today}&status=succeeded`,
    ],
    [
      'donations list, campaign + card',
      '/npo_admin/donations?campaign_id=1&payment_method=card&sort=amount&order=desc',
    ],
    ['donors list', '/npo_admin/donors'],
    ['donors list, search "hopper 12"', '/npo_admin/donors?search=hopper%2012'],
    ['analysis/home', '/npo_admin/analysis/home'],
    ['analysis/gifts, 30 days', `/npo_admin/analysis/gifts?from=${day(-29)}&to=${today}`],
    ['analysis/gifts, 12 months', `/npo_admin/analysis/gifts?from=${day(-364)}&to=${today}`],
    ['analysis/retention, 90 days', `/npo_admin/analysis/retention?from=${day(-89)}&to=${today}`],
    ['analysis/retention, 12 months', `/npo_admin/analysis/retention?from=${day(-364)}&to=${today}`],
    ['analysis/recurring, 12 months', `/npo_admin/analysis/recurring?from=${day(-364)}&to=${today}`],
    ['analysis/lapsed', '/npo_admin/analysis/lapsed'],
    ['transactions, first page', '/npo_admin/transactions'],
    ['transactions, failed', '/npo_admin/transactions?status=failed'],
    ['transactions, search "hopper 12"', '/npo_admin/transactions?search=hopper%2012'],
    // The shell's search overlay: a rare name, a common one, a receipt number, a provider reference.
    ['search overlay "hopper 12"', '/npo_admin/search?q=hopper%2012'],
    ['search overlay "example"', '/npo_admin/search?q=example'],
    ['search overlay receipt "B-500000"', '/npo_admin/search?q=B-500000'],
    ['search overlay reference "bench_7"', '/npo_admin/search?q=bench_7'],
  ];
}

function print(results: Result[]) {
  console.log(`\nLatency, one request at a time, ${SAMPLES} samples after 3 warm-ups (target p95 < ${TARGET_MS} ms):`);
  for (const r of results) {
    const label = r.name.padEnd(38);
    if (r.status !== 'ok') console.log(`  ${label} ${r.status.toUpperCase()}  ${r.note ?? ''}`);
    else {
      const verdict = (r.p95 ?? 0) < TARGET_MS ? 'ok' : 'MISSES TARGET';
      console.log(
        `  ${label} p50 ${r.p50?.toFixed(1).padStart(7)} ms  p95 ${r.p95?.toFixed(1).padStart(7)} ms  ${verdict}`,
      );
    }
  }
}

async function main() {
  const database = await startBenchDatabase('kindling_bench_dashboard', {
    statementStats: args['pg-stats'],
    keepIn: args['keep-data'],
  });
  let instance: Instance | null = null;
  try {
    if (await hasDashboardData(database.db)) {
      console.log(`Measuring the data kept in ${args['keep-data']}`);
      // What the server's periodic job does: sum the days up to yesterday (decision 013).
      await database.db.execute(sql`SELECT close_giving_days(id, (now() AT TIME ZONE 'UTC')::date - 1) FROM npos`);
      // And what autovacuum does after new migrations rewrote rows (index-only scans need it).
      await database.db.execute(sql`VACUUM ANALYZE`);
    } else {
      await seedDemo(database.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir }).totpKey);
      await generateDashboardData(database.db, await benchOrganisationId(database.db), {
        donations: Number(args.donations),
        donors: Number(args.donors),
      });
    }
    instance = await startInstance({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, JOB_WORKERS: 'off' });
    const get = await signInStaff(instance.url, 'staff@kindling.test');
    const results: Result[] = [];
    if (args['pg-stats']) await resetStatementStats(database.db);
    if (args.only !== 'export') {
      for (const [name, path] of endpoints()) results.push(await measure(get, name, path));
      print(results);
    }
    if (args['pg-stats']) await printStatementStats(database.db, 20);
    const exported = await exportWithMemory(get, instance);
    if (exported.status === 404) console.log('\nCSV export of all donations: MISSING (404)');
    else {
      const verdict = exported.peak < MEMORY_TARGET_MB ? 'ok' : 'MISSES TARGET';
      console.log(
        `\nCSV export of all donations: HTTP ${exported.status}, ${exported.lines.toLocaleString()} lines, ` +
          `${(exported.bytes / 1e6).toFixed(1)} MB in ${exported.seconds.toFixed(1)} s; server RSS ` +
          `${exported.before.toFixed(0)} MB before, max ${exported.peak.toFixed(0)} MB while exporting ` +
          `(process high-water ${exported.highWater.toFixed(0)} MB; target < ${MEMORY_TARGET_MB} MB) ${verdict}`,
      );
    }
  } finally {
    if (instance) await stopInstance(instance);
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
