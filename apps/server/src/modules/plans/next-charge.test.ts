import { describe, expect, it } from 'vitest';
import { chargeDateOf, chosenChargeDate, firstChargeDate, isRecurring } from './next-charge.ts';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('next charge date', () => {
  it('keeps the day and time of month for a monthly plan', () => {
    expect(iso(firstChargeDate(at('2026-03-15T09:30:00.000Z'), 'monthly'))).toBe('2026-04-15T09:30:00.000Z');
    expect(iso(firstChargeDate(at('2026-12-05T23:59:59.999Z'), 'monthly'))).toBe('2027-01-05T23:59:59.999Z');
  });

  it('clamps to the last day of a shorter month, and returns to the 31st afterwards', () => {
    const anchor = at('2026-01-31T12:00:00.000Z');
    expect(iso(chargeDateOf(anchor, 'monthly', 1))).toBe('2026-02-28T12:00:00.000Z');
    expect(iso(chargeDateOf(anchor, 'monthly', 2))).toBe('2026-03-31T12:00:00.000Z');
    expect(iso(chargeDateOf(anchor, 'monthly', 3))).toBe('2026-04-30T12:00:00.000Z');
    expect(iso(chargeDateOf(at('2026-05-31T00:00:00.000Z'), 'monthly', 1))).toBe('2026-06-30T00:00:00.000Z');
  });

  it('gives 29 February in a leap year, and 28 February for a leap-day anchor in other years', () => {
    expect(iso(firstChargeDate(at('2028-01-31T08:00:00.000Z'), 'monthly'))).toBe('2028-02-29T08:00:00.000Z');
    const leapDay = at('2028-02-29T08:00:00.000Z');
    expect(iso(firstChargeDate(leapDay, 'yearly'))).toBe('2029-02-28T08:00:00.000Z');
    expect(iso(chargeDateOf(leapDay, 'yearly', 4))).toBe('2032-02-29T08:00:00.000Z');
    // 2100 is not a leap year (divisible by 100, not by 400).
    expect(iso(chargeDateOf(at('2096-02-29T00:00:00.000Z'), 'yearly', 4))).toBe('2100-02-28T00:00:00.000Z');
  });

  it('adds three months per quarter, across the year end and month ends', () => {
    const anchor = at('2026-11-30T10:00:00.000Z');
    expect(iso(chargeDateOf(anchor, 'quarterly', 1))).toBe('2027-02-28T10:00:00.000Z');
    expect(iso(chargeDateOf(anchor, 'quarterly', 2))).toBe('2027-05-30T10:00:00.000Z');
    expect(iso(chargeDateOf(at('2026-08-31T10:00:00.000Z'), 'quarterly', 1))).toBe('2026-11-30T10:00:00.000Z');
  });

  it('adds a year for a yearly plan and twelve months per period', () => {
    expect(iso(firstChargeDate(at('2026-07-04T16:20:00.000Z'), 'yearly'))).toBe('2027-07-04T16:20:00.000Z');
    expect(iso(chargeDateOf(at('2026-07-04T16:20:00.000Z'), 'yearly', 10))).toBe('2036-07-04T16:20:00.000Z');
  });

  it('adds exact days for weekly and daily plans, across month, year and DST-change dates', () => {
    expect(iso(firstChargeDate(at('2026-12-29T07:00:00.000Z'), 'weekly'))).toBe('2027-01-05T07:00:00.000Z');
    expect(iso(chargeDateOf(at('2026-03-25T01:30:00.000Z'), 'weekly', 2))).toBe('2026-04-08T01:30:00.000Z');
    expect(iso(firstChargeDate(at('2028-02-28T22:00:00.000Z'), 'daily'))).toBe('2028-02-29T22:00:00.000Z');
    expect(iso(chargeDateOf(at('2026-10-24T01:30:00.000Z'), 'daily', 2))).toBe('2026-10-26T01:30:00.000Z');
    expect(iso(firstChargeDate(at('2026-12-31T23:59:00.000Z'), 'daily'))).toBe('2027-01-01T23:59:00.000Z');
  });

  it('counts on the organisation’s calendar: its day of the month and its clock across daylight saving', () => {
    // 11.30 pm on 14 January in Los Angeles (07:30 UTC on the 15th): due at 11.30 pm on the 14th
    // there, also in April when the clocks have moved (06:30 UTC), never on the 15th.
    const la = 'America/Los_Angeles';
    expect(iso(chargeDateOf(at('2031-01-15T07:30:00Z'), 'monthly', 1, la))).toBe('2031-02-15T07:30:00.000Z');
    expect(iso(chargeDateOf(at('2031-01-15T07:30:00Z'), 'monthly', 3, la))).toBe('2031-04-15T06:30:00.000Z');
    // 10 am daily, before and after the change of 9 March 2031.
    expect(iso(chargeDateOf(at('2031-03-08T18:00:00Z'), 'daily', 1, la))).toBe('2031-03-09T17:00:00.000Z');
    // 12.30 pm on 31 January in Auckland (23:30 UTC on the 30th): due on 28 February there.
    const auckland = 'Pacific/Auckland';
    expect(iso(chargeDateOf(at('2031-01-30T23:30:00Z'), 'monthly', 1, auckland))).toBe('2031-02-27T23:30:00.000Z');
    expect(iso(firstChargeDate(at('2030-12-31T11:30:00Z'), 'yearly', auckland))).toBe('2031-12-31T11:30:00.000Z');
  });

  it('chooses a person’s calendar day in the organisation’s zone at the plan’s time of day', () => {
    const plan = { anchorAt: at('2031-01-15T07:30:00Z') };
    const chosen = chosenChargeDate(plan, '2031-04-14', at('2031-04-14T05:00:00Z'), 'America/Los_Angeles');
    expect(chosen.at && iso(chosen.at)).toBe('2031-04-15T06:30:00.000Z');
    // 10 pm on 13 April there: today is the 13th, so the 14th is after today.
    expect(chosen.today).toBe('2031-04-13');
    expect(chosenChargeDate(plan, '2031-02-30', at('2031-01-01T00:00:00Z'), 'UTC').at).toBeNull();
  });

  it('uses UTC whatever the moment, and period 0 is the anchor itself', () => {
    const anchor = at('2026-01-31T23:30:00.000Z');
    expect(iso(chargeDateOf(anchor, 'monthly', 0))).toBe(iso(anchor));
    expect(iso(chargeDateOf(anchor, 'monthly', 1))).toBe('2026-02-28T23:30:00.000Z');
  });

  it('refuses a negative or fractional period and an invalid anchor', () => {
    expect(() => chargeDateOf(at('2026-01-01T00:00:00Z'), 'monthly', -1)).toThrow(RangeError);
    expect(() => chargeDateOf(at('2026-01-01T00:00:00Z'), 'monthly', 1.5)).toThrow(RangeError);
    expect(() => chargeDateOf(new Date('nope'), 'monthly', 1)).toThrow(RangeError);
  });

  it('knows which intervals recur', () => {
    expect(['once', 'daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'hourly'].map(isRecurring)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });
});
