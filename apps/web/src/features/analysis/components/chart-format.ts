import { formatMoney } from '@kindling/contracts';

/** '2026-03-01' as 'Mar 2026' (month buckets) or '1 Mar' (day buckets), read as UTC (the server cut the day). */
export function bucketLabel(bucket: string, unit: 'day' | 'month', locale?: string): string {
  const at = new Date(`${bucket}T00:00:00Z`);
  const options: Intl.DateTimeFormatOptions =
    unit === 'month'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(at);
}

/** Minor units to major units for the chart's scale (charts need numbers, labels use formatMoney). */
export const toMajor = (minor: number, exponent: number) => minor / 10 ** exponent;

/** A formatter for chart axes and tooltips: major units back to the currency's text. */
export const majorFormatter = (currency: string, exponent: number, locale?: string) => (major: number) =>
  formatMoney(Math.round(major * 10 ** exponent), currency, locale);

const METHOD_NAMES: Record<string, string> = {
  card: 'Card',
  paypal: 'PayPal',
  cash: 'Cash',
  cheque: 'Cheque',
  check: 'Cheque',
  bank_transfer: 'Bank transfer',
  in_kind: 'In kind',
  other: 'Other',
};

export const methodName = (method: string) =>
  METHOD_NAMES[method] ?? method.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export const CHART_COLORS = ['teal.6', 'indigo.6', 'orange.6', 'grape.6', 'cyan.6', 'yellow.7', 'pink.6', 'gray.6'];
