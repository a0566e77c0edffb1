// Amounts on the public form in the organisation's locale (docs/product/donation-form.md#locale):
// the one place the form formats money, small enough for the public bundle (no zod, no React).
import { formatMoney, type TFormatMoneyOptions } from '@kindling/contracts/money-rules.ts';

/** The organisation's BCP 47 locale as the campaign carries it; en-US for an older answer without one. */
export const formLocale = (campaign: { locale?: string | undefined }): string => campaign.locale || 'en-US';

/** Minor units of `currency`, written the organisation's way ('1.234,50 €' for de-DE). */
export const moneyIn = (
  campaign: { locale?: string | undefined },
  minor: number,
  currency: string,
  options?: TFormatMoneyOptions,
): string => formatMoney(minor, currency, formLocale(campaign), options);
