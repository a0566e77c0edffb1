/** The period presets of the reports centre, counted in the organisation's calendar (its today). */
export const REPORT_PERIODS = [
  { value: 'this-year', label: 'This year' },
  { value: 'last-year', label: 'Last year' },
  { value: 'last-12-months', label: 'Last 12 months' },
  { value: 'all-time', label: 'All time' },
  { value: 'custom', label: 'Custom dates' },
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number]['value'];

export const isReportPeriod = (value: unknown): value is ReportPeriod => REPORT_PERIODS.some((p) => p.value === value);

/** The days of a preset, from `today` (YYYY-MM-DD); all time has none. */
export function reportRange(period: ReportPeriod, today: string): { from?: string; to?: string } {
  const year = Number(today.slice(0, 4));
  switch (period) {
    case 'this-year':
      return { from: `${year}-01-01`, to: today };
    case 'last-year':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
    case 'last-12-months': {
      const at = new Date(`${today}T00:00:00Z`);
      at.setUTCFullYear(at.getUTCFullYear() - 1);
      at.setUTCDate(at.getUTCDate() + 1);
      return { from: at.toISOString().slice(0, 10), to: today };
    }
    case 'all-time':
    case 'custom':
      return {};
  }
}
