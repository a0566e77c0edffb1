import { describe, expect, it } from 'vitest';
import { cardMinimumMinor } from './amount-limits.ts';
import { cardMinimumError } from './provider-limits.ts';

describe('card minimum charge in our minor units', () => {
  it('converts the published minimums with our exponent', () => {
    expect(cardMinimumMinor('usd')).toBe(50);
    expect(cardMinimumMinor('GBP')).toBe(30);
    expect(cardMinimumMinor('JPY')).toBe(50);
    // HUF has no decimals for us; 175.00 HUF is 175.
    expect(cardMinimumMinor('HUF')).toBe(175);
    // 0.50 IDR cannot be expressed without decimals: the smallest gift is 1 IDR.
    expect(cardMinimumMinor('IDR')).toBe(1);
    expect(cardMinimumMinor('BIF')).toBeNull();
  });

  it('explains a gift below the minimum', () => {
    expect(cardMinimumError(49, 'USD')).toBe('The smallest card donation in USD is $0.50.');
    expect(cardMinimumError(50, 'USD')).toBeNull();
    expect(cardMinimumError(10, 'XOF')).toBeNull();
  });
});
