// When a plan's saved card stops working, in the same months as the card-expiring e-mail
// (plans/plan-reminders.ts): a card is valid through the last day of its expiry month (UTC), so
// it is "expiring" in that month and the month before, and "expired" from the month after.

export const CARD_EXPIRY_STATES = ['valid', 'expiring', 'expired', 'unknown'] as const;
export type TCardExpiryState = (typeof CARD_EXPIRY_STATES)[number];

/** The state of a card that expires at the end of `expMonth`/`expYear`, read at `now`. */
export function cardExpiryState(expMonth: number | null, expYear: number | null, now: Date): TCardExpiryState {
  if (!expMonth || !expYear || expMonth < 1 || expMonth > 12) return 'unknown';
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const last = expYear * 12 + (expMonth - 1);
  if (last < current) return 'expired';
  if (last <= current + 1) return 'expiring';
  return 'valid';
}

const CARD_BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** How a card brand as providers name it ('amex') is shown to people ('American Express'). */
export const cardBrandName = (brand: string | null | undefined): string => (brand && CARD_BRAND_NAMES[brand]) || 'Card';
