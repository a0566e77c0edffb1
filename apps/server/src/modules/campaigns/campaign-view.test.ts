import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config.ts';
import { installationProviders, paymentOptionsOf } from './campaign-view.ts';

const config = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', ...env });
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };
const PAYPAL = { PAYPAL_CLIENT_ID: 'pp-client', PAYPAL_CLIENT_SECRET: 'pp-secret' };
const SELLER = { stripeAccountId: 'acct_1Seller', paypalMerchantId: '7X2KQ3PLM9ABC', paypalEmail: 'pay@example.org' };

describe('which provider takes each method (one rule for the form, checkout and /admin/processors)', () => {
  it('matches the payment registry for every combination of keys', () => {
    expect(installationProviders(config())).toEqual({ card: 'sandbox', wallet: 'sandbox' });
    expect(installationProviders(config(STRIPE))).toEqual({ card: 'stripe', wallet: null });
    expect(installationProviders(config(PAYPAL))).toEqual({ card: 'sandbox', wallet: 'paypal' });
    expect(installationProviders(config({ ...STRIPE, ...PAYPAL }))).toEqual({ card: 'stripe', wallet: 'paypal' });
    // A PayPal client id without its secret cannot create orders: no PayPal wallet.
    expect(installationProviders(config({ ...STRIPE, PAYPAL_CLIENT_ID: 'pp-client' }))).toEqual({
      card: 'stripe',
      wallet: null,
    });
  });

  it('never lets the sandbox take payments in production', () => {
    const production = config({
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(40),
      TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    expect(installationProviders(production)).toEqual({ card: null, wallet: null });
    expect(paymentOptionsOf(production, SELLER)).toMatchObject({ card_enabled: false, wallet_enabled: false });
  });

  it('offers PayPal only with the client id, merchant id and e-mail all set', () => {
    const keys = config({ ...STRIPE, ...PAYPAL });
    expect(paymentOptionsOf(keys, SELLER)).toMatchObject({
      wallet_enabled: true,
      wallet_provider: 'paypal',
      paypal_client_id: 'pp-client',
      card_provider: 'stripe',
      stripe_publishable_key: 'pk_test_x',
    });
    for (const missing of [{ paypalMerchantId: null }, { paypalEmail: null }]) {
      expect(paymentOptionsOf(keys, { ...SELLER, ...missing })).toMatchObject({
        wallet_enabled: false,
        wallet_provider: null,
        paypal_client_id: null,
      });
    }
    expect(paymentOptionsOf(keys, { ...SELLER, stripeAccountId: null })).toMatchObject({
      card_enabled: false,
      card_provider: null,
      stripe_publishable_key: null,
    });
  });
});
