// Amounts and dates on the public crowdfunding page in the organisation's locale, small enough for the
// page's own bundle (no zod, no React), like the event page's event-format.ts.
import { formatMoney } from '@kindling/contracts/money-rules.ts';

export function cfFormat(page: { locale: string; currency: string; raised_currency: string }) {
  const day = new Intl.DateTimeFormat(page.locale, { dateStyle: 'medium' });
  const month = new Intl.DateTimeFormat(page.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    /** A pledge or reward amount, in the campaign's currency. */
    money: (minor: number, currency = page.currency) => formatMoney(minor, currency, page.locale),
    /** Raised and goal, in the organisation's base currency. */
    raised: (minor: number) => formatMoney(minor, page.raised_currency, page.locale),
    date: (iso: string) => day.format(new Date(iso)),
    /** A delivery date (a calendar date, no time): its month. */
    delivery: (isoDate: string) => month.format(new Date(`${isoDate}T00:00:00Z`)),
    number: (n: number) => n.toLocaleString(page.locale),
  };
}
export type CfFormat = ReturnType<typeof cfFormat>;
