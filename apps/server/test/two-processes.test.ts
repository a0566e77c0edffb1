// Two real server processes on one PostgreSQL, each with its own DATA_DIR as two machines behind a
// load balancer would have: only the database connects them (docs/decisions/024-restart-and-shared-storage.md).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NOTIFICATION_CHANNEL, ZLiveNotificationMessage } from '@kindling/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/db/client.ts';
import { createCookieConsumer, subscribe } from '../src/platform/realtime/cable-test-consumer.ts';
import { FetchClient } from './fetch-client.ts';
import { readOutboxTable } from './mail.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from './server-process.ts';
import { createTestDatabase } from './test-database.ts';

const servers: ServerProcess[] = [];
const dataDirs: string[] = [];
let db: Db;
let dropDatabase = async () => {};

async function startServer(databaseUrl: string): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-two-'));
  dataDirs.push(dataDir);
  const server = await startServerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
  servers.push(server);
  return server.url;
}

let urlA = '';
let urlB = '';

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  dropDatabase = database.drop;
  // One after the other: the first start seeds the demo, the second finds it there.
  urlA = await startServer(database.url);
  urlB = await startServer(database.url);
}, 150_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => stopServerProcess(server.child)));
  await dropDatabase();
  await Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function signIn(url: string, email: string): Promise<FetchClient> {
  const client = new FetchClient(url);
  const login = await client.post('/api/v1/npo_users/sign_in', { npo_user: { email, password: 'kindling-demo' } });
  expect(login.status).toBe(200);
  return client;
}

describe('two server processes on one database', () => {
  it('delivers a donation confirmed through process A to a staff client of process B', async () => {
    const staff = await signIn(urlB, 'staff@kindling.test');
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

  it('serves an image uploaded through process A from process B, with caching by its content', async () => {
    const admin = await signIn(urlA, 'admin@kindling.test');
    const { campaign } = (await admin.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal')).json() as {
      campaign: { campaign_id: number };
    };
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
    ]);
    const form = new FormData();
    form.append('image', new Blob([png], { type: 'image/png' }), 'hero.png');
    const upload = await fetch(`${urlA}/api/v1/npo_admin/campaigns/${campaign.campaign_id}/image?purpose=preset`, {
      method: 'POST',
      headers: { cookie: admin.cookieHeader(), 'x-csrf-token': admin.cookies.get('csrf_token') ?? '' },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { image_url } = (await upload.json()) as { image_url: string };

    const served = await fetch(`${urlB}${image_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const etag = served.headers.get('etag') ?? '';
    const again = await fetch(`${urlA}${image_url}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  }, 60_000);

  it('keeps a mail sent through process A in the outbox both processes share', async () => {
    const visitor = new FetchClient(urlA);
    expect((await visitor.post('/api/v1/password/forgot', { email: 'manager@kindling.test' })).status).toBe(202);
    for (let i = 0; i < 100; i++) {
      const mails = await readOutboxTable(db);
      const reset = mails.find((m) => /^To: manager@kindling\.test$/m.test(m.headers));
      if (reset) return expect(reset.headers).toMatch(/^Subject: Reset your Kindling password$/m);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect.fail('no password-reset mail to manager@kindling.test in the outbox');
  }, 30_000);
});
