import { describe, expect, it } from 'vitest';
import { nextRetryAt, RETRY_SCHEDULE_HOURS } from './dunning.ts';
import { dueDateOf, firstPeriodAfter, RECURRING_INTERVALS } from './next-charge.ts';

const HOUR = 3_600_000;
const failedAt = new Date('2031-05-31T09:30:00Z');

describe('retry schedule', () => {
  it('retries monthly plans 1, 3, 7 and 13 days after the failure, then stops', () => {
    const retries = [1, 2, 3, 4].map((n) => nextRetryAt('monthly', failedAt, n));
    expect(retries.map((d) => ((d as Date).getTime() - failedAt.getTime()) / (24 * HOUR))).toEqual([1, 3, 7, 13]);
    expect(nextRetryAt('monthly', failedAt, 5)).toBeNull();
  });

  it('retries yearly plans 1, 3, 7, 14 and 31 days after the failure', () => {
    expect(RETRY_SCHEDULE_HOURS.yearly.map((h) => h / 24)).toEqual([1, 3, 7, 14, 31]);
    expect(nextRetryAt('yearly', failedAt, 6)).toBeNull();
  });

  it('ends every schedule before the next period is due', () => {
    for (const interval of RECURRING_INTERVALS) {
      const plan = { anchorAt: failedAt, anchorPeriod: 0, interval };
      const lastRetry = nextRetryAt(interval, failedAt, RETRY_SCHEDULE_HOURS[interval].length) as Date;
      expect(lastRetry.getTime(), interval).toBeLessThan(dueDateOf(plan, 1).getTime());
    }
  });
});

describe('periods', () => {
  it('re-anchors without reusing a period: anchor_period counts the periods before the anchor', () => {
    const plan = { anchorAt: new Date('2031-03-15T12:00:00Z'), anchorPeriod: 4, interval: 'monthly' as const };
    expect(dueDateOf(plan, 4)).toEqual(plan.anchorAt);
    expect(dueDateOf(plan, 5)).toEqual(new Date('2031-04-15T12:00:00Z'));
    expect(firstPeriodAfter(plan, 4, new Date('2031-05-01T00:00:00Z'))).toEqual({
      period: 6,
      dueAt: new Date('2031-05-15T12:00:00Z'),
    });
  });

  it('skips a long outage of a daily plan in one step', () => {
    const plan = { anchorAt: new Date('2020-01-01T08:00:00Z'), anchorPeriod: 0, interval: 'daily' as const };
    const now = new Date('2031-01-01T09:00:00Z');
    const next = firstPeriodAfter(plan, 1, now);
    expect(next.dueAt).toEqual(new Date('2031-01-02T08:00:00Z'));
    expect(dueDateOf(plan, next.period)).toEqual(next.dueAt);
  });
});
