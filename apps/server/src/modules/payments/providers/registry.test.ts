import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config/config.ts';
import type { Db } from '../../../platform/db/client.ts';
import { createPaymentProviders } from './registry.ts';

const db = {} as Db;
const providersFor = (env: Record<string, string>) =>
  createPaymentProviders(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }), db);

describe('payment provider registry', () => {
  it('uses the sandbox for cards and PayPal when no keys are configured', () => {
    const p = providersFor({});
    expect([p.card.name, p.wallet.name]).toEqual(['sandbox', 'sandbox']);
    expect(p.card).toBe(p.sandbox);
    expect([p.stripe, p.paypal]).toEqual([null, null]);
    expect(p.sandbox?.capabilities).toEqual({
      card: true,
      wallet: true,
      vault: true,
      recurringOffSession: true,
      cardSetup: true,
    });
  });

  it('uses Stripe for cards with a secret key, and PayPal only with both its id and secret', () => {
    const stripeOnly = providersFor({ STRIPE_SECRET_KEY: 'sk_test_x', PAYPAL_CLIENT_ID: 'id-without-secret' });
    expect([stripeOnly.card.name, stripeOnly.wallet.name]).toEqual(['stripe', 'sandbox']);
    const both = providersFor({
      STRIPE_SECRET_KEY: 'sk_test_x',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
    });
    expect([both.card.name, both.wallet.name]).toEqual(['stripe', 'paypal']);
    expect(both.sandbox).toBeNull();
    expect(both.byName('paypal')).toBe(both.paypal);
  });

  it('never falls back to the sandbox in production', async () => {
    const p = createPaymentProviders(
      loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        SESSION_SECRET: 'x'.repeat(32),
        TOTP_ENCRYPTION_KEY: 'a'.repeat(64),
      }),
      db,
    );
    expect(p.sandbox).toBeNull();
    await expect(p.card.retrieveIntent({ account: { npoId: 1, accountId: null }, id: 'pi_1' })).rejects.toMatchObject({
      code: 'not_configured',
    });
    await expect(p.byName('sandbox').parseWebhook('{}', {})).rejects.toMatchObject({ code: 'not_configured' });
  });

  it('reads the application fee and PayPal base from the configuration', () => {
    const config = loadConfig({ STRIPE_APPLICATION_FEE_BPS: '250' });
    expect(config.STRIPE_APPLICATION_FEE_BPS).toBe(250);
    expect(config.PAYPAL_API_BASE).toBe('https://api-m.sandbox.paypal.com');
    expect(() => loadConfig({ STRIPE_APPLICATION_FEE_BPS: '-1' })).toThrow(/STRIPE_APPLICATION_FEE_BPS/);
  });
});
