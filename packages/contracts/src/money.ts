import { z } from 'zod';
import { currencyExponent, ZCurrencyCode } from './currencies.ts';
import { divideRounded, MAX_AMOUNT_MINOR, toBigIntMinor } from './money-rules.ts';

export * from './money-pattern.ts';
export * from './money-rules.ts';

/** A non-negative whole number of minor units. */
export const ZMinorAmount = z
  .number({ error: 'Enter an amount' })
  .int('Amounts are whole numbers of minor units')
  .min(0, 'The amount cannot be negative')
  .max(MAX_AMOUNT_MINOR, 'The amount is too large');

/** A gift or preset: more than zero. */
export const ZPositiveMinorAmount = ZMinorAmount.min(1, 'Enter an amount greater than zero');

/** TMoneyPattern (money-pattern.ts) as the public pages receive it. */
export const ZMoneyPattern = z.object({
  locale: z.string(),
  currency: z.string(),
  prefix: z.string(),
  suffix: z.string(),
  group: z.string(),
  decimal: z.string(),
  primary: z.number().int().min(0),
  secondary: z.number().int().min(0),
  minGrouping: z.number().int().min(1),
});

export const ZMoney = z.object({ amount_minor: ZMinorAmount, currency: ZCurrencyCode });
export type TMoney = z.infer<typeof ZMoney>;

/** An exchange rate as a positive decimal string, e.g. '1.27050000' (units of `to` per `from`). */
export const ZExchangeRate = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,12})?$/, 'Rates are decimal numbers like 1.2705')
  .refine((rate) => /[1-9]/.test(rate), { message: 'A rate must be greater than zero' });

/**
 * Converts minor units of `from` into minor units of `to` at `rate` (one major unit of `from` is
 * worth `rate` major units of `to`), with exponents applied and the result rounded half-even. Used
 * for a donation's base-currency amount (base_amount_minor); the rate is stored beside it.
 */
export function convertMinor(
  amountMinor: number | bigint | string,
  from: string | null | undefined,
  to: string | null | undefined,
  rate: string,
): number {
  const parsed = ZExchangeRate.safeParse(rate);
  if (!parsed.success) throw new RangeError(`invalid exchange rate: ${rate}`);
  const [whole = '0', fraction = ''] = parsed.data.split('.');
  const rateScaled = BigInt(whole + fraction);
  const numerator = toBigIntMinor(amountMinor) * rateScaled * 10n ** BigInt(currencyExponent(to));
  const denominator = 10n ** BigInt(fraction.length + currencyExponent(from));
  const result = divideRounded(numerator, denominator, 'half-even');
  if (result > BigInt(Number.MAX_SAFE_INTEGER) || result < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError('converted amount is too large');
  }
  return Number(result);
}
