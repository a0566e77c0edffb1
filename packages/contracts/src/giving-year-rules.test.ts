import { describe, expect, it } from 'vitest';
import {
  givingYearLabel,
  givingYearOf,
  givingYearRange,
  isGivingYearStartMonth,
  retentionBoundaries,
  retentionFlags,
  retentionFlagsOfGifts,
} from './giving-year-rules.ts';

const at = (iso: string) => new Date(iso);

describe('givingYearOf', () => {
  it('is the calendar year when the giving year starts in January', () => {
    expect(givingYearOf(at('2026-01-01T00:00:00Z'), 1)).toBe(2026);
    expect(givingYearOf(at('2026-12-31T23:59:59.999Z'), 1)).toBe(2026);
    expect(givingYearOf(at('2025-12-31T23:59:59.999Z'), 1)).toBe(2025);
  });

  it('labels a fiscal year by the calendar year it ends in', () => {
    // July start: 1 July 2025 – 30 June 2026 is 2026.
    expect(givingYearOf(at('2025-06-30T23:59:59.999Z'), 7)).toBe(2025);
    expect(givingYearOf(at('2025-07-01T00:00:00Z'), 7)).toBe(2026);
    expect(givingYearOf(at('2026-06-30T12:00:00Z'), 7)).toBe(2026);
    expect(givingYearOf(at('2026-07-01T00:00:00Z'), 7)).toBe(2027);
    // April start (UK tax-year-like months).
    expect(givingYearOf(at('2026-03-31T23:00:00Z'), 4)).toBe(2026);
    expect(givingYearOf(at('2026-04-01T00:00:00Z'), 4)).toBe(2027);
    // December start: only December belongs to the next label.
    expect(givingYearOf(at('2025-11-30T00:00:00Z'), 12)).toBe(2025);
    expect(givingYearOf(at('2025-12-01T00:00:00Z'), 12)).toBe(2026);
  });

  it('refuses a month outside 1–12', () => {
    expect(() => givingYearOf(at('2026-01-01T00:00:00Z'), 0)).toThrow(RangeError);
    expect(() => givingYearOf(at('2026-01-01T00:00:00Z'), 13)).toThrow(RangeError);
    expect(() => givingYearOf(at('2026-01-01T00:00:00Z'), 1.5)).toThrow(RangeError);
  });
});

describe('givingYearRange', () => {
  it('covers the calendar year, end exclusive', () => {
    expect(givingYearRange(2026, 1)).toEqual({ start: at('2026-01-01T00:00:00Z'), end: at('2027-01-01T00:00:00Z') });
  });

  it('covers the fiscal year that ends in the labelled year', () => {
    expect(givingYearRange(2026, 7)).toEqual({ start: at('2025-07-01T00:00:00Z'), end: at('2026-07-01T00:00:00Z') });
    expect(givingYearRange(2026, 12)).toEqual({ start: at('2025-12-01T00:00:00Z'), end: at('2026-12-01T00:00:00Z') });
  });

  it('agrees with givingYearOf at both edges for every start month', () => {
    for (let month = 1; month <= 12; month += 1) {
      const { start, end } = givingYearRange(2030, month);
      expect(givingYearOf(start, month)).toBe(2030);
      expect(givingYearOf(new Date(end.getTime() - 1), month)).toBe(2030);
      expect(givingYearOf(end, month)).toBe(2031);
      expect(givingYearOf(new Date(start.getTime() - 1), month)).toBe(2029);
    }
  });
});

describe('givingYearLabel and isGivingYearStartMonth', () => {
  it('reads as a year or as a span of months', () => {
    expect(givingYearLabel(2026, 1)).toBe('2026');
    expect(givingYearLabel(2026, 7)).toBe('July 2025 – June 2026');
    expect(givingYearLabel(2026, 2)).toBe('February 2025 – January 2026');
  });

  it('accepts only whole months', () => {
    expect(isGivingYearStartMonth(1)).toBe(true);
    expect(isGivingYearStartMonth(12)).toBe(true);
    expect(isGivingYearStartMonth(0)).toBe(false);
    expect(isGivingYearStartMonth(7.5)).toBe(false);
    expect(isGivingYearStartMonth('7')).toBe(false);
  });
});

describe('retention flags (LYBUNT, SYBUNT)', () => {
  const now = at('2026-03-15T10:00:00Z');

  it('finds the current and previous giving-year starts', () => {
    expect(retentionBoundaries(now, 1)).toEqual({
      currentStart: at('2026-01-01T00:00:00Z'),
      previousStart: at('2025-01-01T00:00:00Z'),
    });
    expect(retentionBoundaries(now, 7)).toEqual({
      currentStart: at('2025-07-01T00:00:00Z'),
      previousStart: at('2024-07-01T00:00:00Z'),
    });
  });

  it('LYBUNT: gave last year, not this year', () => {
    expect(retentionFlags({ current: false, previous: true, earlier: false })).toEqual({ lybunt: true, sybunt: false });
    expect(retentionFlags({ current: false, previous: true, earlier: true })).toEqual({ lybunt: true, sybunt: false });
    expect(retentionFlags({ current: true, previous: true, earlier: true })).toEqual({ lybunt: false, sybunt: false });
  });

  it('SYBUNT: gave some earlier year, neither last year nor this year', () => {
    expect(retentionFlags({ current: false, previous: false, earlier: true })).toEqual({ lybunt: false, sybunt: true });
    expect(retentionFlags({ current: true, previous: false, earlier: true })).toEqual({ lybunt: false, sybunt: false });
    expect(retentionFlags({ current: false, previous: false, earlier: false })).toEqual({
      lybunt: false,
      sybunt: false,
    });
  });

  it('depends on the giving-year setting: the same gift is LYBUNT by calendar and current by a July year', () => {
    const gift = [at('2025-09-10T00:00:00Z')];
    expect(retentionFlagsOfGifts(gift, now, 1)).toEqual({ lybunt: true, sybunt: false });
    expect(retentionFlagsOfGifts(gift, now, 7)).toEqual({ lybunt: false, sybunt: false });
    const older = [at('2025-05-10T00:00:00Z')];
    expect(retentionFlagsOfGifts(older, now, 1)).toEqual({ lybunt: true, sybunt: false });
    expect(retentionFlagsOfGifts(older, now, 7)).toEqual({ lybunt: true, sybunt: false });
    const oldest = [at('2024-05-10T00:00:00Z')];
    expect(retentionFlagsOfGifts(oldest, now, 1)).toEqual({ lybunt: false, sybunt: true });
    expect(retentionFlagsOfGifts(oldest, now, 7)).toEqual({ lybunt: false, sybunt: true });
  });
});
