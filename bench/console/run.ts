// Console benchmark (docs/decisions/046-platform-console.md): with N organisations and M gifts
// across them (generate.ts; default 1,000 and 1,000,000), the latency of the console's index and
// lists on the real server, one request at a time after two warm-ups, as one operator's browser
// sends them. Target: p95 < 100 ms each.
// Not part of npm test. Run: npx tsx bench/console/run.ts [--organisations 1000] [--donations 1000000] [--samples 30] [--keep dir]
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { rollUpDailyFigures } from '../../apps/server/src/modules/console/index.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.ts';
import { type Instance, startBenchDatabase, startInstance, stopInstance } from '../support/processes.ts';
import { signInStaff } from '../support/staff-session.ts';
import { generateConsoleData } from './generate.ts';

const { values: args } = parseArgs({
  options: {
    organisations: { type: 'string', default: '1000' },
    donations: { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '30' },
    // Keeps the database in this directory and reuses its data on the next run (EXPLAIN work).
    keep: { type: 'string' },
  },
});
const SAMPLES = Number(args.samples);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

async function measure(get: (path: string) => Promise<Response>, name: string, path: string) {
  const first = await get(path);
  if (first.status !== 200) return `${name.padEnd(44)} answered ${first.status}`;
  await first.arrayBuffer();
  for (let i = 0; i < 2; i++) await (await get(path)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await (await get(path)).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  return `${name.padEnd(44)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  ${p95 < 100 ? 'ok' : 'OVER 100 ms'}`;
}

async function main() {
  const database = await startBenchDatabase('kindling_bench_console', { keepIn: args.keep });
  let instance: Instance | null = null;
  try {
    const { rows: existing } = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM npos`);
    if (!args.keep || Number(existing[0]?.n) < 10) {
      await seedDemo(database.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir }).totpKey);
      await generateConsoleData(database.db, {
        organisations: Number(args.organisations),
        donations: Number(args.donations),
      });
    }
    const { rows } = await database.db.execute<{ id: number }>(sql`
      SELECT npo_id AS id FROM donations GROUP BY npo_id ORDER BY count(*) DESC LIMIT 1`);
    const largest = Number(rows[0]?.id);
    instance = await startInstance({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, JOB_WORKERS: 'off' });
    const get = await signInStaff(instance.url, 'console@kindling.test');
    // The index before the daily roll-up (every day summed live from the ledger), then after it,
    // as the hourly job leaves it (decision 054).
    console.log(`\nBefore the roll-up, ${SAMPLES} samples:`);
    console.log(`  ${await measure(get, 'index (/console), all live', '/console')}`);
    const started = performance.now();
    await rollUpDailyFigures(database.db);
    console.log(`  the roll-up's first run: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const again = performance.now();
    await rollUpDailyFigures(database.db);
    console.log(`  a later run (the last closed day again): ${((performance.now() - again) / 1000).toFixed(2)} s`);
    console.log(`\nConsole reads, ${SAMPLES} samples each (target p95 < 100 ms):`);
    // The floor: the shell's smallest signed-in read (session, CSRF, one row), whatever the data's size.
    console.log(`  ${await measure(get, 'baseline: /platform/notice', '/platform/notice')}`);
    for (const [name, path] of [
      ['index (/console)', '/console'],
      ['organisations, page 1', '/console/organizations'],
      ['organisations, page 20', '/console/organizations?page=20'],
      ['organisations, suspended', '/console/organizations?status=suspended'],
      ['organisations, search "organisation 9"', '/console/organizations?q=organisation%209'],
      ['the largest organisation', `/console/organizations/${largest}`],
      ['users, page 1', '/console/users'],
      ['users, search "bench 12"', '/console/users?q=bench%2012'],
      ['transactions, page 1', '/console/transactions'],
      ['transactions, by e-mail', '/console/transactions?q=donor7.1001%40bench.example'],
      ['transactions, refunds of the largest', `/console/transactions?kind=refund&npo_id=${largest}`],
      // The sales screen asks for its months and the owed-fees table's first page (decision 096).
      ['sales (12 months, the platform)', '/console/sales'],
      ['sales by organisation, page 1', '/console/sales/organizations'],
      ['sales by organisation, page 10 by name', '/console/sales/organizations?sort=name&page=10'],
      [
        'sales by organisation, one month',
        `/console/sales/organizations?period=${new Date().toISOString().slice(0, 7)}`,
      ],
      ['sales by organisation, name "organisation 9"', '/console/sales/organizations?q=organisation%209'],
      ['analytics (growth and sizes)', '/console/analytics'],
      ['security', '/console/security'],
      ['announcements (history)', '/console/announcements'],
    ] as const) {
      console.log(`  ${await measure(get, name, path)}`);
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
