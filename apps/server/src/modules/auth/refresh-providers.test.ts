// docs/product/sign-in.md#the-session: before an organisation is selected the session has no payment-provider ids.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

describe('payment provider ids in the refresh response', () => {
  const ctx = useTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_kindling',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_kindling',
      STRIPE_CLIENT_ID: 'ca_kindling',
      PAYPAL_CLIENT_ID: 'paypal-client',
      PAYPAL_CLIENT_SECRET: 'paypal-secret',
    },
  });

  it('are null until an organisation is selected, then the configured ones', async () => {
    const c = new TestClient(ctx.app);
    await c.signIn('multi@kindling.test');
    const before = (await c.get('/api/v1/refresh')).json();
    expect(before).toMatchObject({ stripe_publishable_key: null, stripe_client_id: null, paypal_client_id: null });

    const { rows } = await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`);
    expect((await c.get(`/api/v1/npo_admin/select_npo?npo_id=${rows[0]?.id}`)).statusCode).toBe(200);
    const after = (await c.get('/api/v1/refresh')).json();
    expect(after).toMatchObject({
      stripe_publishable_key: 'pk_test_kindling',
      stripe_client_id: 'ca_kindling',
      paypal_client_id: 'paypal-client',
    });
  });
});

describe('a PayPal client id without its secret', () => {
  const ctx = useTestApp({ env: { PAYPAL_CLIENT_ID: 'paypal-client' } });

  it('is not announced: PayPal cannot take payments without the secret', async () => {
    const c = new TestClient(ctx.app);
    await c.signIn('admin@kindling.test');
    expect((await c.get('/api/v1/refresh')).json().paypal_client_id).toBeNull();
  });
});
