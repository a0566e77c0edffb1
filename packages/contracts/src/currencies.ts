import { z } from 'zod';
import { isSupportedCurrency } from './currency-rules.ts';

export * from './currency-rules.ts';

/**
 * A currency code in requests: any case in, upper case out, and it must be one we support. The
 * intent call sends lower case (docs/product/payments.md#calls), so both are accepted.
 */
export const ZCurrencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => isSupportedCurrency(code), { message: 'Choose a supported currency' });
export type TCurrencyCode = z.infer<typeof ZCurrencyCode>;
