// Zod-free: the public donation form's bundle imports this module directly (decision 006).
import { CARD_CURRENCIES, WALLET_CURRENCIES } from './currency-rules.ts';

/**
 * The payment methods an organisation offers donors, per organisation and overridable per campaign
 * (docs/product/payments.md#payment-methods). Card, Apple Pay, Google Pay and bank debit are taken
 * by the card provider (Stripe's Payment Element and payment request button); PayPal by the wallet
 * provider.
 */
export const DONATION_METHODS = ['card', 'apple_pay', 'google_pay', 'bank_debit', 'paypal'] as const;
export type TDonationMethod = (typeof DONATION_METHODS)[number];

export const DONATION_METHOD_LABELS: Record<TDonationMethod, string> = {
  card: 'Card',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  bank_debit: 'Bank debit (ACH, SEPA)',
  paypal: 'PayPal',
};

export type TMethodProvider = 'stripe' | 'paypal' | 'sandbox';

/** Bank debits: ACH for US dollars, SEPA Direct Debit for euros (Stripe's us_bank_account, sepa_debit). */
export const BANK_DEBIT_SCHEMES: Record<string, { scheme: string; stripeType: 'us_bank_account' | 'sepa_debit' }> = {
  USD: { scheme: 'ACH', stripeType: 'us_bank_account' },
  EUR: { scheme: 'SEPA', stripeType: 'sepa_debit' },
};

/**
 * Which provider takes which method in which currencies. 'all card currencies' is the card
 * provider's list; the sandbox stands in for every method, as Stripe's and PayPal's test modes do
 * (its own wallet button and bank-debit form; decision 038).
 */
export const METHOD_CAPABILITIES: Record<TDonationMethod, Partial<Record<TMethodProvider, readonly string[]>>> = {
  card: { stripe: CARD_CURRENCIES, sandbox: CARD_CURRENCIES },
  apple_pay: { stripe: CARD_CURRENCIES, sandbox: CARD_CURRENCIES },
  google_pay: { stripe: CARD_CURRENCIES, sandbox: CARD_CURRENCIES },
  bank_debit: { stripe: Object.keys(BANK_DEBIT_SCHEMES), sandbox: Object.keys(BANK_DEBIT_SCHEMES) },
  paypal: { paypal: WALLET_CURRENCIES, sandbox: WALLET_CURRENCIES },
};

/** The methods taken by the card provider, inside the 'Card/Direct Debit' tab. */
export const CARD_TAB_METHODS: readonly TDonationMethod[] = ['card', 'apple_pay', 'google_pay', 'bank_debit'];

/** Currencies `provider` can take `method` in; empty when it does not offer the method. */
export const methodCurrencies = (method: TDonationMethod, provider: TMethodProvider | null): readonly string[] =>
  (provider && METHOD_CAPABILITIES[method][provider]) || [];

export const methodSupports = (method: TDonationMethod, provider: TMethodProvider | null, currency: string) =>
  methodCurrencies(method, provider).includes(currency.trim().toUpperCase());

/** Apple Pay and Google Pay are card payments underneath: they need Card switched on. */
export const WALLETS_NEED_CARD = 'Apple Pay and Google Pay are card payments: switch Card on to offer them.';

/** The settings' rule: a wallet without Card is refused. */
export function methodSettingsProblem(methods: readonly TDonationMethod[]): string | null {
  const wallet = methods.includes('apple_pay') || methods.includes('google_pay');
  return wallet && !methods.includes('card') ? WALLETS_NEED_CARD : null;
}

/**
 * The card-tab methods a donor can use in `currency`: the enabled ones the card provider supports
 * there. An empty list means no card tab for this currency.
 */
export function cardTabMethods(
  enabled: readonly TDonationMethod[],
  provider: TMethodProvider | null,
  currency: string | null | undefined,
): TDonationMethod[] {
  const code = (currency ?? '').trim().toUpperCase();
  return CARD_TAB_METHODS.filter((m) => enabled.includes(m) && methodSupports(m, provider, code));
}

/** Stripe's payment_method_types for these card-tab methods and currency (wallets ride on 'card'). */
export function stripeMethodTypes(methods: readonly TDonationMethod[], currency: string): string[] {
  const types: string[] = [];
  if (methods.includes('card')) types.push('card');
  const bank = BANK_DEBIT_SCHEMES[currency.trim().toUpperCase()];
  if (bank && methods.includes('bank_debit')) types.push(bank.stripeType);
  return types;
}
