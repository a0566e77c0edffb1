// When a failed recurring charge is tried again. Retries are counted from the first failure of the
// period (past_due_since), not from the previous retry, so a late sweep does not stretch the
// schedule. Each schedule ends well before the next period is due. After the last retry fails
// the plan is cancelled (failure_reason retries_exhausted).
import type { RecurringInterval } from './next-charge.ts';

const HOUR_MS = 3_600_000;
const days = (...list: number[]) => list.map((d) => d * 24);

/**
 * Hours after the first failure at which each retry is made (docs/product/recurring.md#dunning):
 * monthly and yearly as listed there; daily retries the same day (the next day is already the
 * next period), weekly within the week, quarterly like monthly with one more try three weeks in.
 */
export const RETRY_SCHEDULE_HOURS: Record<RecurringInterval, readonly number[]> = {
  daily: [4, 12],
  weekly: days(1, 3, 5),
  monthly: days(1, 3, 7, 13),
  quarterly: days(1, 3, 7, 14, 21),
  yearly: days(1, 3, 7, 14, 31),
};

/** How many retries follow a failed charge of a plan with this interval. */
export const retriesOf = (interval: RecurringInterval): number => RETRY_SCHEDULE_HOURS[interval].length;

/**
 * When to try again after `failedAttempts` failures of the period (1 = the scheduled charge just
 * failed); null when that was the last retry and the plan is to be cancelled.
 */
export function nextRetryAt(interval: RecurringInterval, pastDueSince: Date, failedAttempts: number): Date | null {
  const hours = RETRY_SCHEDULE_HOURS[interval][failedAttempts - 1];
  return hours === undefined ? null : new Date(pastDueSince.getTime() + hours * HOUR_MS);
}
