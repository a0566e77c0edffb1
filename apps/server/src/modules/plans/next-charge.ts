// When a recurring plan is next due. Dates are counted from the plan's anchor (the first gift's
// time) as "period n", never from the previous due date: a plan started on 31 January is due on
// 28 or 29 February and again on 31 March, where adding a month each time would drift to the 28th.
// The calendar is the organisation's (decision 027): a plan due on the 15th is due on the 15th in
// its time zone, at the anchor's time of day on that zone's clock (a daylight-saving change moves
// the instant, not the hour).
import { addDays, instantIn, wallTimeIn } from '../../platform/format/calendar.ts';
import { RECURRING_INTERVALS, type RecurringInterval } from '../donations/index.ts';

export { RECURRING_INTERVALS, type RecurringInterval };

const DAYS: Partial<Record<RecurringInterval, number>> = { daily: 1, weekly: 7 };
const MONTHS: Partial<Record<RecurringInterval, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

export const isRecurring = (interval: string): interval is RecurringInterval =>
  (RECURRING_INTERVALS as readonly string[]).includes(interval);

const lastDayOfMonth = (year: number, month: number): number => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The due date of period `period` of a plan anchored at `anchor` (period 0 is the anchor itself,
 * period 1 the first charge after the first gift), on the calendar of `zone`. Months keep the
 * anchor's day, clamped to the month's last day, and the anchor's time of day.
 */
export function chargeDateOf(anchor: Date, interval: RecurringInterval, period: number, zone = 'UTC'): Date {
  if (!Number.isSafeInteger(period) || period < 0) throw new RangeError(`invalid plan period ${period}`);
  if (Number.isNaN(anchor.getTime())) throw new RangeError('invalid plan anchor');
  const { day, ms } = wallTimeIn(anchor, zone);
  const days = DAYS[interval];
  if (days !== undefined) return instantIn(addDays(day, days * period), ms, zone);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const months = m - 1 + (MONTHS[interval] ?? 1) * period;
  const year = y + Math.floor(months / 12);
  const month = months % 12;
  const date = Math.min(d, lastDayOfMonth(year, month));
  return instantIn(`${pad(year, 4)}-${pad(month + 1)}-${pad(date)}`, ms, zone);
}

/** The first due date after the first gift. */
export const firstChargeDate = (firstGiftAt: Date, interval: RecurringInterval, zone = 'UTC'): Date =>
  chargeDateOf(firstGiftAt, interval, 1, zone);

/** What a plan's schedule is made of: its anchor, the period the anchor stands for, the interval. */
export type PlanSchedule = { anchorAt: Date; anchorPeriod: number; interval: RecurringInterval };

/** The due date of period `period` of a plan (anchor_period counts the periods before the anchor). */
export const dueDateOf = (plan: PlanSchedule, period: number, zone = 'UTC'): Date =>
  chargeDateOf(plan.anchorAt, plan.interval, period - plan.anchorPeriod, zone);

/**
 * The calendar day `date` ('YYYY-MM-DD') a person chose for a plan's next charge, in `zone`, at the
 * anchor's time of day there; null when it is not a real date. `today` is that zone's today, for
 * the caller's "after today" rule.
 */
export function chosenChargeDate(
  plan: Pick<PlanSchedule, 'anchorAt'>,
  date: string,
  now: Date,
  zone: string,
): { at: Date | null; today: string; limit: string } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const real = Number.isInteger(y) && m >= 1 && m <= 12 && d >= 1 && d <= lastDayOfMonth(y, m - 1);
  const today = wallTimeIn(now, zone).day;
  const limit = addDays(today, 2 * 366);
  return { at: real ? instantIn(date, wallTimeIn(plan.anchorAt, zone).ms, zone) : null, today, limit };
}

/**
 * The first period from `from` on whose due date is after `now`: where a plan goes after a
 * charge, or after a pause or an outage, so missed periods are skipped, never charged in a burst.
 */
export function firstPeriodAfter(
  plan: PlanSchedule,
  from: number,
  now: Date,
  zone = 'UTC',
): { period: number; dueAt: Date } {
  let period = Math.max(from, plan.anchorPeriod + 1);
  let dueAt = dueDateOf(plan, period, zone);
  // Daily plans after a long outage: jump close in one step instead of thousands of iterations.
  if (dueAt <= now && plan.interval === 'daily') {
    period += Math.max(0, Math.floor((now.getTime() - dueAt.getTime()) / 86_400_000));
    dueAt = dueDateOf(plan, period, zone);
  }
  while (dueAt <= now) {
    period += 1;
    dueAt = dueDateOf(plan, period, zone);
  }
  return { period, dueAt };
}
