import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZWebhookDeliveryList, ZWebhookEndpointList, ZWebhookSecret } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payForGift } from '../../../test/gift.ts';
import { readOutboxTable } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { buildApp } from '../../app.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const API = '/api/v1/npo_admin/webhook_endpoints';

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; at: number };

/** A local receiver: records every request; `failures[path]` answers 500 that many times first. */
function startReceiver() {
  const received: Received[] = [];
  const failures: Record<string, number> = {};
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body, at: Date.now() });
      const left = failures[path] ?? 0;
      if (path === '/always-fails' || left > 0) {
        failures[path] = left - 1;
        res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver is down');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return { server, received, failures };
}

/** What the product guide tells receivers to do, written out with node:crypto only. */
function guideVerifies(secret: string, body: string, header: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return (
    Math.abs(Date.now() / 1000 - Number(parts.t)) < 300 &&
    timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(parts.v1 ?? '', 'hex'))
  );
}

async function until<T>(what: () => Promise<T | null | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const receiver = startReceiver();
let base = '';

describe('outbound webhooks', () => {
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.server.listen(4531, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  const ctx = useTestApp({
    env: { WEBHOOK_RELAY_SECONDS: '1', WEBHOOK_RETRY_DELAY_SECONDS: '1', JOB_POLL_INTERVAL_SECONDS: '0.5' },
  });
  let admin: TestClient;

  const createEndpoint = async (client: TestClient, path: string, events = ['donation.succeeded']) => {
    const res = await client.post(API, { url: `${base}${path}`, events, description: `Receiver ${path}` });
    expect(res.statusCode, res.body).toBe(201);
    return ZWebhookSecret.parse(res.json());
  };
  const deliveriesOf = async (endpointId: number) => {
    const res = await admin.get(`${API}/${endpointId}/deliveries`);
    expect(res.statusCode, res.body).toBe(200);
    return ZWebhookDeliveryList.parse(res.json()).deliveries;
  };
  const receivedAt = (path: string) => receiver.received.filter((r) => r.path === path);

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    // The demo's endpoint points at `npm start`'s own receiver, not running here: off, so its
    // failing attempts do not queue before these tests' deliveries.
    await ctx.db.execute(sql`UPDATE webhook_endpoints SET enabled = false WHERE url LIKE '%/demo/webhook-receiver'`);
  });

  it('signs each delivery so a receiver verifies it, and logs the request and the answer', {
    timeout: 240_000,
  }, async () => {
    const { endpoint, secret } = await createEndpoint(admin, '/signed');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    const list = await admin.get(API);
    expect(list.body).not.toContain(secret);
    expect(ZWebhookEndpointList.parse(list.json()).endpoints.find((e) => e.id === endpoint.id)?.secret_prefix).toBe(
      secret.slice(0, 10),
    );
    const donation = await (
      await payForGift(ctx, { amount: 2500, currency: 'USD', email: 'hook@example.org' })
    ).confirm();
    const got = await until(async () => receivedAt('/signed')[0]);
    const header = String(got.headers['kindling-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(guideVerifies(secret, got.body, header)).toBe(true);
    expect(guideVerifies('whsec_wrong', got.body, header)).toBe(false);
    const event = JSON.parse(got.body);
    expect(event).toMatchObject({ type: 'donation.succeeded', data: { donation_id: donation.id, amount_minor: 2500 } });
    expect(event.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(got.headers['kindling-event-id']).toBe(event.id);
    const [logged] = await until(async () => {
      const d = await deliveriesOf(endpoint.id);
      return d[0]?.status === 'succeeded' ? d : null;
    });
    expect(logged?.event_id).toBe(event.id);
    expect(logged?.attempt_log[0]).toMatchObject({ response_status: 200, response_body: '{"ok":true}', manual: false });
    expect(logged?.attempt_log[0]?.request_body).toBe(got.body);
  });

  it('retries a failing receiver with growing delays, with the same event id and body, then succeeds', {
    timeout: 240_000,
  }, async () => {
    receiver.failures['/flaky'] = 2;
    const { endpoint } = await createEndpoint(admin, '/flaky');
    await (await payForGift(ctx, { amount: 1200, currency: 'USD', email: 'flaky@example.org' })).confirm();
    const tries = await until(async () => (receivedAt('/flaky').length >= 3 ? receivedAt('/flaky') : null), 120_000);
    expect(new Set(tries.map((t) => JSON.parse(t.body).id)).size).toBe(1);
    expect(new Set(tries.map((t) => t.body)).size).toBe(1);
    const [first, second, third] = tries.map((t) => t.at);
    // pg-boss's backoff: about 1–2 s, then 2–4 s (polling adds a little).
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(900);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(1900);
    const [delivery] = await until(async () => {
      const d = await deliveriesOf(endpoint.id);
      return d[0]?.status === 'succeeded' ? d : null;
    });
    expect(delivery?.attempts).toBe(3);
    expect(delivery?.attempt_log.map((a) => a.response_status)).toEqual([200, 500, 500]);

    // Sent again by hand: the same event, logged as a manual attempt.
    const again = await admin.post(`${API}/${endpoint.id}/deliveries/${delivery?.id}/redeliver`, {});
    expect(again.statusCode, again.body).toBe(202);
    await until(async () => receivedAt('/flaky').length >= 4);
    expect(JSON.parse(receivedAt('/flaky')[3]?.body ?? '{}').id).toBe(delivery?.event_id);
    const after = await until(async () => {
      const d = await deliveriesOf(endpoint.id);
      return d[0]?.attempt_log[0]?.manual ? d : null;
    });
    expect(after[0]?.attempt_log).toHaveLength(4);
  });

  it('switches off an endpoint that fails for three days and e-mails the admins', { timeout: 240_000 }, async () => {
    const { endpoint } = await createEndpoint(admin, '/always-fails');
    await (await payForGift(ctx, { amount: 900, currency: 'USD', email: 'down@example.org' })).confirm();
    await until(async () => receivedAt('/always-fails').length >= 1);
    // Its failures started more than three days ago: the next failed attempt switches it off.
    await ctx.db.execute(
      sql`UPDATE webhook_endpoints SET failing_since = now() - interval '4 days' WHERE id = ${endpoint.id}`,
    );
    const off = await until(async () => {
      const e = ZWebhookEndpointList.parse((await admin.get(API)).json()).endpoints.find((x) => x.id === endpoint.id);
      return e && !e.enabled ? e : null;
    });
    expect(off.disabled_reason).toContain('three days');
    const mails = await until(async () => {
      const found = (await readOutboxTable(ctx.db)).filter((m) =>
        m.headers.includes('A webhook endpoint was switched off'),
      );
      // One e-mail per admin, sent one after another: wait for the demo admin's.
      return found.some((m) => m.headers.includes('To: admin@kindling.test')) ? found : null;
    });
    const to = mails.map((m) => /^To: (.*)$/m.exec(m.headers)?.[1]);
    expect(to).toContain('admin@kindling.test');
    expect(to).not.toContain('staff@kindling.test');
    expect(new Set(to).size).toBe(to.length);
    expect(mails[0]?.text).toContain(`${base}/always-fails`);
    // Switched off, it is sent nothing new.
    const before = receivedAt('/always-fails').length;
    await (await payForGift(ctx, { amount: 901, currency: 'USD', email: 'down2@example.org' })).confirm();
    await until(async () => receivedAt('/signed').length >= 4);
    expect(receivedAt('/always-fails').length).toBe(before);
  });

  it('refuses a bad address and bad events, and answers 404 for an unknown endpoint', async () => {
    const bad = await admin.post(API, { url: 'ftp://example.org/hook', events: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      url: 'Enter the address that receives the events, starting with https:// or http://.',
      events: 'Choose at least one event to send.',
    });
    expect((await admin.get(`${API}/999999/deliveries`)).statusCode).toBe(404);
    const before = ZWebhookEndpointList.parse((await admin.get(API)).json()).endpoints.length;
    await admin.post(API, { url: 'not a url', events: ['donation.succeeded'] });
    expect(ZWebhookEndpointList.parse((await admin.get(API)).json()).endpoints).toHaveLength(before);
  });

  it('lets only admins manage endpoints, and never another organisation’s', async () => {
    const { endpoint } = await createEndpoint(admin, '/access');
    expect((await new TestClient(ctx.app).get(API)).statusCode).toBe(401);
    for (const email of ['staff@kindling.test', 'manager@kindling.test']) {
      const member = await signedIn(ctx, email);
      const res = await member.get(API);
      if (email === 'staff@kindling.test') {
        expect(res.statusCode).toBe(403);
        expect((await member.post(API, { url: `${base}/x`, events: ['donor.created'] })).statusCode).toBe(403);
        expect((await member.get(`${API}/${endpoint.id}/deliveries`)).statusCode).toBe(403);
      } else expect(res.statusCode).toBe(200);
    }
    const finance = await signedIn(ctx, 'finance@kindling.test');
    expect((await finance.get(API)).statusCode).toBe(200);
    const { client: outsider } = await outsiderOrganisation(ctx, 'hooks-out@kindling.test', 'Hooks Out');
    expect(ZWebhookEndpointList.parse((await outsider.get(API)).json()).endpoints).toEqual([]);
    const input = { url: `${base}/mine`, events: ['donor.created'] };
    expect((await outsider.get(`${API}/${endpoint.id}/deliveries`)).statusCode).toBe(404);
    expect((await outsider.request('PUT', `${API}/${endpoint.id}`, { body: input })).statusCode).toBe(404);
    expect((await outsider.post(`${API}/${endpoint.id}/rotate_secret`, {})).statusCode).toBe(404);
    expect((await outsider.post(`${API}/${endpoint.id}/deliveries/1/redeliver`, {})).statusCode).toBe(404);
    expect((await outsider.request('DELETE', `${API}/${endpoint.id}`)).statusCode).toBe(404);
    // Rotating gives a new secret that signs from then on.
    const rotated = await admin.post(`${API}/${endpoint.id}/rotate_secret`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(ZWebhookSecret.parse(rotated.json()).secret).toMatch(/^whsec_/);
    expect((await admin.request('DELETE', `${API}/${endpoint.id}`)).statusCode).toBe(204);
  });

  it('loses and doubles no event across a restart: each is delivered once, by its id', {
    timeout: 240_000,
  }, async () => {
    const { endpoint } = await createEndpoint(admin, '/restart');
    const gifts = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => payForGift(ctx, { amount: 700 + n, currency: 'USD', email: `r${n}@example.org` })),
    );
    for (const gift of gifts) await gift.confirm();
    // The server stops at once, whatever it was relaying or sending, and starts again on the same database.
    await ctx.app.close();
    ctx.app = await buildApp({ config: ctx.config, db: ctx.db, mailer: ctx.mailer });
    await ctx.app.ready();
    const ids = await until(async () => {
      const got = receivedAt('/restart').map((r) => JSON.parse(r.body).id as string);
      return new Set(got).size >= 5 ? got : null;
    }, 120_000);
    await new Promise((r) => setTimeout(r, 3000));
    expect(receivedAt('/restart')).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    const rows = await ctx.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = ${endpoint.id}`,
    );
    expect(Number(rows.rows[0]?.n)).toBe(5);
  });
});
