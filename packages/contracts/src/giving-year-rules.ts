// Zod-free: the server's list queries and the web app's select import this module directly.
/**
 * Giving years (docs/product/donors.md#giving-year). An organisation counts its giving either by calendar
 * year (start month 1) or by a fiscal year starting on the first day of another month, stored as
 * `npos.fiscal_year_start_month`. A giving year is labelled by the calendar year it ENDS in, the
 * usual convention for fiscal years: with a July start, 1 July 2025 – 30 June 2026 is giving year
 * 2026. All boundaries are UTC midnights; ranges are half-open (end exclusive).
 */

export const CALENDAR_YEAR_START_MONTH = 1;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Whether `value` can be stored as a giving-year start month (1 = January … 12 = December). */
export function isGivingYearStartMonth(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 12;
}

function checkStartMonth(startMonth: number): void {
  if (!isGivingYearStartMonth(startMonth))
    throw new RangeError(`giving year start month must be 1–12, got ${startMonth}`);
}

/** The label of the giving year `date` falls in: the calendar year that giving year ends in. */
export function givingYearOf(date: Date, startMonth: number): number {
  checkStartMonth(startMonth);
  const year = date.getUTCFullYear();
  if (startMonth === CALENDAR_YEAR_START_MONTH) return year;
  return date.getUTCMonth() + 1 >= startMonth ? year + 1 : year;
}

/** The instants giving year `year` covers: from `start` (inclusive) to `end` (exclusive), UTC. */
export function givingYearRange(year: number, startMonth: number): { start: Date; end: Date } {
  checkStartMonth(startMonth);
  if (!Number.isInteger(year)) throw new RangeError(`giving year must be an integer, got ${year}`);
  const startYear = startMonth === CALENDAR_YEAR_START_MONTH ? year : year - 1;
  return {
    start: new Date(Date.UTC(startYear, startMonth - 1, 1)),
    end: new Date(Date.UTC(startYear + 1, startMonth - 1, 1)),
  };
}

/** How a giving year reads to people: '2026' for calendar years, 'July 2025 – June 2026' otherwise. */
export function givingYearLabel(year: number, startMonth: number): string {
  if (startMonth === CALENDAR_YEAR_START_MONTH) return String(year);
  const { start, end } = givingYearRange(year, startMonth);
  const last = new Date(end.getTime() - 1);
  return `${MONTH_NAMES[start.getUTCMonth()]} ${start.getUTCFullYear()} – ${MONTH_NAMES[last.getUTCMonth()]} ${last.getUTCFullYear()}`;
}

/**
 * The boundaries the retention flags need, relative to `now`: the current giving year starts at
 * `currentStart`, the previous one at `previousStart`. A donor is
 * - LYBUNT ('last year but unfortunately not this') when they gave in [previousStart, currentStart)
 *   and not since currentStart;
 * - SYBUNT ('some year but unfortunately not this') when they gave before previousStart and neither
 *   in the previous nor the current giving year.
 */
export function retentionBoundaries(now: Date, startMonth: number): { currentStart: Date; previousStart: Date } {
  const current = givingYearOf(now, startMonth);
  return {
    currentStart: givingYearRange(current, startMonth).start,
    previousStart: givingYearRange(current - 1, startMonth).start,
  };
}

export type TRetentionFlags = { lybunt: boolean; sybunt: boolean };

/**
 * The flags of one donor from what they gave: whether they gave in the current giving year, in the
 * previous one, and before the previous one. Exactly one of the two flags can be true.
 */
export function retentionFlags(gave: { current: boolean; previous: boolean; earlier: boolean }): TRetentionFlags {
  return {
    lybunt: gave.previous && !gave.current,
    sybunt: gave.earlier && !gave.previous && !gave.current,
  };
}

/** The flags of a donor from the dates of their gifts, relative to `now` (gifts after `now` count as current). */
export function retentionFlagsOfGifts(giftDates: readonly Date[], now: Date, startMonth: number): TRetentionFlags {
  const { currentStart, previousStart } = retentionBoundaries(now, startMonth);
  const at = giftDates.map((d) => d.getTime());
  return retentionFlags({
    current: at.some((t) => t >= currentStart.getTime()),
    previous: at.some((t) => t >= previousStart.getTime() && t < currentStart.getTime()),
    earlier: at.some((t) => t < previousStart.getTime()),
  });
}
