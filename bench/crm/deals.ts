// CRM deals benchmark (docs/decisions/043-deals-and-tasks.md): with 200,000 contacts in one
// organisation (the dashboard benchmark's generator) and a few thousand deals across the stages,
// the latency of the deals kanban and of the weighted pipeline figures on the real server, one
// request at a time: p50 and p95 (target p95 < 100 ms each).
// Not part of npm test. Run: npx tsx bench/crm/deals.ts [--donors 200000] [--donations 200000] [--deals 4000] [--samples 30]
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.ts';
import { benchOrganisationId, generateDashboardData } from '../dashboard/generate.ts';
import { type Instance, startBenchDatabase, startInstance, stopInstance } from '../support/processes.ts';
import { signInStaff } from '../support/staff-session.ts';

const { values: args } = parseArgs({
  options: {
    donations: { type: 'string', default: '200000' },
    donors: { type: 'string', default: '200000' },
    deals: { type: 'string', default: '4000' },
    samples: { type: 'string', default: '30' },
  },
});
const SAMPLES = Number(args.samples);
const TARGET_MS = 100;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

async function measure(get: (path: string) => Promise<Response>, name: string, path: string) {
  const first = await get(path);
  if (first.status !== 200) {
    console.log(`  ${name.padEnd(32)} HTTP ${first.status} ${(await first.text()).slice(0, 100)}`);
    return;
  }
  await first.arrayBuffer();
  for (let i = 0; i < 2; i++) await (await get(path)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    await (await get(path)).arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 0.5);
  const p95 = percentile(times, 0.95);
  console.log(
    `  ${name.padEnd(32)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  ${p95 < TARGET_MS ? 'ok' : 'MISSES TARGET'}`,
  );
}

async function main() {
  const database = await startBenchDatabase('kindling_bench_deals', {});
  let instance: Instance | null = null;
  try {
    await seedDemo(database.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir }).totpKey);
    const npoId = await benchOrganisationId(database.db);
    await generateDashboardData(database.db, npoId, { donations: Number(args.donations), donors: Number(args.donors) });
    const started = performance.now();
    await database.db.execute(sql`
      WITH owners AS (SELECT array_agg(user_id ORDER BY user_id) AS ids FROM memberships WHERE npo_id = ${npoId}),
      picked AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM donors WHERE npo_id = ${npoId} AND id % 37 = 0 LIMIT ${Number(args.deals)})
      INSERT INTO deals (npo_id, contact_id, title, amount_minor, currency, expected_on, stage, owner_user_id, position)
      SELECT ${npoId}, p.id, 'Bench deal ' || p.n, 10000 + (p.n * 7919) % 5000000, n.base_currency,
        current_date + (p.n % 400)::int,
        (ARRAY['identified', 'qualified', 'cultivation', 'solicitation', 'pledged', 'won', 'lost'])[1 + p.n % 7],
        owners.ids[1 + p.n % array_length(owners.ids, 1)], p.n
      FROM picked p, owners, npos n WHERE n.id = ${npoId}`);
    await database.db.execute(sql`VACUUM ANALYZE deals`);
    const { rows } = await database.db.execute<{ n: number; c: number }>(sql`
      SELECT (SELECT count(*)::int FROM deals WHERE npo_id = ${npoId}) AS n, (SELECT count(*)::int FROM donors WHERE npo_id = ${npoId}) AS c`);
    console.log(
      `  ${rows[0]?.n} deals over ${rows[0]?.c} contacts generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    instance = await startInstance({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, JOB_WORKERS: 'off' });
    const get = await signInStaff(instance.url, 'staff@kindling.test');
    console.log(
      `\nLatency, one request at a time, ${SAMPLES} samples after 3 warm-ups (target p95 < ${TARGET_MS} ms):`,
    );
    await measure(get, 'deals kanban', '/npo_admin/deals/board');
    await measure(get, 'weighted pipeline figures', '/npo_admin/deals/pipeline');
    await measure(get, 'deals table', '/npo_admin/deals');
  } finally {
    if (instance) await stopInstance(instance);
    await database.stop();
  }
}

await main();
