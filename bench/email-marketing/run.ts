// E-mail marketing benchmark (docs/decisions/075-email-marketing-sends.md): a newsletter to a list of
// 100,000 contacts, sent by the real server through a local SMTP sink (smtp-server, bench only, no
// network). Reports the queueing time (the send call: recipients written and the job enqueued; target
// < 60 s), the server's RSS while sending (target < 300 MB), the send rate, and, after a kill -9 of
// the server in the middle and a restart, the number of recipients the sink saw twice (must be 0).
// Not part of npm test. Run: npx tsx bench/email-marketing/run.ts [--recipients 100000] [--kill-at 0.3]
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.ts';
import {
  type Instance,
  memoryOf,
  sleep,
  startBenchDatabase,
  startInstance,
  stopInstance,
} from '../support/processes.ts';
import { signInStaffPoster } from '../support/staff-session.ts';

const { values: args } = parseArgs({
  options: {
    recipients: { type: 'string', default: '100000' },
    'kill-at': { type: 'string', default: '0.3' },
    port: { type: 'string', default: '4625' },
  },
});
const N = Number(args.recipients);
const KILL_AT = Number(args['kill-at']);
const SMTP_PORT = Number(args.port);

/** The sink: accepts every message and counts deliveries per recipient address. */
function startSink() {
  const seen = new Map<string, number>();
  let messages = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1_000_000,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        messages++;
        for (const to of session.envelope.rcptTo) seen.set(to.address, (seen.get(to.address) ?? 0) + 1);
        callback();
      });
    },
  });
  // A server killed mid-session resets its connections: expected here, not a failure of the sink.
  server.on('error', () => {});
  return new Promise<{ seen: Map<string, number>; messages: () => number; close: () => Promise<void> }>((resolve) =>
    server.listen(SMTP_PORT, '127.0.0.1', () =>
      resolve({ seen, messages: () => messages, close: () => new Promise((r) => server.close(() => r())) }),
    ),
  );
}

async function main() {
  const database = await startBenchDatabase('email_marketing');
  const { db } = database;
  const config = loadConfig({ NODE_ENV: 'test' });
  await seedDemo(db, config.totpKey);
  const npoId = Number(
    (
      await db.execute<{ id: number }>(sql`SELECT npo_id AS id FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE u.email = 'staff@kindling.test' ORDER BY npo_id LIMIT 1`)
    ).rows[0]?.id,
  );
  let t = performance.now();
  await db.execute(sql`
    INSERT INTO donors (npo_id, email, first_name, last_name)
    SELECT ${npoId}, 'bench-' || n || '@sink.test', 'Reader', 'No ' || n FROM generate_series(1, ${N}) n`);
  const { rows: seg } = await db.execute<{ id: number }>(sql`
    INSERT INTO segments (npo_id, name, kind) VALUES (${npoId}, 'Bench newsletter list', 'static') RETURNING id`);
  const segmentId = Number(seg[0]?.id);
  await db.execute(sql`
    INSERT INTO segment_members (segment_id, donor_id)
    SELECT ${segmentId}, id FROM donors WHERE npo_id = ${npoId} AND email LIKE 'bench-%@sink.test'`);
  await db.execute(sql`
    INSERT INTO marketing_settings (npo_id, throttle_per_minute) VALUES (${npoId}, 100000)
    ON CONFLICT (npo_id) DO UPDATE SET throttle_per_minute = 100000`);
  console.log(`generated ${N} contacts and a list in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const sink = await startSink();
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}/?pool=true&maxConnections=10`,
    MARKETING_SWEEP_SECONDS: '5',
  };
  let instance: Instance = await startInstance(env);
  const post = await signInStaffPoster(instance.url, 'staff@kindling.test');
  const created = await post('/npo_admin/marketing/emails', {
    name: 'Bench newsletter',
    subject: 'Bench news for {{donor_first_name}}',
    from_name: 'Bench',
    html: '<p>Dear {{donor_first_name}},</p><p>Read <a href="https://example.org/news">the news</a>.</p>',
    segment_id: segmentId,
  });
  const emailId = ((await created.json()) as { id: number }).id;

  t = performance.now();
  const sent = await post(`/npo_admin/marketing/emails/${emailId}/send`, {});
  const queueing = performance.now() - t;
  if (sent.status !== 200) throw new Error(`send answered ${sent.status}: ${await sent.text()}`);
  console.log(`queueing ${N} recipients: ${(queueing / 1000).toFixed(2)} s (target < 60 s)`);

  let peakRss = 0;
  const sendStart = performance.now();
  while (sink.messages() < N * KILL_AT) {
    peakRss = Math.max(peakRss, (await memoryOf(instance)).rss);
    await sleep(1000);
  }
  const beforeKill = sink.messages();
  const firstLeg = (performance.now() - sendStart) / 1000;
  instance.child.kill('SIGKILL');
  console.log(`kill -9 after ${beforeKill} messages (${firstLeg.toFixed(1)} s); restarting`);
  await sleep(1000);
  instance = await startInstance(env);
  const restartAt = performance.now();
  let status = '';
  while (status !== 'sent') {
    await sleep(2000);
    peakRss = Math.max(peakRss, (await memoryOf(instance)).rss);
    status =
      (await db.execute<{ status: string }>(sql`SELECT status FROM marketing_emails WHERE id = ${emailId}`)).rows[0]
        ?.status ?? '';
  }
  const secondLeg = (performance.now() - restartAt) / 1000;
  const { rows } = await db.execute<{ status: string; n: number }>(sql`
    SELECT status, count(*)::int AS n FROM marketing_recipients WHERE email_id = ${emailId} GROUP BY status ORDER BY status`);
  const duplicates = [...sink.seen.values()].filter((n) => n > 1).length;
  const afterKill = sink.messages() - beforeKill;
  console.log(`recipient rows: ${rows.map((r) => `${r.status} ${r.n}`).join(', ')}`);
  console.log(
    `send rate: ${(beforeKill / firstLeg).toFixed(0)}/s before the kill, ${(afterKill / secondLeg).toFixed(0)}/s after the restart (resume included)`,
  );
  console.log(`server RSS, peak while sending: ${(peakRss / 1024 / 1024).toFixed(0)} MB (target < 300 MB)`);
  console.log(`messages at the sink: ${sink.messages()}; recipients seen twice: ${duplicates} (must be 0)`);
  await stopInstance(instance);
  await sink.close();
  await database.stop();
  process.exit(duplicates === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
