// The server's one formatter of dates, amounts and numbers for an organisation (decision 027): in
// its locale (npos.locale), dates on its calendar (npos.time_zone), through Intl. Receipts,
// statements, plan e-mails and notifications use it.
import { formatMoney } from '@kindling/contracts/money-rules.ts';

export type FormatSettings = { locale: string; timeZone: string };

const cache = new Map<string, ReturnType<typeof build>>();

function build({ locale, timeZone }: FormatSettings) {
  const longDate = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone });
  const longDay = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const count = new Intl.NumberFormat(locale);
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  return {
    /** Minor units of `currency` as the locale writes them ('$50.00', '50,00 $US'). */
    money: (minor: number | bigint | string, currency: string) => formatMoney(minor, currency, locale),
    /** The organisation's calendar day of an instant, written long ('21 November 2026'). */
    date: (at: Date) => longDate.format(at),
    /** A calendar day already decided ('2026-11-21', a declaration's date), written long. */
    day: (day: string) => longDay.format(new Date(`${day.slice(0, 10)}T00:00:00Z`)),
    count: (value: number) => count.format(value),
    // tix18: e-tickets and check-in show an event's time on its own calendar.
    /** Day and time of an instant ('Saturday, 19 December 2026 at 18:30'). */
    dateTime: (at: Date) => dateTime.format(at),
    /** The time of day of an instant ('18:30', '6:30 PM'). */
    time: (at: Date) => time.format(at),
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
