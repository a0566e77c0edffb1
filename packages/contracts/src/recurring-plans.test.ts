import { describe, expect, it } from 'vitest';
import { ZRecurringPlanListQuery, ZRecurringPlanUpdate } from './recurring-plans.ts';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('recurring plan contracts', () => {
  it('defaults the list query and refuses an unknown status with a message', () => {
    expect(ZRecurringPlanListQuery.parse({})).toEqual({ status: 'all', q: '', page: 1, per_page: 25 });
    expect(ZRecurringPlanListQuery.parse({ status: 'past_due', q: '  ada ', page: '2' })).toMatchObject({
      status: 'past_due',
      q: 'ada',
      page: 2,
    });
    expect(messages(ZRecurringPlanListQuery.safeParse({ status: 'failed' }))).toEqual([
      ['status', 'Choose all, active, paused, past due or cancelled'],
    ]);
  });

  it('takes an amount and/or a next date, each checked with its own message', () => {
    expect(ZRecurringPlanUpdate.parse({ amount_minor: 2500 })).toEqual({ amount_minor: 2500 });
    expect(ZRecurringPlanUpdate.parse({ next_charge_date: '2031-04-30' })).toEqual({ next_charge_date: '2031-04-30' });
    expect(messages(ZRecurringPlanUpdate.safeParse({ amount_minor: 0, next_charge_date: '30/04/2031' }))).toEqual([
      ['amount_minor', 'Enter an amount greater than zero'],
      ['next_charge_date', 'Enter the next date as YYYY-MM-DD'],
    ]);
    expect(messages(ZRecurringPlanUpdate.safeParse({}))).toEqual([['', 'Change the amount or the next date']]);
  });
});
