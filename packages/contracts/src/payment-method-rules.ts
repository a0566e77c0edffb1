// Zod-free: the public donation form's bundle imports this module directly (decision 006).
import { CARD_CURRENCIES, WALLET_CURRENCIES } from './currency-rules.ts';

/**
 * Which payment tab a donor sees and which one is picked for them (docs/product/donation-form.md#step-2-payment).
 * 'paypal' is the wallet provider, 'card' the card provider (Stripe or the sandbox in its place).
 */

export const PAYMENT_METHODS = ['paypal', 'card'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Tab labels, in the order the tabs appear. */
export const PAYMENT_METHOD_LABELS = { paypal: 'PayPal', card: 'Card/Direct Debit' } as const satisfies Record<
  TPaymentMethod,
  string
>;

/**
 * Order of the methods inside the card form (docs/product/donation-form.md#step-2-payment): wallets, bank account,
 * card.
 */
export const CARD_METHOD_ORDER = ['google_pay', 'apple_pay', 'us_bank_account', 'card'] as const;

export const CURRENCY_NOT_SUPPORTED = 'Currency not supported';
export const NO_METHODS_FOR_CURRENCY = 'No payment methods are available for this currency';

/**
 * What a campaign has configured. The server computes both flags for ZPublicCampaign:
 * hasWallet = the wallet merchant id, e-mail and client id are all set (the wallet button needs all
 * three); hasCard = a card account exists (a connected Stripe account, or the sandbox).
 */
export type TMethodContext = { hasWallet: boolean; hasCard: boolean; currency: string | null | undefined };

const WALLET_SET: ReadonlySet<string> = new Set(WALLET_CURRENCIES);
const CARD_SET: ReadonlySet<string> = new Set(CARD_CURRENCIES);

/** No USD fallback here: an unknown code is simply not supported by either provider. */
const upper = (currency: string | null | undefined): string => (currency ?? '').trim().toUpperCase();

export const walletSupports = (currency: string | null | undefined): boolean => WALLET_SET.has(upper(currency));
export const cardSupports = (currency: string | null | undefined): boolean => CARD_SET.has(upper(currency));

/** The method picked when the donor changes currency (docs/product/donation-form.md#step-2-payment). */
export function autoSelectMethod({
  hasWallet,
  hasCard,
  currency,
}: TMethodContext): TPaymentMethod | { error: typeof CURRENCY_NOT_SUPPORTED } {
  if (hasWallet && walletSupports(currency)) return 'paypal';
  if (hasCard && cardSupports(currency)) return 'card';
  return { error: CURRENCY_NOT_SUPPORTED };
}

/**
 * The tabs to show: a provider's tab appears only when it is configured and supports the currency.
 * An empty list means the form shows NO_METHODS_FOR_CURRENCY.
 */
export function availableMethods({ hasWallet, hasCard, currency }: TMethodContext): TPaymentMethod[] {
  const methods: TPaymentMethod[] = [];
  if (hasWallet && walletSupports(currency)) methods.push('paypal');
  if (hasCard && cardSupports(currency)) methods.push('card');
  return methods;
}

/**
 * The method selected before any currency change: the wallet when the campaign has its merchant id
 * and e-mail, else card (docs/product/donation-form.md#step-2-payment). Both are needed, the client id is not.
 */
export function defaultMethod(campaign: {
  paypal_merchant_id?: string | null;
  paypal_email?: string | null;
}): TPaymentMethod {
  return campaign.paypal_merchant_id?.trim() && campaign.paypal_email?.trim() ? 'paypal' : 'card';
}

/** The wallet button shows only when the client id, merchant id and e-mail are all set. */
export function walletConfigured(campaign: {
  paypal_merchant_id?: string | null;
  paypal_email?: string | null;
  paypal_client_id?: string | null;
}): boolean {
  return Boolean(
    campaign.paypal_merchant_id?.trim() && campaign.paypal_email?.trim() && campaign.paypal_client_id?.trim(),
  );
}
