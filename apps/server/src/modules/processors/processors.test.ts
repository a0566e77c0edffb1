import { PROCESSOR_MESSAGES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import {
  API,
  auditActions,
  CAMPAIGN_PAGE,
  consentInSandbox,
  landing,
  npoIds,
  signedIn,
  storedSettings,
} from './processors.test-support.ts';

const PAYPAL = { merchant_id: '7X2KQ3PLM9ABC', email: 'giving@riverside.example' };

describe('/processors without provider keys (sandbox)', () => {
  const ctx = useTestApp();
  let ids: { riverside: number; northern: number };
  beforeAll(async () => {
    ids = await npoIds(ctx.db);
  });
  const as = (email: string, npoId?: number) => signedIn(new TestClient(ctx.app), email, npoId);

  it('lets the admin group in (finance included) and keeps staff, fundraisers and strangers out', async () => {
    for (const email of [
      'admin@kindling.test',
      'manager@kindling.test',
      'finance@kindling.test',
      'console@kindling.test',
    ]) {
      expect((await (await as(email)).get(API)).statusCode, email).toBe(200);
    }
    for (const email of ['staff@kindling.test', 'fundraiser@kindling.test']) {
      const c = await as(email);
      const answers = [
        await c.get(API),
        await c.put(`${API}/paypal`, PAYPAL),
        await c.post(`${API}/stripe/connect`, {}),
        await c.post(`${API}/stripe/account`, { account_id: 'acct_1KindlingTest' }),
        await c.request('DELETE', `${API}/stripe`),
        await c.request('DELETE', `${API}/paypal`),
      ];
      expect(
        answers.map((a) => a.statusCode),
        email,
      ).toEqual([403, 403, 403, 403, 403, 403]);
    }
    expect((await new TestClient(ctx.app).get(API)).statusCode).toBe(401);
    expect(await storedSettings(ctx.db, ids.riverside)).toMatchObject({ paypal_merchant_id: null });
  });

  it('shows the sandbox standing in for cards and PayPal while nothing is connected', async () => {
    const body = (await (await as('admin@kindling.test')).get(API)).json();
    expect(body).toEqual({
      mode: 'sandbox',
      card: {
        provider: 'sandbox',
        live: false,
        connected_account_id: null,
        connected_at: null,
        can_connect_oauth: true,
      },
      wallet: { provider: 'sandbox', live: false, merchant_id: null, email: null, client_configured: false },
    });
  });

  it('refuses a bad PayPal merchant id or e-mail with a clear message and changes nothing', async () => {
    const c = await as('admin@kindling.test');
    const badId = await c.put(`${API}/paypal`, { ...PAYPAL, merchant_id: 'ABC123' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields).toEqual({ merchant_id: PROCESSOR_MESSAGES.paypalMerchantFormat });
    const badEmail = await c.put(`${API}/paypal`, { ...PAYPAL, email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields).toEqual({ email: PROCESSOR_MESSAGES.paypalEmail });
    const badAccount = await c.post(`${API}/stripe/account`, { account_id: 'acc_123' });
    expect(badAccount.statusCode).toBe(400);
    expect(badAccount.json().fields).toEqual({ account_id: PROCESSOR_MESSAGES.stripeAccountFormat });
    expect(await storedSettings(ctx.db, ids.riverside)).toEqual({
      stripe_account_id: null,
      paypal_merchant_id: null,
      paypal_email: null,
    });
  });

  it('saves PayPal (pasted lower case accepted), audits it, and removes it again', async () => {
    const c = await as('finance@kindling.test');
    const saved = await c.put(`${API}/paypal`, { merchant_id: ' 7x2kq3plm9abc ', email: PAYPAL.email });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().wallet).toMatchObject({ merchant_id: '7X2KQ3PLM9ABC', email: PAYPAL.email });
    // Without keys the sandbox still takes the wallet; the stored seller shows on the public form.
    const campaign = (await new TestClient(ctx.app).get(CAMPAIGN_PAGE)).json().campaign;
    expect(campaign).toMatchObject({ wallet_provider: 'sandbox', paypal_merchant_id: '7X2KQ3PLM9ABC' });
    const removed = await c.request('DELETE', `${API}/paypal`);
    expect(removed.json().wallet).toMatchObject({ merchant_id: null, email: null });
    expect((await c.request('DELETE', `${API}/paypal`)).statusCode).toBe(404);
    expect(await auditActions(ctx.db, ids.riverside)).toEqual(['processors.paypal_saved', 'processors.paypal_removed']);
  });

  it('needs the CSRF token for every change', async () => {
    const c = await as('admin@kindling.test');
    expect((await c.put(`${API}/paypal`, PAYPAL, { csrf: false })).statusCode).toBe(403);
    expect((await c.post(`${API}/stripe/connect`, {}, { csrf: false })).statusCode).toBe(403);
    expect((await storedSettings(ctx.db, ids.riverside))?.paypal_merchant_id).toBeNull();
  });

  it('never reads or changes another organisation: the session picks it, not the body', async () => {
    const multi = await as('multi@kindling.test', ids.riverside);
    await multi.put(`${API}/paypal`, { ...PAYPAL, npo_id: ids.northern });
    expect((await multi.get(API)).json().wallet.merchant_id).toBe(PAYPAL.merchant_id);
    await multi.get(`/api/v1/npo_admin/select_npo?npo_id=${ids.northern}&code=5150`);
    expect((await multi.get(API)).json().wallet).toMatchObject({ merchant_id: null, email: null });
    await multi.put(`${API}/paypal`, { merchant_id: 'NORTHERN12345', email: 'paypal@northern.example' });
    expect(await storedSettings(ctx.db, ids.riverside)).toMatchObject({ paypal_merchant_id: PAYPAL.merchant_id });
    expect(await storedSettings(ctx.db, ids.northern)).toMatchObject({ paypal_merchant_id: 'NORTHERN12345' });
    await multi.request('DELETE', `${API}/paypal`);
    expect(await storedSettings(ctx.db, ids.riverside)).toMatchObject({ paypal_merchant_id: PAYPAL.merchant_id });
    await ctx.db.execute(sql`UPDATE npos SET paypal_merchant_id = NULL, paypal_email = NULL`);
  });

  it('connects Stripe through the sandbox consent page and the state bound to the session', async () => {
    const c = await as('admin@kindling.test');
    const { url } = (await c.post(`${API}/stripe/connect`, {})).json();
    const authorize = new URL(url, 'http://localhost');
    expect(authorize.pathname).toBe('/sandbox/stripe/oauth/authorize');
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'ca_sandbox',
      scope: 'read_write',
      redirect_uri: 'http://localhost/api/v1/processors/stripe/callback',
    });
    const back = await consentInSandbox(c, url, 'owner@riverside.example');
    const callback = await c.get(new URL(back).pathname + new URL(back).search);
    expect(callback.statusCode).toBe(303);
    expect(landing(callback.headers.location)).toEqual({ path: '/admin/processors', connected: 'stripe', error: null });
    const card = (await c.get(API)).json().card;
    expect(card).toMatchObject({
      provider: 'sandbox',
      live: false,
      connected_account_id: expect.stringMatching(/^acct_…\w{4}$/),
    });
    expect(card.connected_at).not.toBeNull();
    expect((await storedSettings(ctx.db, ids.riverside))?.stripe_account_id).toMatch(/^acct_sandbox_/);
    expect(await auditActions(ctx.db, ids.riverside)).toContain('processors.stripe_connected');

    // The state is spent: the same return again is refused.
    const again = await c.get(new URL(back).pathname + new URL(back).search);
    expect(landing(again.headers.location).error).toBe('state_mismatch');
  });

  it('refuses a state that another session started, an unknown one, or none, and stores nothing', async () => {
    await ctx.db.execute(sql`UPDATE npos SET stripe_account_id = NULL`);
    const victim = await as('admin@kindling.test');
    const attacker = await as('manager@kindling.test');
    const { url } = (await attacker.post(`${API}/stripe/connect`, {})).json();
    const back = new URL(await consentInSandbox(attacker, url, 'attacker@evil.example'));
    const forged = `${back.pathname}${back.search}`;
    const tampered = `${back.pathname}?code=${back.searchParams.get('code')}&state=not-the-state`;
    for (const path of [forged, tampered, `${back.pathname}?code=${back.searchParams.get('code')}`]) {
      const res = await victim.get(path);
      expect(landing(res.headers.location), path).toMatchObject({ connected: null, error: 'state_mismatch' });
    }
    expect((await new TestClient(ctx.app).get(forged)).headers.location).toBe('/admin/processors?error=state_mismatch');
    expect((await storedSettings(ctx.db, ids.riverside))?.stripe_account_id).toBeNull();
  });

  it('refuses the return when the session switched organisation in between', async () => {
    const multi = await as('multi@kindling.test', ids.northern);
    const { url } = (await multi.post(`${API}/stripe/connect`, {})).json();
    const back = new URL(await consentInSandbox(multi, url, 'switcher@example.org'));
    await multi.get(`/api/v1/npo_admin/select_npo?npo_id=${ids.riverside}&code=5150`);
    const res = await multi.get(`${back.pathname}${back.search}`);
    expect(landing(res.headers.location).error).toBe('organisation_changed');
    expect((await storedSettings(ctx.db, ids.northern))?.stripe_account_id).toBeNull();
    expect((await storedSettings(ctx.db, ids.riverside))?.stripe_account_id).toBeNull();
  });

  it('comes back with access_denied when the owner cancels on the consent page', async () => {
    const c = await as('admin@kindling.test');
    const { url } = (await c.post(`${API}/stripe/connect`, {})).json();
    const back = new URL(await consentInSandbox(c, url, undefined, 'cancel'));
    const res = await c.get(`${back.pathname}${back.search}`);
    expect(landing(res.headers.location).error).toBe('access_denied');
  });

  it('refuses a Stripe account already connected to another organisation', async () => {
    const multi = await as('multi@kindling.test', ids.riverside);
    const connect = async () => {
      const { url } = (await multi.post(`${API}/stripe/connect`, {})).json();
      const back = new URL(await consentInSandbox(multi, url, 'shared@example.org'));
      return landing((await multi.get(`${back.pathname}${back.search}`)).headers.location);
    };
    expect(await connect()).toMatchObject({ connected: 'stripe' });
    await multi.get(`/api/v1/npo_admin/select_npo?npo_id=${ids.northern}&code=5150`);
    expect(await connect()).toMatchObject({ error: 'account_taken' });
    const riverside = (await storedSettings(ctx.db, ids.riverside))?.stripe_account_id;
    const byId = await multi.post(`${API}/stripe/account`, { account_id: riverside });
    expect(byId.statusCode).toBe(409);
    expect(byId.json().message).toBe(PROCESSOR_MESSAGES.stripeAccountTaken);
    expect((await storedSettings(ctx.db, ids.northern))?.stripe_account_id).toBeNull();
    expect((await multi.get(API)).json().card.connected_account_id).toBeNull();
  });

  it('connects an existing account id and disconnects it; the sandbox keeps taking cards', async () => {
    const c = await as('manager@kindling.test');
    await ctx.db.execute(sql`UPDATE npos SET stripe_account_id = NULL WHERE id = ${ids.riverside}`);
    const connected = await c.post(`${API}/stripe/account`, { account_id: ' acct_1A2b3C4d5E6f7G8h ' });
    expect(connected.statusCode).toBe(200);
    expect(connected.json().card.connected_account_id).toBe('acct_…7G8h');
    const disconnected = await c.request('DELETE', `${API}/stripe`);
    expect(disconnected.json().card).toMatchObject({
      provider: 'sandbox',
      connected_account_id: null,
      connected_at: null,
    });
    expect((await c.request('DELETE', `${API}/stripe`)).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).get(CAMPAIGN_PAGE)).json().campaign.card_enabled).toBe(true);
    expect(await auditActions(ctx.db, ids.riverside)).toContain('processors.stripe_disconnected');
  });
});
