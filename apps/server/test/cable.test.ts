import { NOTIFICATION_CHANNEL, ZLiveNotificationMessage } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../src/app.ts';
import { notificationTexts, notifyOrganisation } from '../src/modules/notifications/index.ts';
import { SESSION_COOKIE } from '../src/platform/http/session-context.ts';
import { connectionOf, createCookieConsumer, subscribe } from '../src/platform/realtime/cable-test-consumer.ts';
import { useTestApp } from './test-app.ts';
import { TestClient } from './test-client.ts';

const ctx = useTestApp();
let urlA = '';
let urlB = '';
let instanceB: FastifyInstance;
let staffCookie = '';
let riversideId = 0;

const within = <T>(promise: Promise<T>, ms = 5_000): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)),
  ]);

beforeAll(async () => {
  urlA = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  // A second instance on the same database: only PostgreSQL connects the two.
  instanceB = await buildApp({ config: ctx.config, db: ctx.db, mailer: ctx.mailer });
  urlB = await instanceB.listen({ host: '127.0.0.1', port: 0 });
  const staff = new TestClient(ctx.app);
  const login = await staff.signIn('staff@kindling.test');
  riversideId = login.npos[0]?.id ?? 0;
  staffCookie = `${SESSION_COOKIE}=${staff.cookies.get(SESSION_COOKIE)}`;
});

afterAll(async () => {
  await instanceB?.close();
});

const donation = (n: number) => ({
  npoId: riversideId,
  kind: 'donation.received' as const,
  ...notificationTexts['donation.received']({
    donorName: `Live ${n}`,
    amountMinor: 1000,
    currency: 'USD',
    donationId: n,
  }),
});

describe('/cable with the stock @rails/actioncable client', () => {
  it('connects with the session cookie, subscribes and receives a new notification', async () => {
    const consumer = createCookieConsumer(urlA, staffCookie);
    try {
      const events = subscribe(consumer, NOTIFICATION_CHANNEL);
      await within(events.connected);
      expect(connectionOf(consumer).monitor.isRunning()).toBe(true);
      const message = events.next();
      await notifyOrganisation(ctx.db, donation(1));
      const parsed = ZLiveNotificationMessage.parse(await within(message));
      expect(parsed.notification.message).toBe('Live 1 gave $10.00.');
      expect(parsed.notification.notification_recipients).toHaveLength(1);
      expect(parsed.notification.notification_recipients[0]?.read_at).toBeNull();
    } finally {
      consumer.disconnect();
    }
  });

  it('reaches a client of another instance (fan-out through LISTEN/NOTIFY)', async () => {
    const consumer = createCookieConsumer(urlB, staffCookie);
    try {
      const events = subscribe(consumer, NOTIFICATION_CHANNEL);
      await within(events.connected);
      const message = events.next();
      // Created through instance A's connection pool; instance B only learns of it by NOTIFY.
      await notifyOrganisation(ctx.db, donation(2));
      expect(ZLiveNotificationMessage.parse(await within(message)).notification.message).toBe('Live 2 gave $10.00.');
    } finally {
      consumer.disconnect();
    }
  });

  it('delivers a donation confirmed through instance A to a staff client of instance B', async () => {
    const consumer = createCookieConsumer(urlB, staffCookie);
    try {
      const events = subscribe(consumer, NOTIFICATION_CHANNEL);
      await within(events.connected);
      const message = events.next();
      // A donor's checkout calls, answered by instance A.
      const donor = new TestClient(ctx.app);
      const { campaign } = (await donor.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal')).json();
      const choice = {
        campaign_id: campaign.campaign_id,
        peer_campaign_id: null,
        amount: 4200,
        currency: 'usd',
        interval: 'once',
        payment_method: 'card',
        included_fees: 0,
      };
      const { intent } = (await donor.post('/api/v1/npo_admin/intent', choice)).json();
      const card = { client_secret: intent.client_secret, card_number: '4242424242424242', exp: '12/34', cvc: '123' };
      expect((await donor.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, card)).statusCode).toBe(200);
      const confirm = await donor.post('/api/v1/npo_admin/confirm_payment', {
        ...choice,
        payment_intent: intent.id,
        first_name: 'Instance',
        last_name: 'Crosser',
        email: 'crosser@example.org',
      });
      expect(confirm.json().status).toBe('success');
      const parsed = ZLiveNotificationMessage.parse(await within(message));
      expect(parsed.notification.message).toContain('Instance Crosser');
      expect(parsed.notification.message).toContain('$42.00');
    } finally {
      consumer.disconnect();
    }
  });

  it('keeps delivering after the LISTEN connection is cut (it reconnects)', async () => {
    const { rows } = await ctx.db.$client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'",
    );
    expect(rows).toHaveLength(2); // one per instance
    await ctx.db.$client.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [
      rows.map((r) => r.pid),
    ]);
    // Two new listeners: a cut backend can still be listed for a moment after it was told to end,
    // and a notification sent before the new ones listen is lost (pg-listener.ts).
    await expect
      .poll(
        async () =>
          (
            await ctx.db.$client.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
                AND query LIKE 'LISTEN%' AND pid <> ALL($1::int[])`,
              [rows.map((r) => r.pid)],
            )
          ).rows[0]?.n,
        { timeout: 15_000 },
      )
      .toBe(2);
    const consumer = createCookieConsumer(urlB, staffCookie);
    try {
      const events = subscribe(consumer, NOTIFICATION_CHANNEL);
      await within(events.connected);
      const message = events.next();
      await notifyOrganisation(ctx.db, donation(4));
      expect(ZLiveNotificationMessage.parse(await within(message)).notification.message).toBe('Live 4 gave $10.00.');
    } finally {
      consumer.disconnect();
    }
    // Its own budget: the reconnect may take seconds on a busy machine.
  }, 30_000);

  it('does not deliver to users who are not recipients', async () => {
    const peer = new TestClient(ctx.app);
    await peer.signIn('fundraiser@kindling.test');
    const consumer = createCookieConsumer(urlA, `${SESSION_COOKIE}=${peer.cookies.get(SESSION_COOKIE)}`);
    const staff = createCookieConsumer(urlA, staffCookie);
    try {
      const peerEvents = subscribe(consumer, NOTIFICATION_CHANNEL);
      const staffEvents = subscribe(staff, NOTIFICATION_CHANNEL);
      await within(Promise.all([peerEvents.connected, staffEvents.connected]));
      const staffMessage = staffEvents.next();
      await notifyOrganisation(ctx.db, donation(3));
      await within(staffMessage);
      expect(peerEvents.received).toEqual([]);
    } finally {
      consumer.disconnect();
      staff.disconnect();
    }
  });

  it('rejects a subscription to an unknown channel', async () => {
    const consumer = createCookieConsumer(urlA, staffCookie);
    try {
      await within(subscribe(consumer, 'AdminChannel').rejected);
    } finally {
      consumer.disconnect();
    }
  });
});

/** Raw frames, to see exactly what the server says. */
function openRaw(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(
    `${url.replace(/^http/, 'ws')}/cable`,
    ['actioncable-v1-json', 'actioncable-unsupported'],
    {
      headers,
    },
  );
  const frames: Array<Record<string, unknown>> = [];
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  return { socket, frames, closed, opened };
}

describe('/cable protocol', () => {
  it('selects actioncable-v1-json, welcomes and pings every 3 seconds', async () => {
    const raw = openRaw(urlA, { cookie: staffCookie });
    await within(raw.opened);
    expect(raw.socket.protocol).toBe('actioncable-v1-json');
    await new Promise((resolve) => setTimeout(resolve, 3_300));
    raw.socket.close();
    expect(raw.frames[0]).toEqual({ type: 'welcome' });
    const ping = raw.frames.find((f) => f.type === 'ping');
    expect(Math.abs(Number(ping?.message) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('disconnects without a session with reason unauthorized and no reconnect', async () => {
    const raw = openRaw(urlA);
    await within(raw.closed);
    expect(raw.frames).toEqual([{ type: 'disconnect', reason: 'unauthorized', reconnect: false }]);
  });

  it('makes the stock client give up without a session', async () => {
    const consumer = createCookieConsumer(urlA);
    try {
      const events = subscribe(consumer, NOTIFICATION_CHANNEL);
      await new Promise((resolve) => setTimeout(resolve, 500));
      // The disconnect frame said reconnect:false: the client stopped its monitor, so it never retries.
      expect(connectionOf(consumer).isOpen()).toBe(false);
      expect(connectionOf(consumer).monitor.isRunning()).toBe(false);
      expect(events.received).toEqual([]);
    } finally {
      consumer.disconnect();
    }
  });

  it("refuses a foreign page's Origin before the upgrade", async () => {
    const raw = openRaw(urlA, { cookie: staffCookie, origin: 'https://evil.example' });
    await expect(raw.opened).rejects.toThrow(/404/);
    const same = openRaw(urlA, { cookie: staffCookie, origin: urlA });
    await within(same.opened);
    same.socket.close();
  });

  it('confirms a duplicate subscribe again and echoes the identifier byte for byte', async () => {
    const raw = openRaw(urlA, { cookie: staffCookie });
    await within(raw.opened);
    const identifier = '{"channel":"NotificationChannel","z":1,"a":2}';
    raw.socket.send(JSON.stringify({ command: 'subscribe', identifier }));
    raw.socket.send(JSON.stringify({ command: 'subscribe', identifier }));
    raw.socket.send('not json');
    const confirms = () => raw.frames.filter((f) => f.type === 'confirm_subscription');
    // The server answers after reading the session, so a loaded machine may take a while.
    await expect.poll(() => confirms().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    raw.socket.close();
    expect(confirms()).toEqual([
      { identifier, type: 'confirm_subscription' },
      { identifier, type: 'confirm_subscription' },
    ]);
  });
});
