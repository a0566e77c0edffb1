// CRM contacts benchmark: with 200,000 contacts and 1,000,000 gifts in one organisation (the
// dashboard benchmark's generator, then CRM details for a third of the contacts), the latency of
// the contacts list with a filter and a search, and of a contact's record, on the real server, one
// request at a time: p50 and p95 (target p95 < 100 ms each).
// With --segments, also the count of saved segments (target p95 < 200 ms; decision 042).
// Not part of npm test. Run: npx tsx bench/crm/run.ts [--donations 1000000] [--donors 200000] [--samples 30]
// [--segments] [--keep-data DIR]: with --keep-data, a second run reuses the generated data (minutes saved).
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import type { Db } from '../../apps/server/src/platform/db/client.ts';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.ts';
import { seedSegments } from '../../apps/server/src/seed/segments-seed.ts';
import { benchOrganisationId, generateDashboardData } from '../dashboard/generate.ts';
import { type Instance, startBenchDatabase, startInstance, stopInstance } from '../support/processes.ts';
import { signInStaff, signInStaffPoster } from '../support/staff-session.ts';
import { benchSegments } from './segments.ts';

const { values: args } = parseArgs({
  options: {
    donations: { type: 'string', default: '1000000' },
    donors: { type: 'string', default: '200000' },
    samples: { type: 'string', default: '30' },
    'keep-data': { type: 'string' },
    segments: { type: 'boolean', default: false },
  },
});
const SAMPLES = Number(args.samples);
const TARGET_MS = 100;
const SEGMENT_TARGET_MS = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

/** CRM details for every third contact: types, tags, an owner, a household per 50, a custom field value. */
async function generateContacts(db: Db, npoId: number): Promise<{ fieldId: number; ownerId: number }> {
  const started = performance.now();
  const { rows: fields } = await db.execute<{ id: number }>(sql`
    INSERT INTO contact_fields (npo_id, label, field_type, options)
    VALUES (${npoId}, 'Bench level', 'choice', ARRAY['Gold', 'Silver', 'Bronze']) RETURNING id`);
  const fieldId = Number(fields[0]?.id);
  const { rows: owners } = await db.execute<{ id: number }>(sql`
    SELECT user_id AS id FROM memberships WHERE npo_id = ${npoId} ORDER BY user_id LIMIT 1`);
  const ownerId = Number(owners[0]?.id);
  await db.execute(sql`
    INSERT INTO households (npo_id, name)
    SELECT ${npoId}, 'Bench household ' || n FROM generate_series(1, 2000) n`);
  await db.execute(sql`
    WITH hs AS (SELECT array_agg(id ORDER BY id) AS ids FROM households WHERE npo_id = ${npoId})
    INSERT INTO contact_details (donor_id, npo_id, contact_type, tags, owner_user_id, household_id, custom_fields)
    SELECT dn.id, dn.npo_id,
      (ARRAY['individual', 'prospect', 'volunteer', 'board_member'])[1 + dn.id % 4],
      ARRAY[(ARRAY['gala', 'newsletter', 'major-gift', 'volunteer', 'board'])[1 + dn.id % 5]],
      CASE WHEN dn.id % 2 = 0 THEN ${ownerId}::bigint END,
      CASE WHEN dn.id % 10 = 0 THEN hs.ids[1 + (dn.id / 10) % array_length(hs.ids, 1)] END,
      jsonb_build_object(${String(fieldId)}::text, (ARRAY['Gold', 'Silver', 'Bronze'])[1 + dn.id % 3])
    FROM donors dn, hs WHERE dn.npo_id = ${npoId} AND dn.id % 3 = 0
    ON CONFLICT (donor_id) DO NOTHING`);
  await db.execute(sql`
    INSERT INTO contact_relationships (npo_id, from_donor_id, to_donor_id, kind)
    SELECT ${npoId}, a.id, a.id + 1, 'spouse' FROM donors a
    WHERE a.npo_id = ${npoId} AND a.id % 20 = 0 AND EXISTS (SELECT 1 FROM donors b WHERE b.id = a.id + 1 AND b.npo_id = ${npoId})`);
  await db.execute(sql`VACUUM ANALYZE contact_details, households, contact_relationships`);
  console.log(`  contact details generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { fieldId, ownerId };
}

async function measure(
  get: (path: string) => Promise<Response>,
  name: string,
  path: string,
  target = TARGET_MS,
): Promise<void> {
  const first = await get(path);
  if (first.status !== 200) {
    console.log(`  ${name.padEnd(44)} HTTP ${first.status} ${(await first.text()).slice(0, 100)}`);
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
  const verdict = p95 < target ? 'ok' : 'MISSES TARGET';
  console.log(
    `  ${name.padEnd(44)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  ${verdict}`,
  );
}

/** The bench data of an earlier run kept with --keep-data, if there is one. */
async function generatedBefore(db: Db) {
  const { rows } = await db.execute<{ npo_id: number; field_id: number }>(sql`
    SELECT npo_id, id AS field_id FROM contact_fields WHERE label = 'Bench level' LIMIT 1`);
  const row = rows[0];
  if (!row) return null;
  const { rows: owners } = await db.execute<{ id: number }>(sql`
    SELECT user_id AS id FROM memberships WHERE npo_id = ${row.npo_id} ORDER BY user_id LIMIT 1`);
  console.log('Reusing the data generated by an earlier run (--keep-data).');
  return { npoId: Number(row.npo_id), fieldId: Number(row.field_id), ownerId: Number(owners[0]?.id) };
}

async function generate(db: Db, dataDir: string) {
  await seedDemo(db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).totpKey);
  const npoId = await benchOrganisationId(db);
  await generateDashboardData(db, npoId, { donations: Number(args.donations), donors: Number(args.donors) });
  return { npoId, ...(await generateContacts(db, npoId)) };
}

/**
 * The live count of three-rule segments (the rule builder's request, target p95 < 200 ms), and the
 * first page of a saved segment's members.
 */
async function measureSegments(db: Db, npoId: number, url: string) {
  const post = await signInStaffPoster(url, 'staff@kindling.test');
  const count = (name: string, rules: unknown) =>
    measure((path) => post(path, { rules }), name, '/npo_admin/segments/count', SEGMENT_TARGET_MS);
  console.log(`\nSegments (target p95 < ${SEGMENT_TARGET_MS} ms):`);
  for (const [name, rules] of benchSegments()) await count(name, rules);
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT id FROM segments WHERE npo_id = ${npoId} AND name = 'Top 100 by lifetime'`);
  const get = await signInStaff(url, 'staff@kindling.test');
  if (rows[0]) await measure(get, 'segment members, first page (Top 100)', `/npo_admin/segments/${rows[0].id}/donors`);
}

async function main() {
  const database = await startBenchDatabase('kindling_bench_crm', { keepIn: args['keep-data'] });
  let instance: Instance | null = null;
  try {
    const { npoId, fieldId, ownerId } =
      (await generatedBefore(database.db)) ?? (await generate(database.db, database.dataDir));
    // The demo's saved segments, for the members page (a kept database may predate them).
    await seedSegments(database.db, new Map([['bench', npoId]]), null);
    const { rows } = await database.db.execute<{ id: number }>(sql`
      SELECT cd.donor_id AS id FROM contact_details cd JOIN donor_giving g ON g.donor_id = cd.donor_id
      WHERE cd.npo_id = ${npoId} AND cd.household_id IS NOT NULL AND g.gift_count > 0 ORDER BY g.gift_count DESC LIMIT 1`);
    const recordId = Number(rows[0]?.id);
    instance = await startInstance({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, JOB_WORKERS: 'off' });
    const get = await signInStaff(instance.url, 'staff@kindling.test');
    console.log(
      `\nLatency, one request at a time, ${SAMPLES} samples after 3 warm-ups (target p95 < ${TARGET_MS} ms):`,
    );
    const list = '/npo_admin/contacts';
    await measure(get, 'contacts list, first page', list);
    await measure(get, 'contacts list, tag + search "hopper 12"', `${list}?tag=gala&search=hopper%2012`);
    await measure(get, 'contacts list, type + search "hopper"', `${list}?type=prospect&search=hopper`);
    await measure(get, 'contacts list, owner + search "example"', `${list}?owner=${ownerId}&search=example`);
    await measure(
      get,
      'contacts list, custom field + search "hopper"',
      `${list}?field_id=${fieldId}&field_value=Gold&search=hopper`,
    );
    await measure(
      get,
      'contacts list, tag, by lifetime total',
      `${list}?tag=major-gift&sort=lifetime_total&direction=desc`,
    );
    await measure(get, "a contact's record (household, relationships)", `${list}/${recordId}`);
    if (args.segments) await measureSegments(database.db, npoId, instance.url);
  } finally {
    if (instance) await stopInstance(instance);
    await database.stop();
  }
}

await main();
