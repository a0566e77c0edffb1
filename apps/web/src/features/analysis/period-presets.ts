import type { PeriodRange } from './api/analysis.queries.ts';

export const PERIOD_PRESETS = [
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'last-30-days', label: 'Last 30 days' },
  { value: 'last-90-days', label: 'Last 90 days' },
  { value: 'year-to-date', label: 'Year to date' },
  { value: 'last-12-months', label: 'Last 12 months' },
  { value: 'custom', label: 'Custom range' },
] as const;

export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];

const day = (at: Date) => at.toISOString().slice(0, 10);
const utc = (year: number, month: number, date: number) => new Date(Date.UTC(year, month, date));

/** The whole UTC days a preset covers on `today`, both ends included; null for 'custom'. */
export function presetRange(preset: PeriodPreset, today: Date): PeriodRange | null {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const d = today.getUTCDate();
  const to = day(utc(y, m, d));
  switch (preset) {
    case 'this-month':
      return { from: day(utc(y, m, 1)), to };
    case 'last-month':
      return { from: day(utc(y, m - 1, 1)), to: day(utc(y, m, 0)) };
    case 'last-30-days':
      return { from: day(utc(y, m, d - 29)), to };
    case 'last-90-days':
      return { from: day(utc(y, m, d - 89)), to };
    case 'year-to-date':
      return { from: day(utc(y, 0, 1)), to };
    case 'last-12-months':
      return { from: day(utc(y, m - 11, 1)), to };
    case 'custom':
      return null;
  }
}

export const isPreset = (value: string | null): value is PeriodPreset => PERIOD_PRESETS.some((p) => p.value === value);
