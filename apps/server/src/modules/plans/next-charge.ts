// When a recurring plan is next due. Dates are counted from the plan's anchor (the first gift's
// time) as "period n", never from the previous due date: a plan started on 31 January is due on
// 28 or 29 February and again on 31 March, where adding a month each time would drift to the 28th.
// Calendar arithmetic is in UTC, the organisation having no time zone of its own yet.
import { RECURRING_INTERVALS, type RecurringInterval } from '../donations/index.ts';

export { RECURRING_INTERVALS, type RecurringInterval };

const DAY_MS = 86_400_000;
const DAYS: Partial<Record<RecurringInterval, number>> = { daily: 1, weekly: 7 };
const MONTHS: Partial<Record<RecurringInterval, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

export const isRecurring = (interval: string): interval is RecurringInterval =>
  (RECURRING_INTERVALS as readonly string[]).includes(interval);

const lastDayOfMonth = (year: number, month: number): number => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The due date of period `period` of a plan anchored at `anchor` (period 0 is the anchor itself,
 * period 1 the first charge after the first gift). Months keep the anchor's day, clamped to the
 * month's last day, and the anchor's time of day.
 */
export function chargeDateOf(anchor: Date, interval: RecurringInterval, period: number): Date {
  if (!Number.isSafeInteger(period) || period < 0) throw new RangeError(`invalid plan period ${period}`);
  if (Number.isNaN(anchor.getTime())) throw new RangeError('invalid plan anchor');
  const days = DAYS[interval];
  // UTC has no daylight-saving shifts, so a day is always 86,400,000 ms.
  if (days !== undefined) return new Date(anchor.getTime() + days * period * DAY_MS);
  const months = anchor.getUTCMonth() + (MONTHS[interval] ?? 1) * period;
  const year = anchor.getUTCFullYear() + Math.floor(months / 12);
  const month = months % 12;
  const day = Math.min(anchor.getUTCDate(), lastDayOfMonth(year, month));
  const date = new Date(anchor.getTime());
  date.setUTCFullYear(year, month, day);
  return date;
}

/** The first due date after the first gift. */
export const firstChargeDate = (firstGiftAt: Date, interval: RecurringInterval): Date =>
  chargeDateOf(firstGiftAt, interval, 1);

/** What a plan's schedule is made of: its anchor, the period the anchor stands for, the interval. */
export type PlanSchedule = { anchorAt: Date; anchorPeriod: number; interval: RecurringInterval };

/** The due date of period `period` of a plan (anchor_period counts the periods before the anchor). */
export const dueDateOf = (plan: PlanSchedule, period: number): Date =>
  chargeDateOf(plan.anchorAt, plan.interval, period - plan.anchorPeriod);

/**
 * The first period from `from` on whose due date is after `now`: where a plan goes after a
 * charge, or after a pause or an outage, so missed periods are skipped, never charged in a burst.
 */
export function firstPeriodAfter(plan: PlanSchedule, from: number, now: Date): { period: number; dueAt: Date } {
  let period = Math.max(from, plan.anchorPeriod + 1);
  let dueAt = dueDateOf(plan, period);
  // Daily plans after a long outage: jump close in one step instead of thousands of iterations.
  if (dueAt <= now && plan.interval === 'daily') {
    period += Math.max(0, Math.floor((now.getTime() - dueAt.getTime()) / 86_400_000));
    dueAt = dueDateOf(plan, period);
  }
  while (dueAt <= now) {
    period += 1;
    dueAt = dueDateOf(plan, period);
  }
  return { period, dueAt };
}
