import { cardMinimumMinor } from './amount-limits.ts';
import { normaliseCurrency } from './currencies.ts';
import { formatMoney } from './money.ts';

/** The message for a card gift below the minimum, or null when the amount is fine. */
export function cardMinimumError(amountMinor: number, currency: string | null | undefined): string | null {
  const minimum = cardMinimumMinor(currency);
  if (minimum === null || amountMinor >= minimum) return null;
  return `The smallest card donation in ${normaliseCurrency(currency)} is ${formatMoney(minimum, currency)}.`;
}
