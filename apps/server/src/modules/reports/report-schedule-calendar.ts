// When a scheduled report is due (docs/product/reports.md#scheduled-reports), in the organisation's
// calendar: weekly on a weekday, monthly on a day (1–28, so every month has it), or after month end
// on the first working day (Monday to Friday) after the month closes. Pure: days are YYYY-MM-DD.
import type { TScheduleCadence } from '@kindling/contracts';
import { addDays } from '../../platform/format/calendar.ts';

export type ScheduleRule = { cadence: TScheduleCadence; weekday: number | null; dayOfMonth: number | null };

/** ISO weekday of a day: 1 Monday … 7 Sunday. */
export const isoWeekday = (day: string): number => {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

/** The first Monday-to-Friday day of the month of `day`. */
export function firstWorkingDay(day: string): string {
  let first = `${day.slice(0, 7)}-01`;
  while (isoWeekday(first) > 5) first = addDays(first, 1);
  return first;
}

export function isDueDay(rule: ScheduleRule, day: string): boolean {
  if (rule.cadence === 'weekly') return isoWeekday(day) === rule.weekday;
  if (rule.cadence === 'monthly') return Number(day.slice(8, 10)) === rule.dayOfMonth;
  return day === firstWorkingDay(day);
}

/**
 * The latest due day on or before `today` and not before `since` (the day the schedule was set), or
 * null: a server that was off on the due day sends it when it is back, once.
 */
export function latestDueDay(rule: ScheduleRule, today: string, since: string): string | null {
  for (let day = today, i = 0; i < 32 && day >= since; i += 1, day = addDays(day, -1)) {
    if (isDueDay(rule, day)) return day;
  }
  return null;
}

/** The next due day after `after` (or `today` itself when it is due and not yet sent). */
export function nextDueDay(rule: ScheduleRule, from: string): string {
  let day = from;
  for (let i = 0; i < 40 && !isDueDay(rule, day); i += 1) day = addDays(day, 1);
  return day;
}

/** The month an after-month-end report is about: the one before its due day. */
export function closedMonthOf(dueDay: string): { from: string; to: string } {
  const first = `${dueDay.slice(0, 7)}-01`;
  const to = addDays(first, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}
