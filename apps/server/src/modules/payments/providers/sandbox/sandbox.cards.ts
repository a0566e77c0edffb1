// The sandbox's card form rules and test cards, modelled on Stripe's test mode
// (https://docs.stripe.com/testing): the card number decides the outcome.

export type CardInput = { cardNumber: string; exp: string; cvc: string };
export type ValidCard = { number: string; last4: string; expMonth: number; expYear: number };
export type CardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'requires_action' }
  | { kind: 'declined'; code: string; message: string };

export const DECLINED_MESSAGE = 'Your card was declined.';
export const AUTHENTICATION_FAILED_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** The documented sandbox cards; any other valid number is declined, as test mode declines real cards. */
const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { kind: 'succeeds' },
  '5555555555554444': { kind: 'succeeds' },
  '4000002500003155': { kind: 'requires_action' },
  '4000000000000002': { kind: 'declined', code: 'card_declined', message: DECLINED_MESSAGE },
  '4000000000009995': { kind: 'declined', code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  // Succeeds now, then declines every off-session charge: for testing failed recurring charges.
  '4000000000000341': { kind: 'succeeds' },
  // Succeeds, but a refund of it fails after being accepted (refund.failed), as at Stripe.
  '4000000000005126': { kind: 'succeeds' },
};
const NOT_A_TEST_CARD: CardOutcome = {
  kind: 'declined',
  code: 'card_declined',
  message: 'Your card was declined. The sandbox accepts test cards only, such as 4242 4242 4242 4242.',
};

export const cardOutcome = (number: string): CardOutcome => TEST_CARDS[number] ?? NOT_A_TEST_CARD;

/** Off-session: a saved …0002, …9995 or …0341 declines; other saved test cards are charged. */
export const savedCardDeclines = (last4: string | null): boolean => ['0002', '9995', '0341'].includes(last4 ?? '');

/** A payment with Stripe's test card …5126: its refunds are accepted, then fail (refund.failed). */
export const refundFailsLater = (last4: string | null): boolean => last4 === '5126';

export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** MM/YY, MM / YY or MM/YYYY → month and four-digit year; null when unreadable. */
function parseExpiry(exp: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(exp);
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]) + ((match[2]?.length ?? 0) === 2 ? 2000 : 0);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/**
 * Checks the fields as a real card form does; the messages are the providers' usual wording.
 * Returns the card, or a message per field (card_number, exp, cvc).
 */
export function validateCard(
  input: CardInput,
  now = new Date(),
): { card: ValidCard } | { fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const number = input.cardNumber.replace(/[\s-]/g, '');
  if (!number) fields.card_number = 'Your card number is incomplete.';
  else if (!/^\d{12,19}$/.test(number) || !isLuhnValid(number)) fields.card_number = 'Your card number is invalid.';
  const expiry = parseExpiry(input.exp);
  if (!input.exp.trim()) fields.exp = "Your card's expiration date is incomplete.";
  else if (!expiry) fields.exp = "Your card's expiration date is invalid.";
  else if (expiry.year * 12 + expiry.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    fields.exp = "Your card's expiration date is in the past.";
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) fields.cvc = "Your card's security code is incomplete.";
  if (Object.keys(fields).length > 0 || !expiry) return { fields };
  return { card: { number, last4: number.slice(-4), expMonth: expiry.month, expYear: expiry.year } };
}
