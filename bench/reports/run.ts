// Reports centre benchmark (docs/decisions/077-reports-centre.md): with 1,000,000 donations and
// 200,000 donors in one organisation (the dashboard benchmark's generator, gifts over three years),
// the latency of the income report on the real server, one request at a time: each grouping for the
// last year (target p95 < 500 ms) and for all time (target p95 < 2 s), then the XLSX and PDF of a
// year's income by month (target < 5 s each); then each view of the campaigns, donors, tax and
// recurring reports. Not part of npm test. Run: npx tsx bench/reports/run.ts [--donations 1000000]
//   [--donors 200000] [--samples 10] [--keep-data DIR] [--reports recurring]
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.ts';
import { benchOrganisationId, generateDashboardData, hasDashboardData } from '../dashboard/generate.ts';
import { type Instance, startBenchDatabase, startInstance, stopInstance } from '../support/processes.ts';
import { signInStaff } from '../support/staff-session.ts';

const { values: args } = parseArgs({
  options: {
    donations: { type: 'string', default: '1000000' },
    donors: { type: 'string', default: '200000' },
    samples: { type: 'string', default: '10' },
    'keep-data': { type: 'string' },
    // --quick: by month only (a year and all time), and the year's files measured once after a warm-up.
    quick: { type: 'boolean', default: false },
    // --reports recurring,tax: only these table reports' views (no income lines or downloads).
    reports: { type: 'string' },
  },
});
const SAMPLES = Number(args.samples);
const YEAR_MS = 500;
const ALL_TIME_MS = 2000;
const FILE_MS = 5000;
const INCOME = '/npo_admin/reports/income';
const REPORTS = '/npo_admin/reports';
const TABLE_VIEWS = [
  ['campaigns', 'campaigns'],
  ['donors', 'retention'],
  ['donors', 'lapsed'],
  ['donors', 'pyramid'],
  ['donors', 'top'],
  ['tax', 'receipts'],
  ['tax', 'acknowledgements'],
  ['tax', 'gift_aid'],
  ['recurring', 'mrr'],
  ['recurring', 'plans'],
  ['recurring', 'charges'],
] as const;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

type Get = (path: string) => Promise<Response>;

async function timed(get: Get, path: string, samples: number) {
  const first = await get(path);
  const body = Buffer.from(await first.arrayBuffer());
  if (first.status !== 200) return { status: first.status, note: body.toString('utf8').slice(0, 120) };
  await (await get(path)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await (await get(path)).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { status: 200, p50: percentile(times, 0.5), p95: percentile(times, 0.95), bytes: body.length };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function measureAll(get: Get) {
  const year = `from=${day(-364)}&to=${day(0)}`;
  const rows: Array<[string, string, number]> = [];
  const only = args.reports?.split(',');
  const yearGroups = only
    ? []
    : args.quick
      ? ['month']
      : ['month', 'day', 'quarter', 'fiscal_year', 'campaign', 'designation', 'method', 'currency'];
  for (const group of yearGroups) {
    rows.push([`income by ${group}, last year`, `${INCOME}?${year}&group_by=${group}`, YEAR_MS]);
  }
  if (!args.quick && !only) {
    rows.push([
      'income by month, last year, card + USD',
      `${INCOME}?${year}&payment_method=card&currency=USD`,
      YEAR_MS,
    ]);
  }
  for (const group of only ? [] : args.quick ? ['month'] : ['month', 'campaign', 'currency']) {
    rows.push([`income by ${group}, all time`, `${INCOME}?group_by=${group}`, ALL_TIME_MS]);
  }
  // The campaigns, donors and tax reports (docs/product/reports.md): each view for a year and,
  // where a view reads all time, for all time. Retention compares a year with the one before.
  // The donors and campaigns views read per-donor year sums (decision 103): the last 365 days read
  // the days before this year's 1 January from the gifts, a calendar year (the Last year preset)
  // only sums; every view is measured for both.
  const y = new Date().getUTCFullYear() - 1;
  const calendar = `from=${y}-01-01&to=${y}-12-31`;
  for (const [report, view] of TABLE_VIEWS) {
    if (only && !only.includes(report)) continue;
    rows.push([`${report} ${view}, last year`, `${REPORTS}/${report}?${year}&view=${view}`, YEAR_MS]);
    if (view !== 'lapsed') {
      rows.push([`${report} ${view}, calendar ${y}`, `${REPORTS}/${report}?${calendar}&view=${view}`, YEAR_MS]);
    }
    if (view !== 'retention') {
      rows.push([`${report} ${view}, all time`, `${REPORTS}/${report}?view=${view}`, ALL_TIME_MS]);
    }
  }
  console.log(`\nLatency, one request at a time, ${SAMPLES} samples after 2 warm-ups:`);
  const missed: string[] = [];
  for (const [name, path, target] of rows) {
    const r = await timed(get, path, SAMPLES);
    if (r.status !== 200) {
      missed.push(name);
      console.log(`  ${name.padEnd(44)} HTTP ${r.status} ${r.note}`);
    } else {
      const verdict = (r.p95 ?? 0) < target ? 'ok' : 'MISSES TARGET';
      if (verdict !== 'ok') missed.push(name);
      console.log(
        `  ${name.padEnd(44)} p50 ${r.p50?.toFixed(0).padStart(6)} ms  p95 ${r.p95?.toFixed(0).padStart(6)} ms  (target ${target} ms) ${verdict}`,
      );
    }
  }
  console.log(
    `\n${rows.length - missed.length} of ${rows.length} lines meet their target${missed.length ? `; missed: ${missed.join('; ')}` : ''}`,
  );
  console.log('\nDownloads of a year by month:');
  for (const format of only ? [] : args.quick ? ['xlsx', 'pdf'] : ['xlsx', 'pdf', 'csv']) {
    const r = await timed(get, `${INCOME}/download?${year}&group_by=month&format=${format}`, args.quick ? 1 : 3);
    const verdict = (r.p95 ?? 0) < FILE_MS ? 'ok' : 'MISSES TARGET';
    console.log(
      `  ${format.padEnd(5)} HTTP ${r.status} ${r.bytes ?? 0} bytes  slowest ${r.p95?.toFixed(0)} ms (target ${FILE_MS} ms) ${verdict}`,
    );
  }
}

async function main() {
  const database = await startBenchDatabase('kindling_bench_reports', { keepIn: args['keep-data'] });
  let instance: Instance | null = null;
  try {
    if (await hasDashboardData(database.db)) {
      console.log(`Measuring the data kept in ${args['keep-data']}`);
      await database.db.execute(sql`VACUUM ANALYZE`);
    } else {
      await seedDemo(database.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir }).totpKey);
      await generateDashboardData(database.db, await benchOrganisationId(database.db), {
        donations: Number(args.donations),
        donors: Number(args.donors),
      });
      await database.db.execute(sql`VACUUM ANALYZE`);
    }
    instance = await startInstance({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, JOB_WORKERS: 'off' });
    const get = await signInStaff(instance.url, 'staff@kindling.test');
    console.log(
      `Load average before measuring: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} (${os.cpus().length} CPUs)`,
    );
    await measureAll(get);
    console.log(
      `Load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}`,
    );
  } finally {
    if (instance) await stopInstance(instance);
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
