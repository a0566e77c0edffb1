// Benchmark of live notifications (target p99 < 100 ms): N connected clients over two server instances on one
// embedded PostgreSQL; time from notification creation to receipt, and memory per connection.
// Not part of npm test. Run: npx tsx bench/notifications/run.ts [--clients 1000] [--notifications 20]
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import { startSession } from '../../apps/server/src/modules/auth/sessions.service.ts';
import { notifyOrganisation } from '../../apps/server/src/modules/notifications/index.ts';
import { memberships, npos } from '../../apps/server/src/modules/organisations/organisations.tables.ts';
import { users } from '../../apps/server/src/modules/users/index.ts';
import type { Db } from '../../apps/server/src/platform/db/client.ts';
import {
  type Instance,
  type Memory,
  memoryOf,
  sleep,
  startBenchDatabase,
  startInstance,
  stopInstance,
} from '../support/processes.ts';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    notifications: { type: 'string', default: '20' },
    gap: { type: 'string', default: '250' },
  },
});
const CLIENTS = Number(args.clients);
const NOTIFICATIONS = Number(args.notifications);
const GAP_MS = Number(args.gap);
const IDENTIFIER = JSON.stringify({ channel: 'NotificationChannel' });

/** N staff members of one organisation, each with a live session; returns their cookies. */
async function seedStaff(db: Db, count: number): Promise<{ npoId: number; cookies: string[] }> {
  const [npo] = await db.insert(npos).values({ name: 'Bench Org', slug: 'bench-org' }).returning({ id: npos.id });
  if (!npo) throw new Error('no organisation');
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `staff${i}@bench.test`,
    firstName: 'Staff',
    lastName: `${i}`,
  }));
  const created = await db.insert(users).values(rows).returning({ id: users.id });
  await db
    .insert(memberships)
    .values(created.map((u) => ({ npoId: npo.id, userId: u.id, roleCode: 1984, roleName: 'staff' })));
  const cookies: string[] = [];
  for (const u of created) {
    const session = await startSession(db, { userId: u.id, selectedNpoId: npo.id, ip: null, userAgent: 'bench' });
    cookies.push(`kindling_session=${session.token}`);
  }
  return { npoId: npo.id, cookies };
}

/** Opens a raw Action Cable client (the stock client is covered by the tests) and subscribes. */
function connect(port: number, cookie: string, onNotification: (id: number) => void): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/cable`, ['actioncable-v1-json'], { headers: { cookie } });
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type?: string; message?: { notification?: { id: number } } };
      if (frame.type === 'welcome') socket.send(JSON.stringify({ command: 'subscribe', identifier: IDENTIFIER }));
      else if (frame.type === 'confirm_subscription') resolve(socket);
      else if (frame.message?.notification) onNotification(frame.message.notification.id);
    });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const database = await startBenchDatabase('kindling_bench');
  const { db, url, dataDir } = database;
  const instances: Instance[] = [];
  const sockets: WebSocket[] = [];
  try {
    console.log(`Seeding ${CLIENTS} staff members with sessions …`);
    const { npoId, cookies } = await seedStaff(db, CLIENTS);
    for (let i = 0; i < 2; i++) instances.push(await startInstance({ DATABASE_URL: url, DATA_DIR: dataDir }));
    const before = await Promise.all(instances.map(memoryOf));

    const started = new Map<number, number>();
    // A receipt may come before notifyOrganisation returns the id: match them up at the end.
    const receipts: Array<{ id: number; at: number }> = [];
    const onNotification = (id: number) => receipts.push({ id, at: performance.now() });
    console.log(`Connecting ${CLIENTS} clients over two instances …`);
    for (let i = 0; i < cookies.length; i += 50) {
      const batch = cookies.slice(i, i + 50).map((cookie, j) => {
        const instance = instances[(i + j) % 2] as Instance;
        return connect(instance.port, cookie, onNotification);
      });
      sockets.push(...(await Promise.all(batch)));
    }
    await sleep(1_000);
    const after = await Promise.all(instances.map(memoryOf));

    // Two warm-up notifications (not measured): the first of each query plan and code path is cold.
    for (let n = 0; n < 2; n++) {
      await notifyOrganisation(db, { npoId, kind: 'donation.received', title: 'Warm-up', message: 'Warm-up' });
      await sleep(GAP_MS);
    }
    console.log(`Creating ${NOTIFICATIONS} notifications, each to all ${CLIENTS} staff …`);
    const committed: number[] = [];
    const committedAt = new Map<number, number>();
    for (let n = 0; n < NOTIFICATIONS; n++) {
      const t0 = performance.now();
      // The id is known only after the insert, so the clock starts before the call (the insert counts).
      const created = await notifyOrganisation(db, {
        npoId,
        kind: 'donation.received',
        title: 'New donation',
        message: `Bench ${n}`,
      });
      if (created) started.set(created.notificationId, t0);
      if (created) committedAt.set(created.notificationId, performance.now());
      committed.push(performance.now() - t0);
      await sleep(GAP_MS);
    }
    await sleep(2_000);
    const latencies = receipts.flatMap(({ id, at }) => {
      const t0 = started.get(id);
      return t0 === undefined ? [] : [at - t0];
    });
    // From the moment the producer's commit returned (the NOTIFY goes out at commit, so a few
    // receipts may even come first: those count as 0).
    const afterCommit = receipts.flatMap(({ id, at }) => {
      const t1 = committedAt.get(id);
      return t1 === undefined ? [] : [Math.max(0, at - t1)];
    });
    report({ before, after, latencies, afterCommit, committed, expected: NOTIFICATIONS * CLIENTS });
  } finally {
    for (const socket of sockets) socket.terminate();
    await Promise.all(instances.map(stopInstance));
    await database.stop();
  }
}

function report(r: {
  before: Memory[];
  after: Memory[];
  latencies: number[];
  afterCommit: number[];
  committed: number[];
  expected: number;
}) {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const perConnection = (key: keyof Memory) =>
    r.after.reduce((sum, m, i) => sum + m[key] - (r.before[i]?.[key] ?? 0), 0) / CLIENTS;
  console.log('\nResults');
  console.log(
    `  clients: ${CLIENTS} (two instances), notifications: ${NOTIFICATIONS}, deliveries: ${sorted.length}/${r.expected}`,
  );
  console.log(
    `  creation → receipt: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
  );
  const fromCommit = [...r.afterCommit].sort((a, b) => a - b);
  console.log(
    `  commit → receipt: p50 ${percentile(fromCommit, 50).toFixed(1)} ms, p99 ${percentile(fromCommit, 99).toFixed(1)} ms`,
  );
  const commit = [...r.committed].sort((a, b) => a - b);
  console.log(
    `  of which creating it (insert + ${CLIENTS} recipient rows + commit): p50 ${percentile(commit, 50).toFixed(1)} ms, max ${commit.at(-1)?.toFixed(1)} ms`,
  );
  console.log(`  memory per connection: RSS ${kb(perConnection('rss'))}, JS heap ${kb(perConnection('heapUsed'))}`);
  r.after.forEach((m, i) => {
    console.log(
      `  instance ${i + 1}: RSS ${mb(r.before[i]?.rss ?? 0)} → ${mb(m.rss)}, heap ${mb(r.before[i]?.heapUsed ?? 0)} → ${mb(m.heapUsed)}`,
    );
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
