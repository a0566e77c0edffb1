// /stripe-methods end to end: who may read and change the setting, what the public donation form
// then offers, and the checkout refusing a method that is switched off.
import { PAYMENT_SETTINGS_MESSAGES, WALLETS_NEED_CARD } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn, userIdOf } from '../team/team.test-support.ts';

const API = '/api/v1/payment_settings';
const PAGE = '/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal';

describe('payment methods per organisation and campaign', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let springId = 0;
  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    springId = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM campaigns WHERE campaign_url = 'spring-appeal'`)).rows[0]
        ?.id,
    );
    // The demo's Spring Appeal offers every method (the sandbox's wallet and bank debits); here it
    // follows the organisation, as a campaign without its own choice does.
    await ctx.db.execute(sql`UPDATE campaigns SET donation_methods = NULL WHERE id = ${springId}`);
  });
  const publicMethods = async () => (await new TestClient(ctx.app).get(PAGE)).json().campaign;

  it('lets the admin group read, only organisation admins with settings.payments change, and strangers nothing', async () => {
    expect((await new TestClient(ctx.app).get(`${API}/methods`)).statusCode).toBe(401);
    expect((await new TestClient(ctx.app).put(`${API}/methods`, { methods: ['card'] })).statusCode).toBe(401);
    for (const email of ['staff@kindling.test', 'fundraiser@kindling.test']) {
      const c = await signedIn(ctx, email);
      expect((await c.get(`${API}/methods`)).statusCode, email).toBe(403);
    }
    const finance = await signedIn(ctx, 'finance@kindling.test');
    expect((await finance.get(`${API}/methods`)).statusCode).toBe(200);
    expect((await finance.put(`${API}/methods`, { methods: ['card'] })).statusCode).toBe(403);
    expect((await finance.put(`${API}/campaigns/${springId}/methods`, { methods: ['card'] })).statusCode).toBe(403);

    // A manager without the settings.payments permission reads but cannot change.
    const managerId = await userIdOf(ctx, 'manager@kindling.test');
    const perms = `/api/v1/npo_admin/user_permissions/${managerId}`;
    const current: string[] = (await admin.get(perms)).json().data.permissions;
    await admin.put(perms, { permissions: { permissions: current.filter((p) => p !== 'settings.payments') } });
    const manager = await signedIn(ctx, 'manager@kindling.test');
    expect((await manager.get(`${API}/methods`)).statusCode).toBe(200);
    const refused = await manager.put(`${API}/methods`, { methods: ['card'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('Payment settings');
    await admin.put(perms, { permissions: { permissions: current } });
    expect((await publicMethods()).payment_methods).toEqual(['card', 'apple_pay', 'google_pay', 'paypal']);
  });

  it('shows each method with the provider that takes it and its currencies', async () => {
    const body = (await admin.get(`${API}/methods`)).json();
    const byMethod = Object.fromEntries(body.methods.map((m: { method: string }) => [m.method, m]));
    // Without provider keys the sandbox stands in for every method, as the providers' test modes do.
    expect(byMethod.card).toMatchObject({ provider: 'sandbox', enabled: true });
    expect(byMethod.card.currencies).toContain('USD');
    expect(byMethod.paypal.currencies).toHaveLength(24);
    expect(byMethod.apple_pay).toMatchObject({ provider: 'sandbox', enabled: true });
    expect(byMethod.apple_pay.currencies).toEqual(byMethod.card.currencies);
    // The demo organisation has bank debit off, and its draft Summer Lunch Club no PayPal.
    expect(byMethod.bank_debit).toMatchObject({ provider: 'sandbox', currencies: ['USD', 'EUR'], enabled: false });
    const lunch = body.campaigns.find((c: { name: string }) => c.name === 'Summer Lunch Club');
    expect(lunch.methods).toEqual(['card', 'apple_pay', 'google_pay']);
    expect(body.campaigns.map((c: { id: number }) => c.id)).toContain(springId);
  });

  it('refuses unknown methods and wallets without card with field messages, changing nothing', async () => {
    const unknown = await admin.put(`${API}/methods`, { methods: ['card', 'bitcoin'] });
    expect(unknown.statusCode).toBe(400);
    expect(Object.values(unknown.json().fields)).toContain(PAYMENT_SETTINGS_MESSAGES.method);
    const wallet = await admin.put(`${API}/methods`, { methods: ['apple_pay', 'paypal'] });
    expect(wallet.statusCode).toBe(400);
    expect(wallet.json().fields).toEqual({ methods: WALLETS_NEED_CARD });
    const twice = await admin.put(`${API}/methods`, { methods: ['card', 'card'] });
    expect(twice.statusCode).toBe(400);
    const kept = (await admin.get(`${API}/methods`)).json().methods.filter((m: { enabled: boolean }) => m.enabled);
    expect(kept.map((m: { method: string }) => m.method)).toEqual(['card', 'apple_pay', 'google_pay', 'paypal']);
  });

  it('answers 404 for another organisation’s campaign and leaves it alone', async () => {
    const outsider = await outsiderOrganisation(ctx, 'out@example.org', 'Outsider Trust');
    const put = await outsider.client.put(`${API}/campaigns/${springId}/methods`, { methods: ['card'] });
    expect(put.statusCode).toBe(404);
    expect((await outsider.client.request('DELETE', `${API}/campaigns/${springId}/methods`)).statusCode).toBe(404);
    expect((await admin.put(`${API}/campaigns/999999/methods`, { methods: ['card'] })).statusCode).toBe(404);
    expect((await publicMethods()).payment_methods).toEqual(['card', 'apple_pay', 'google_pay', 'paypal']);
  });

  it('the donation form follows the organisation, a campaign override wins, and checkout refuses what is off', async () => {
    const off = await admin.put(`${API}/methods`, { methods: ['card'] });
    expect(off.statusCode, off.body).toBe(200);
    let campaign = await publicMethods();
    expect(campaign).toMatchObject({ payment_methods: ['card'], card_enabled: true, wallet_enabled: false });

    const donor = new TestClient(ctx.app);
    const order = await donor.post('/api/v1/npo_admin/create_order', {
      campaign_id: campaign.campaign_id,
      amount: 5000,
      currency_code: 'USD',
      interval: 'once',
      included_fees: 0,
      first_name: 'Alan',
      last_name: 'Turing',
      email: 'alan@example.org',
    });
    expect(order.statusCode).toBe(422);
    expect(order.json().message).toBe('PayPal is not available for this campaign.');

    // The campaign's override: PayPal only.
    const override = await admin.put(`${API}/campaigns/${springId}/methods`, { methods: ['paypal'] });
    expect(override.statusCode, override.body).toBe(200);
    expect(override.json().campaigns.find((c: { id: number }) => c.id === springId).methods).toEqual(['paypal']);
    campaign = await publicMethods();
    expect(campaign).toMatchObject({ payment_methods: ['paypal'], card_enabled: false, wallet_enabled: true });
    const intent = await donor.post('/api/v1/npo_admin/intent', {
      campaign_id: campaign.campaign_id,
      peer_campaign_id: null,
      amount: 5000,
      currency: 'usd',
      interval: 'once',
      payment_method: 'card',
      included_fees: 0,
    });
    expect(intent.statusCode).toBe(422);
    expect(intent.json().message).toBe('Card payments are not available for this campaign.');

    // Back to the organisation's setting.
    const reset = await admin.request('DELETE', `${API}/campaigns/${springId}/methods`);
    expect(reset.statusCode).toBe(200);
    expect((await publicMethods()).payment_methods).toEqual(['card']);
    const audit = await ctx.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE action LIKE 'payment_methods.%' ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'payment_methods.updated',
      'payment_methods.campaign_overridden',
      'payment_methods.campaign_reset',
    ]);
  });
});
