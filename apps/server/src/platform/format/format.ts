// The server's one formatter of dates, amounts and numbers for an organisation (decision 027): in
// its locale (npos.locale), dates on its calendar (npos.time_zone), through Intl. Receipts,
// statements, plan e-mails and notifications use it.
import { formatMoney } from '@kindling/contracts';

export type FormatSettings = { locale: string; timeZone: string };

const cache = new Map<string, ReturnType<typeof build>>();

function build({ locale, timeZone }: FormatSettings) {
  const longDate = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone });
  const longDay = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const count = new Intl.NumberFormat(locale);
  return {
    /** Minor units of `currency` as the locale writes them ('$50.00', '50,00 $US'). */
    money: (minor: number | bigint | string, currency: string) => formatMoney(minor, currency, locale),
    /** The organisation's calendar day of an instant, written long ('21 November 2026'). */
    date: (at: Date) => longDate.format(at),
    /** A calendar day already decided ('2026-11-21', a declaration's date), written long. */
    day: (day: string) => longDay.format(new Date(`${day.slice(0, 10)}T00:00:00Z`)),
    count: (value: number) => count.format(value),
  };
}

export type Format = ReturnType<typeof build>;

/** The formatters of one locale and time zone (kept: Intl formatters are costly to create). */
export function formatFor(settings: FormatSettings): Format {
  const key = `${settings.locale}|${settings.timeZone}`;
  let format = cache.get(key);
  if (!format) {
    format = build(settings);
    cache.set(key, format);
  }
  return format;
}
