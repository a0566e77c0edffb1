import { describe, expect, it } from 'vitest';
import {
  autoSelectMethod,
  availableMethods,
  CURRENCY_NOT_SUPPORTED,
  defaultMethod,
  PAYMENT_METHOD_LABELS,
  walletConfigured,
} from './payment-methods.ts';

const unsupported = { error: CURRENCY_NOT_SUPPORTED };

// USD: both providers. INR: card only. XYZ: neither (no USD fallback for method checks).
const TABLE = [
  { hasWallet: true, hasCard: true, currency: 'USD', selected: 'paypal', tabs: ['paypal', 'card'] },
  { hasWallet: true, hasCard: true, currency: 'inr', selected: 'card', tabs: ['card'] },
  { hasWallet: true, hasCard: true, currency: 'XYZ', selected: unsupported, tabs: [] },
  { hasWallet: true, hasCard: false, currency: 'EUR', selected: 'paypal', tabs: ['paypal'] },
  { hasWallet: true, hasCard: false, currency: 'INR', selected: unsupported, tabs: [] },
  { hasWallet: true, hasCard: false, currency: 'XYZ', selected: unsupported, tabs: [] },
  { hasWallet: false, hasCard: true, currency: 'GBP', selected: 'card', tabs: ['card'] },
  { hasWallet: false, hasCard: true, currency: 'ZAR', selected: 'card', tabs: ['card'] },
  { hasWallet: false, hasCard: true, currency: 'XYZ', selected: unsupported, tabs: [] },
  { hasWallet: false, hasCard: false, currency: 'USD', selected: unsupported, tabs: [] },
  { hasWallet: false, hasCard: false, currency: 'INR', selected: unsupported, tabs: [] },
  { hasWallet: true, hasCard: true, currency: '', selected: unsupported, tabs: [] },
  { hasWallet: true, hasCard: true, currency: null, selected: unsupported, tabs: [] },
  // Zero-decimal currencies the wallet supports (HUF, JPY, TWD) and one it does not (KRW).
  { hasWallet: true, hasCard: true, currency: 'JPY', selected: 'paypal', tabs: ['paypal', 'card'] },
  { hasWallet: true, hasCard: true, currency: 'KRW', selected: 'card', tabs: ['card'] },
] as const;

describe('method auto-select table', () => {
  it.each(TABLE)(
    'wallet $hasWallet, card $hasCard, $currency → $selected',
    ({ hasWallet, hasCard, currency, selected, tabs }) => {
      expect(autoSelectMethod({ hasWallet, hasCard, currency })).toEqual(selected);
      expect(availableMethods({ hasWallet, hasCard, currency })).toEqual(tabs);
    },
  );

  it('never auto-selects a method whose tab is hidden', () => {
    for (const row of TABLE) {
      const selected = autoSelectMethod(row);
      const tabs = availableMethods(row);
      if (typeof selected === 'string') expect(tabs).toContain(selected);
      else expect(tabs).toEqual([]);
    }
  });
});

describe('default method and wallet configuration', () => {
  it('defaults to the wallet only with both its merchant id and e-mail', () => {
    expect(defaultMethod({ paypal_merchant_id: 'M1', paypal_email: 'pay@org.example' })).toBe('paypal');
    expect(defaultMethod({ paypal_merchant_id: 'M1', paypal_email: null })).toBe('card');
    expect(defaultMethod({ paypal_merchant_id: ' ', paypal_email: 'pay@org.example' })).toBe('card');
    expect(defaultMethod({})).toBe('card');
  });

  it('shows the wallet button only with client id, merchant id and e-mail', () => {
    const all = { paypal_merchant_id: 'M1', paypal_email: 'pay@org.example', paypal_client_id: 'client' };
    expect(walletConfigured(all)).toBe(true);
    expect(walletConfigured({ ...all, paypal_client_id: null })).toBe(false);
    expect(walletConfigured({ ...all, paypal_email: '' })).toBe(false);
  });

  it('labels the tabs PayPal and Card/Direct Debit', () => {
    expect(PAYMENT_METHOD_LABELS).toEqual({ paypal: 'PayPal', card: 'Card/Direct Debit' });
  });
});
