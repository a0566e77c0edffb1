// Development aid for the CRM benchmark (decision 084): on the database kept by
// `npx tsx bench/crm/run.ts --keep-data DIR`, runs the contacts list, a contact's record and the
// benchmark's segment counts through the services, and prints for every statement they send its
// EXPLAIN (ANALYZE, BUFFERS) execution time (the median of --runs), with the plan when --plans.
// Execution times do not include the round trips, and vary far less than p95 on a loaded machine.
// Run: npx tsx bench/crm/explain.ts DIR [--only contacts|record|segments] [--plans] [--runs 3]
import { parseArgs } from 'node:util';
import { ZContactListQuery, ZSegmentGroup } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { getContact, listContacts } from '../../apps/server/src/modules/contacts/contacts.service.ts';
import { countRules } from '../../apps/server/src/modules/segments/segments.service.ts';
import type { Db } from '../../apps/server/src/platform/db/client.ts';
import { startBenchDatabase } from '../support/processes.ts';
import { benchSegments } from './segments.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    only: { type: 'string' },
    plans: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
  },
});
const dir = positionals[0];
if (!dir) throw new Error('usage: explain.ts DIR');
const RUNS = Number(args.runs);

type Explained = { text: string; ms: number; plan: string };

/** A Db whose execute also EXPLAINs each statement (ANALYZE runs it: read-only statements only). */
function explaining(db: Db, out: Explained[]): Db {
  const dialect = (db as unknown as { dialect: { sqlToQuery: (q: SQL) => { sql: string } } }).dialect;
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'transaction') {
        return (fn: (tx: Db) => Promise<unknown>) =>
          target.transaction((tx) => fn(explaining(tx as unknown as Db, out)));
      }
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return async (query: SQL) => {
        const text = dialect.sqlToQuery(query).sql;
        if (!/^\s*(EXPLAIN|SET|SHOW)/i.test(text)) {
          const times: number[] = [];
          let plan = '';
          for (let i = 0; i < RUNS; i++) {
            const res = await target.execute<Record<string, string>>(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
            plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
            times.push(Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? Number.NaN));
          }
          times.sort((a, b) => a - b);
          out.push({
            text: text.replace(/\s+/g, ' ').slice(0, 110),
            ms: times[Math.floor(times.length / 2)] ?? 0,
            plan,
          });
        }
        return target.execute(query);
      };
    },
  });
}

async function report(db: Db, name: string, run: (db: Db) => Promise<unknown>) {
  const out: Explained[] = [];
  await run(explaining(db, out));
  const total = out.reduce((sum, e) => sum + e.ms, 0);
  console.log(`\n${name}: ${out.length} statements, ${total.toFixed(1)} ms of execution in all`);
  for (const e of out.sort((a, b) => b.ms - a.ms)) {
    console.log(`  - ${e.ms.toFixed(2).padStart(8)} ms  ${e.text}`);
    if (args.plans && e.ms > 1) console.log(e.plan.replace(/^/gm, '      '));
  }
}

const database = await startBenchDatabase('kindling_bench_crm', { keepIn: dir });
try {
  const db = database.db;
  const { rows } = await db.execute<{ npo_id: number; field_id: number }>(sql`
    SELECT npo_id, id AS field_id FROM contact_fields WHERE label = 'Bench level' LIMIT 1`);
  const npoId = Number(rows[0]?.npo_id);
  const fieldId = Number(rows[0]?.field_id);
  const { rows: owners } = await db.execute<{ id: number }>(sql`
    SELECT user_id AS id FROM memberships WHERE npo_id = ${npoId} ORDER BY user_id LIMIT 1`);
  const ownerId = Number(owners[0]?.id);
  const { rows: rec } = await db.execute<{ id: number }>(sql`
    SELECT cd.donor_id AS id FROM contact_details cd JOIN donor_giving g ON g.donor_id = cd.donor_id
    WHERE cd.npo_id = ${npoId} AND cd.household_id IS NOT NULL AND g.gift_count > 0 ORDER BY g.gift_count DESC LIMIT 1`);
  const { rows: load } = await db.execute<{ l: string }>(sql`SELECT pg_read_file('/proc/loadavg') AS l`).catch(() => ({
    rows: [{ l: 'unknown' }],
  }));
  console.log(`load average: ${load[0]?.l.trim()}`);
  if (!args.only || args.only === 'contacts') {
    const lists: Array<[string, Record<string, string>]> = [
      ['contacts list, first page', {}],
      ['contacts list, tag + search "hopper 12"', { tag: 'gala', search: 'hopper 12' }],
      ['contacts list, type + search "hopper"', { type: 'prospect', search: 'hopper' }],
      ['contacts list, owner + search "example"', { owner: String(ownerId), search: 'example' }],
      [
        'contacts list, custom field + search "hopper"',
        { field_id: String(fieldId), field_value: 'Gold', search: 'hopper' },
      ],
      ['contacts list, tag, by lifetime total', { tag: 'major-gift', sort: 'lifetime_total', direction: 'desc' }],
    ];
    for (const [name, q] of lists) await report(db, name, (d) => listContacts(d, npoId, ZContactListQuery.parse(q)));
  }
  if (!args.only || args.only === 'record') {
    await report(db, "a contact's record", (d) => getContact(d, npoId, Number(rec[0]?.id)));
  }
  if (!args.only || args.only === 'segments') {
    for (const [name, rules] of benchSegments()) {
      await report(db, name, (d) => countRules(d, npoId, ZSegmentGroup.parse(rules)));
    }
  }
} finally {
  await database.stop();
}
