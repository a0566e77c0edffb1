import { describe, expect, it } from 'vitest';
import { addFeeCover, feeCoverEstimate, feeCoverMinor, removeFeeCover } from './fee-cover.ts';

describe('fee cover both ways', () => {
  it('adds 3.2 % rounded to whole minor units', () => {
    expect(addFeeCover(1000, 'USD')).toEqual({ totalMinor: 1032, feeMinor: 32 });
    expect(addFeeCover(2500, 'EUR')).toEqual({ totalMinor: 2580, feeMinor: 80 });
    // 1999 × 0.032 = 63.968 cents → 64
    expect(addFeeCover(1999, 'USD')).toEqual({ totalMinor: 2063, feeMinor: 64 });
    // 15 × 0.032 = 0.48 → 0; 16 × 0.032 = 0.512 → 1
    expect(feeCoverMinor(15)).toBe(0);
    expect(feeCoverMinor(16)).toBe(1);
    expect(addFeeCover(0, 'USD')).toEqual({ totalMinor: 0, feeMinor: 0 });
  });

  it('rounds zero-decimal currencies to whole units', () => {
    // 1000 yen × 0.032 = 32 yen; 1234 yen × 0.032 = 39.488 → 39 yen; 1250 × 0.032 = 40
    expect(addFeeCover(1000, 'JPY')).toEqual({ totalMinor: 1032, feeMinor: 32 });
    expect(addFeeCover(1234, 'JPY')).toEqual({ totalMinor: 1273, feeMinor: 39 });
    expect(addFeeCover(5000, 'KRW')).toEqual({ totalMinor: 5160, feeMinor: 160 });
  });

  it('removes the fee by dividing by 1.032', () => {
    expect(removeFeeCover(1032, 'USD')).toBe(1000);
    expect(removeFeeCover(2063, 'USD')).toBe(1999);
    expect(removeFeeCover(1273, 'JPY')).toBe(1234);
  });

  // 80,000 round trips: seconds on a loaded 2-core machine, more than the default 5 s timeout.
  it('gives back the original amount after adding then removing, for every amount tried', () => {
    for (const currency of ['USD', 'GBP', 'JPY', 'HUF']) {
      for (let amount = 0; amount <= 20_000; amount += 1) {
        const { totalMinor, feeMinor } = addFeeCover(amount, currency);
        expect(totalMinor - feeMinor).toBe(amount);
        if (removeFeeCover(totalMinor, currency) !== amount) {
          throw new Error(`${amount} ${currency}: total ${totalMinor} came back as ${removeFeeCover(totalMinor)}`);
        }
      }
      for (const amount of [123_456_789, 999_999_999_99, 7, 31, 47, 5_000_000]) {
        expect(removeFeeCover(addFeeCover(amount, currency).totalMinor, currency)).toBe(amount);
      }
    }
  }, 60_000);

  it('shows the estimate in major units, equal to amount * 3.2 / 10000 for two-decimal currencies', () => {
    for (const amount of [1000, 2500, 1999, 12345]) {
      const spec = (amount * 3.2) / 10000;
      expect(Number(feeCoverEstimate(amount, 'USD'))).toBeCloseTo(spec, 2);
    }
    expect(feeCoverEstimate(1000, 'USD')).toBe('0.32');
    expect(feeCoverEstimate(1000, 'JPY')).toBe('32');
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => addFeeCover(10.5, 'USD')).toThrow(RangeError);
    expect(() => removeFeeCover(-1, 'USD')).toThrow(RangeError);
  });
});
