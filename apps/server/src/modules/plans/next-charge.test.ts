import { describe, expect, it } from 'vitest';
import { chargeDateOf, firstChargeDate, isRecurring } from './next-charge.ts';

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
