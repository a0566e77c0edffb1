// Days in an organisation's time zone (decision 027): the server's one place that turns an instant
// into a calendar day of a zone and back, with Intl only (no time zone library).

const DAY_MS = 86_400_000;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(zone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(zone, f);
  }
  return f;
}

/** The wall-clock fields of `at` in `zone`. */
function wallClock(at: Date, zone: string) {
  const parts: Record<string, number> = {};
  for (const p of partsFormatter(zone).formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** How far `zone`'s wall clock is ahead of UTC at `at`, in ms. */
function offsetAt(at: Date, zone: string): number {
  const w = wallClock(at, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The calendar day ('YYYY-MM-DD') of `at` in `zone`. */
export function dayIn(at: Date, zone: string): string {
  const w = wallClock(at, zone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The instant `zone`'s wall clock reads `ms` past midnight of `day` (a time in a gap: the one after it). */
export function instantIn(day: string, ms: number, zone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + ms;
  // The offset at the guess, then at the result: two passes settle a daylight-saving change.
  let at = wall - offsetAt(new Date(wall), zone);
  at = wall - offsetAt(new Date(at), zone);
  return new Date(at);
}

/** The instant `day` ('YYYY-MM-DD') starts in `zone` (its midnight, or the first instant after a gap). */
export const midnightIn = (day: string, zone: string): Date => instantIn(day, 0, zone);

/**
 * Noon of `day` in `zone`: the instant of a gift known only by its day (an offline gift, an imported
 * row), so that day is the one the organisation's figures, lists and exports show.
 */
export const middayIn = (day: string, zone: string): Date => instantIn(day, 12 * 3_600_000, zone);

/** The calendar day of `at` in `zone` and how far past that day's midnight its wall clock is, in ms. */
export function wallTimeIn(at: Date, zone: string): { day: string; ms: number } {
  const w = wallClock(at, zone);
  const millis = ((at.getTime() % 1000) + 1000) % 1000;
  return { day: dayIn(at, zone), ms: ((w.hour * 60 + w.minute) * 60 + w.second) * 1000 + millis };
}

/** `day` moved by `days` calendar days. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The first day of the month `months` after that of `day` (negative: before). */
export function addMonthsToFirst(day: string, months: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** `at` when it starts a day in `zone`, else the start of the next day there. */
export function nextMidnightIn(at: Date, zone: string): Date {
  const start = midnightIn(dayIn(at, zone), zone);
  return start.getTime() === at.getTime() ? at : midnightIn(addDays(dayIn(at, zone), 1), zone);
}

/**
 * `zone`'s wall clock at `at` as the UTC instant with the same fields: for files without time zones
 * (a spreadsheet's date cell, a CSV's text), which show what a clock there read.
 */
export function wallDateTime(at: Date, zone: string): Date {
  const { day, ms } = wallTimeIn(at, zone);
  return new Date(Date.parse(`${day}T00:00:00Z`) + ms);
}

/** The same wall-clock day as a UTC midnight: lets UTC-based calendar rules work on a zone's day. */
export const wallDate = (at: Date, zone: string): Date => new Date(`${dayIn(at, zone)}T00:00:00Z`);
