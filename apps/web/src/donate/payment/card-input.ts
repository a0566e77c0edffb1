// The sandbox card form's input rules: what the donor types, shaped as they type it, and the
// messages for what cannot be a card. The sandbox checks again and decides decline or success.

export type CardInput = { number: string; exp: string; cvc: string };
export type CardErrors = Partial<Record<keyof CardInput, string>>;

export const CARD_MESSAGES = {
  numberRequired: 'Enter your card number',
  numberInvalid: 'That card number is not valid',
  expInvalid: 'Enter the expiry date as MM/YY',
  expPast: 'This card has expired',
  cvcInvalid: 'Enter the 3 or 4 digit security code',
} as const;

export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', result: 'succeeds' },
  { number: '4000 0000 0000 0002', result: 'is declined' },
  { number: '4000 0025 0000 3155', result: 'asks for an extra confirmation' },
] as const;

const digits = (value: string) => value.replace(/\D/g, '');

/** '4242424242424242' → '4242 4242 4242 4242' (at most 19 digits). */
export const formatCardNumber = (value: string): string =>
  digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** '1234' → '12/34'; a lone first digit above 1 becomes a padded month ('5' → '05/'). */
export function formatExpiry(value: string, previous = ''): string {
  let d = digits(value).slice(0, 4);
  if (d.length === 1 && d > '1') d = `0${d}`;
  // Deleting right after the slash removes the month's last digit, not just the slash.
  if (previous.endsWith('/') && value.length < previous.length) return d.slice(0, 1);
  return d.length >= 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

export const formatCvc = (value: string): string => digits(value).slice(0, 4);

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let n = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

export function validateCard(card: CardInput, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const number = digits(card.number);
  if (!number) errors.number = CARD_MESSAGES.numberRequired;
  else if (number.length < 12 || !luhn(number)) errors.number = CARD_MESSAGES.numberInvalid;
  const exp = /^(\d{2})\/(\d{2})$/.exec(card.exp.trim());
  const month = exp ? Number(exp[1]) : 0;
  if (!exp || month < 1 || month > 12) errors.exp = CARD_MESSAGES.expInvalid;
  else {
    const year = 2000 + Number(exp[2]);
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
      errors.exp = CARD_MESSAGES.expPast;
    }
  }
  if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = CARD_MESSAGES.cvcInvalid;
  return errors;
}
