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
  const percentFormat = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
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
    /** A day the server already cut ('2026-03-01', a bucket or period label), written in the locale. */
    day: (day: string) => dayFormat.format(new Date(`${day.slice(0, 10)}T00:00:00Z`)),
    // conv15: a share as a percentage ('42.5%'); '—' when there is nothing to divide by.
    percent: (part: number, whole: number) => (whole > 0 ? percentFormat.format(part / whole) : '—'),
  };
}

const cache = new Map<string, Format>();

/** The selected organisation's formatters (en-US and UTC before one is selected). */
export function useFormat(): Format {
  const { npo } = useSession();
  const locale = npo?.locale ?? FALLBACK.locale;
  const timeZone = npo?.time_zone ?? FALLBACK.timeZone;
  return useMemo(() => {
    const key = `${locale}|${timeZone}`;
    let format = cache.get(key);
    if (!format) {
      format = formatFor({ locale, timeZone });
      cache.set(key, format);
    }
    return format;
  }, [locale, timeZone]);
}
