// The web app's one formatter of dates, amounts and numbers (decision 027): in the selected
// organisation's locale, and dates on its calendar (its time zone), through Intl.
import { formatMoney, type TFormatMoneyOptions } from '@kindling/contracts/money-rules.ts';
import { useMemo } from 'react';
import { useSession } from '../session/session-context.ts';

export type FormatSettings = { locale: string; timeZone: string };

const FALLBACK: FormatSettings = { locale: 'en-US', timeZone: 'UTC' };

export type Format = ReturnType<typeof formatFor>;

/** Formatters for one locale and time zone. */
export function formatFor({ locale, timeZone }: FormatSettings) {
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const dateTimeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const countFormat = new Intl.NumberFormat(locale);
  const shortDayFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone });
  const rateFormat = new Intl.NumberFormat(locale, { maximumSignificantDigits: 6 });
  const decimalFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
  const isoDayParts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
  const percentFormat = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const timeFormat = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  return {
    locale,
    timeZone,
    /** Minor units of `currency` as text ('$1,234.50', '1 234,50 €'). */
    money: (minor: number | bigint | string, currency: string | null | undefined, options?: TFormatMoneyOptions) =>
      formatMoney(minor, currency, locale, options),
    /** A whole number with the locale's grouping. */
    count: (value: number | string) => countFormat.format(Number(value)),
    /** The organisation's calendar day of an instant ('Mar 1, 2026'); '—' when there is none. */
    date: (iso: string | Date | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : '—'),
    /** An instant with its time, on the organisation's clock. */
    dateTime: (iso: string | Date) => dateTimeFormat.format(new Date(iso)),
    /** A day the server already cut ('2026-03-01', a bucket or period label), written in the locale; '—' when none. */
    day: (day: string | null | undefined) => (day ? dayFormat.format(new Date(`${day.slice(0, 10)}T00:00:00Z`)) : '—'),
    /** A month the server already cut ('2027-03') written in the locale ('March 2027', 'März 2027'). */
    month: (month: string) => monthFormat.format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`)),
    /** The organisation's calendar day of an instant without its year ('Dec 12', '12. Dez.'). */
    shortDay: (iso: string | Date) => shortDayFormat.format(new Date(iso)),
    /** An exchange rate or other ratio, to six significant digits ('1.08', '1,08'). */
    rate: (value: number | string) => rateFormat.format(Number(value)),
    /** A decimal as entered, every digit kept, with the locale's separators ('1.0825', '1,0825'). */
    decimal: (value: number | string) => decimalFormat.format(Number(value)),
    /** The organisation's calendar day of `now` as 'YYYY-MM-DD' (a form's default date, a period's end). */
    today: (now: Date = new Date()) => {
      const part = (type: string) => isoDayParts.formatToParts(now).find((p) => p.type === type)?.value ?? '';
      return `${part('year')}-${part('month')}-${part('day')}`;
    },
    // conv15: a share as a percentage ('42.5%'); '—' when there is nothing to divide by.
    percent: (part: number, whole: number) => (whole > 0 ? percentFormat.format(part / whole) : '—'),
    // tix18: the time of day of an instant on this clock ('7:05 PM', '19:05'), as check-in shows it.
    time: (iso: string | Date) => timeFormat.format(new Date(iso)),
  };
}

const cache = new Map<string, Format>();

/** The formatters of an organisation as the session holds it (en-US and UTC without one), kept. */
export function formatOf(
  npo: { locale?: string | undefined; time_zone?: string | undefined } | null | undefined,
): Format {
  const locale = npo?.locale ?? FALLBACK.locale;
  const timeZone = npo?.time_zone ?? FALLBACK.timeZone;
  const key = `${locale}|${timeZone}`;
  let format = cache.get(key);
  if (!format) {
    format = formatFor({ locale, timeZone });
    cache.set(key, format);
  }
  return format;
}

/** The selected organisation's formatters (en-US and UTC before one is selected). */
export function useFormat(): Format {
  const { npo } = useSession();
  const locale = npo?.locale;
  const timeZone = npo?.time_zone;
  return useMemo(() => formatOf({ locale, time_zone: timeZone }), [locale, timeZone]);
}
