// Giving years on the organisation's calendar (decision 027). The contracts' rules
// (docs/product/donors.md#giving-year) count in UTC midnights; here they run on the wall-clock day
// of the organisation's time zone, and the year starts they answer become midnights there, so a
// gift at 11.30 pm on 31 December in Los Angeles belongs to that year, not the next.
import { givingYearOf, givingYearRange, retentionBoundaries } from '@kindling/contracts/giving-year-rules.ts';
import { midnightIn, wallDate } from '../../platform/format/calendar.ts';

const inZone = (wall: Date, zone: string) => midnightIn(wall.toISOString().slice(0, 10), zone);

/** The giving year `at` falls in, by the organisation's calendar in `zone`. */
export const givingYearIn = (at: Date, startMonth: number, zone: string): number =>
  givingYearOf(wallDate(at, zone), startMonth);

/** The instants giving year `year` covers in `zone`: from its first midnight (inclusive) to the next year's. */
export function givingYearRangeIn(year: number, startMonth: number, zone: string): { start: Date; end: Date } {
  const { start, end } = givingYearRange(year, startMonth);
  return { start: inZone(start, zone), end: inZone(end, zone) };
}

/** Where the current and the previous giving year start as of `now` in `zone` (LYBUNT/SYBUNT). */
export function retentionBoundariesIn(
  now: Date,
  startMonth: number,
  zone: string,
): { currentStart: Date; previousStart: Date } {
  const walls = retentionBoundaries(wallDate(now, zone), startMonth);
  return { currentStart: inZone(walls.currentStart, zone), previousStart: inZone(walls.previousStart, zone) };
}

/** The giving years from the last gift's back to the first's, newest first; [] without gifts. */
export function givingYearsBetween(giftDates: Date[], startMonth: number, zone: string): number[] {
  const [first, last] = giftDates;
  if (!first || !last) return [];
  const years: number[] = [];
  for (let y = givingYearIn(last, startMonth, zone); y >= givingYearIn(first, startMonth, zone); y -= 1) years.push(y);
  return years;
}
