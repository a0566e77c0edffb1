// Two real server processes on one PostgreSQL: only the database connects them, so a donation
// confirmed through process A must reach a staff browser connected to process B by LISTEN/NOTIFY.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NOTIFICATION_CHANNEL, ZLiveNotificationMessage } from '@kindling/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/platform/db/embedded-postgres.ts';
import { createCookieConsumer, subscribe } from '../src/platform/realtime/cable-test-consumer.ts';
import { FetchClient } from './fetch-client.ts';
import { createTestDatabase } from './test-database.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const processes: ChildProcess[] = [];
let dropDatabase = async () => {};
let dataDir = '';

async function startServer(databaseUrl: string): Promise<string> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: 'ignore',
  });
  processes.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return url;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

let urlA = '';
let urlB = '';

beforeAll(async () => {
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-two-'));
  // One after the other: the first start seeds the demo, the second finds it there.
  urlA = await startServer(database.url);
  urlB = await startServer(database.url);
}, 150_000);

afterAll(async () => {
  await Promise.all(
    processes.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await dropDatabase();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('two server processes on one database', () => {
  it('delivers a donation confirmed through process A to a staff client of process B', async () => {
    const staff = new FetchClient(urlB);
    const login = await staff.post('/api/v1/npo_users/sign_in', {
      npo_user: { email: 'staff@kindling.test', password: 'kindling-demo' },
    });
    expect(login.status).toBe(200);
    const consumer = createCookieConsumer(urlB, `kindling_session=${staff.cookies.get('kindling_session')}`);
    try {
      const events = subscribe(consumer, NOTIFICATION_CHANNEL);
      await events.connected;
      const message = events.next();

      const donor = new FetchClient(urlA);
      const { campaign } = (await donor.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal')).json() as {
        campaign: { campaign_id: number };
      };
      const choice = {
        campaign_id: campaign.campaign_id,
        peer_campaign_id: null,
        amount: 3100,
        currency: 'usd',
        interval: 'once',
        payment_method: 'card',
        included_fees: 0,
      };
      const intentRes = await donor.post('/api/v1/npo_admin/intent', choice);
      expect(intentRes.status).toBe(200);
      const { intent } = intentRes.json() as { intent: { id: string; client_secret: string } };
      const card = { client_secret: intent.client_secret, card_number: '4242424242424242', exp: '12/34', cvc: '123' };
      expect((await donor.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, card)).status).toBe(200);
      const confirm = await donor.post('/api/v1/npo_admin/confirm_payment', {
        ...choice,
        payment_intent: intent.id,
        first_name: 'Process',
        last_name: 'Crosser',
        email: 'process.crosser@example.org',
      });
      expect((confirm.json() as { status: string }).status).toBe('success');

      const parsed = ZLiveNotificationMessage.parse(
        await Promise.race([
          message,
          new Promise((_, reject) => setTimeout(() => reject(new Error('no push')), 10_000)),
        ]),
      );
      expect(parsed.notification.message).toContain('Process Crosser');
      expect(parsed.notification.message).toContain('$31.00');
    } finally {
      consumer.disconnect();
    }
  }, 60_000);
});
