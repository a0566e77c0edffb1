// Memberships benchmark (docs/decisions/049-memberships.md): the demo plus 100,000 manual memberships
// (by default) of Friends of Riverside, half past their expiry, half at the end of their grace period.
// 1. The staff members list, GET /api/v1/npo_admin/memberships on the real server, one request at a
//    time: p50/p95 of the first page, a name search, a status filter and "expiring within 30 days".
//    Target p95 < 100 ms.
// 2. The grace and lapse sweep over them in one run (sweepMemberships, as the hourly job runs it):
//    every batch is one statement in its own transaction, so its row locks last as long as it does;
//    the longest batch is printed. Target: no batch over a second.
// The machine's load average is printed beside the figures: the machine is shared.
// Not part of npm test. Run: npx tsx bench/memberships/run.ts [--members 100000] [--samples 100]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { sweepMemberships } from '../../apps/server/src/modules/memberships/index.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import type { Db } from '../../apps/server/src/platform/db/client.ts';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.ts';
import { type Instance, startBenchDatabase, startInstance, stopInstance } from '../support/processes.ts';
import { signInStaff } from '../support/staff-session.ts';
import { explainList } from './explain.ts';

const { values: args } = parseArgs({
  options: { members: { type: 'string', default: '100000' }, samples: { type: 'string', default: '100' } },
});
const MEMBERS = Number(args.members);
const SAMPLES = Number(args.samples);
const LIST_TARGET_MS = 100;
const BATCH_TARGET_MS = 1000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

async function addMembers(db: Db) {
  const { rows } = await db.execute<{ id: number; npo_id: number }>(sql`
    SELECT t.id, t.npo_id FROM membership_tiers t JOIN campaigns c ON c.id = t.campaign_id
    WHERE c.campaign_url = 'friends-of-riverside' AND t.name = 'Individual'`);
  const tier = rows[0];
  if (!tier) throw new Error('demo Friends of Riverside missing');
  const other = await db.execute<{ id: number }>(sql`
    SELECT t.id FROM membership_tiers t JOIN campaigns c ON c.id = t.campaign_id
    WHERE c.campaign_url = 'friends-of-riverside' AND t.name = 'Monthly supporter'`);
  // Even rows expired a day ago (to grace), odd rows 40 days ago and already in grace (to lapse).
  await db.execute(sql`
    INSERT INTO supporter_memberships (npo_id, tier_id, reference, status, renewal, currency, price_minor,
      joined_at, period_start, period_end, search_text)
    SELECT ${tier.npo_id}, CASE WHEN n % 5 = 0 THEN ${other.rows[0]?.id}::bigint ELSE ${tier.id}::bigint END, 'bench-' || n, CASE WHEN n % 2 = 0 THEN 'active' ELSE 'in_grace' END, 'manual',
      'USD', 6000, now() - interval '400 days', now() - interval '400 days',
      now() - CASE WHEN n % 2 = 0 THEN interval '1 day' ELSE interval '40 days' END - (n % 97) * interval '1 minute',
      lower('Bench member ' || n || ' bench' || n || '@example.org')
    FROM generate_series(1, ${MEMBERS}) n`);
  await db.execute(sql`
    INSERT INTO membership_members (membership_id, position, name, email)
    SELECT id, 0, 'Bench member ' || substr(reference, 7), 'bench' || substr(reference, 7) || '@example.org'
    FROM supporter_memberships WHERE reference LIKE 'bench-%'`);
  // A fifth in the Monthly supporter tier, so a tier filter selects (as an organisation's tiers do).
  await db.execute(sql`
    UPDATE membership_tiers t SET taken = t.taken + n.count
    FROM (SELECT tier_id, count(*)::int AS count FROM supporter_memberships WHERE reference LIKE 'bench-%' GROUP BY tier_id) n
    WHERE t.id = n.tier_id`);
  await db.execute(sql`VACUUM ANALYZE supporter_memberships`);
  await db.execute(sql`VACUUM ANALYZE membership_members`);
  return { tierId: Number(tier.id), npoId: Number(tier.npo_id) };
}

/** The database's own time for each list query, with the indexes its plans use. */
async function explainTimes(db: Db, npoId: number, tierId: number) {
  console.log(`\nEXPLAIN ANALYZE execution times (best of 5; page, then count), load average ${load()}:`);
  for (const [label, query] of variantsOf(tierId)) {
    const [page, count] = await explainList(db, npoId, query(3));
    const show = (e: typeof page) => `${e?.ms.toFixed(1)} ms [${e?.indexes.join(', ') || 'no index'}]`;
    console.log(`  ${label.padEnd(24)} page ${show(page)}; count ${show(count)}`);
  }
}

const variantsOf = (tierId: number): [string, (i: number) => string][] => [
  ['first page', () => ''],
  ['page 40', () => 'page=40'],
  ['name search', (i) => `q=member%20${1000 + i * 7}`],
  ['status in grace', () => 'status=in_grace'],
  ['tier + status', () => `tier_id=${tierId}&status=active`],
  ['tier + status + search', (i) => `tier_id=${tierId}&status=in_grace&q=member%20${1001 + i * 7}`],
  ['expiring in 30 days', () => 'expiring_within_days=30'],
];

async function listTimes(base: string, tierId: number) {
  const get = await signInStaff(base, 'staff@kindling.test');
  const variants = variantsOf(tierId);
  const results: [string, number[]][] = [];
  for (const [label, query] of variants) {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES + 5; i++) {
      const t = performance.now();
      const response = await get(`/npo_admin/memberships?${query(i)}`);
      await response.text();
      if (response.status !== 200) throw new Error(`HTTP ${response.status} for ${label}`);
      if (i >= 5) times.push(performance.now() - t);
    }
    results.push([label, times.sort((a, b) => a - b)]);
  }
  return results;
}

/** The sweep with each statement timed: every batch is one statement, in its own transaction. */
async function timedSweep(db: Db) {
  const batches: number[] = [];
  const timed = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return async (...a: Parameters<Db['execute']>) => {
        const t = performance.now();
        try {
          return await target.execute(...a);
        } finally {
          batches.push(performance.now() - t);
        }
      };
    },
  });
  const t = performance.now();
  const moved = await sweepMemberships(timed, new Date(Date.now() + 60_000));
  return { moved, total: performance.now() - t, batches };
}

async function main() {
  const database = await startBenchDatabase('kindling_bench_memberships');
  let instance: Instance | null = null;
  try {
    const { db } = database;
    await seedDemo(db, loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir }).totpKey);
    const { tierId, npoId } = await addMembers(db);
    await explainTimes(db, npoId, tierId);
    instance = await startInstance({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, JOB_WORKERS: 'off' });
    const before = load();
    const lists = await listTimes(instance.url, tierId);
    console.log(
      `\nMembers list at ${MEMBERS} extra members, ${SAMPLES} requests each after 5 warm-ups ` +
        `(target p95 < ${LIST_TARGET_MS} ms), load average ${before} → ${load()}:`,
    );
    for (const [label, times] of lists) {
      const p95 = percentile(times, 0.95);
      console.log(
        `  ${label.padEnd(22)} p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  ${p95 < LIST_TARGET_MS ? 'ok' : 'MISSES TARGET'}`,
      );
    }
    await stopInstance(instance);
    instance = null;

    const sweepLoad = load();
    const { moved, total, batches } = await timedSweep(db);
    const longest = Math.max(...batches);
    console.log(
      `\nSweep of ${MEMBERS} memberships in one run, load average ${sweepLoad} → ${load()}: ` +
        `${moved.in_grace} into grace, ${moved.lapsed} lapsed, in ${batches.length} batches, ${(total / 1000).toFixed(1)} s; ` +
        `p95 batch ${percentile(
          [...batches].sort((a, b) => a - b),
          0.95,
        ).toFixed(
          0,
        )} ms, longest batch ${longest.toFixed(0)} ms (target < ${BATCH_TARGET_MS} ms) ${longest < BATCH_TARGET_MS ? 'ok' : 'MISSES TARGET'}`,
    );
    const { rows } = await db.execute<{ status: string; n: number }>(sql`
      SELECT status, count(*)::int AS n FROM supporter_memberships WHERE reference LIKE 'bench-%' GROUP BY status ORDER BY status`);
    console.log(`  after: ${rows.map((r) => `${r.status} ${r.n}`).join(', ')}`);
  } finally {
    if (instance) await stopInstance(instance);
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
