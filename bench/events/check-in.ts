// Check-in benchmark (docs/decisions/052-e-tickets-and-check-in.md): the demo Harvest Gala with
// extra paid tickets (5,000 by default), the door's POST /api/v1/npo_admin/events/{id}/check_ins on
// the real server, one request at a time as a door scans: p50 and p95 of "valid" answers (first
// scan of a code) and of "already checked in" answers (the same codes again). Target p95 < 300 ms.
// The machine's load average is printed beside the figures: the machine is shared.
// Not part of npm test. Run: npx tsx bench/events/check-in.ts [--tickets 5000] [--samples 200]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.ts';
import { type Instance, startBenchDatabase, startInstance, stopInstance } from '../support/processes.ts';
import { signInStaffPoster } from '../support/staff-session.ts';

const { values: args } = parseArgs({
  options: { tickets: { type: 'string', default: '5000' }, samples: { type: 'string', default: '200' } },
});
const TICKETS = Number(args.tickets);
const SAMPLES = Number(args.samples);
const TARGET_MS = 300;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

async function main() {
  const database = await startBenchDatabase('kindling_bench_check_in');
  let instance: Instance | null = null;
  try {
    const { db } = database;
    await seedDemo(db, loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir }).totpKey);
    const { rows } = await db.execute<{ id: number; order_id: number; type_id: number }>(sql`
      SELECT e.id, (SELECT min(o.id) FROM event_orders o WHERE o.event_id = e.id AND o.status = 'paid') AS order_id,
        (SELECT min(t.id) FROM event_ticket_types t WHERE t.event_id = e.id) AS type_id
      FROM events e WHERE e.slug = 'harvest-gala'`);
    const gala = rows[0];
    if (!gala) throw new Error('demo Harvest Gala missing');
    await db.execute(sql`
      INSERT INTO event_tickets (order_id, event_id, ticket_type_id, attendee_name, attendee_email, code, status)
      SELECT ${gala.order_id}, ${gala.id}, ${gala.type_id}, 'Bench guest ' || n, 'bench' || n || '@example.org',
        'bench-code-' || md5(n::text), 'valid'
      FROM generate_series(1, ${TICKETS}) n`);
    await db.execute(sql`VACUUM ANALYZE event_tickets`);
    instance = await startInstance({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, JOB_WORKERS: 'off' });
    const post = await signInStaffPoster(instance.url, 'staff@kindling.test');
    const { rows: codes } = await db.execute<{ code: string }>(
      sql`SELECT code FROM event_tickets WHERE code LIKE 'bench-code-%' ORDER BY random() LIMIT ${SAMPLES + 5}`,
    );
    const scan = async (code: string, expected: number) => {
      const t = performance.now();
      const response = await post(`/npo_admin/events/${gala.id}/check_ins`, { code });
      await response.text();
      if (response.status !== expected) throw new Error(`HTTP ${response.status} for ${code}, expected ${expected}`);
      return performance.now() - t;
    };
    const run = async (expected: number) => {
      const times: number[] = [];
      for (const [i, { code }] of codes.entries()) {
        const ms = await scan(code, expected);
        if (i >= 5) times.push(ms);
      }
      return times.sort((a, b) => a - b);
    };
    const load = loadavg();
    const valid = await run(200);
    const already = await run(409);
    console.log(
      `\nCheck-in over ${TICKETS} extra tickets, ${SAMPLES} scans each after 5 warm-ups (target p95 < ${TARGET_MS} ms),` +
        ` load average ${load.map((l) => l.toFixed(2)).join(' / ')} → ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' / ')}:`,
    );
    for (const [label, times] of [
      ['valid', valid],
      ['already checked in', already],
    ] as const) {
      const p95 = percentile(times, 0.95);
      console.log(
        `  ${label.padEnd(20)} p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  ${p95 < TARGET_MS ? 'ok' : 'MISSES TARGET'}`,
      );
    }
  } finally {
    if (instance) await stopInstance(instance);
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
