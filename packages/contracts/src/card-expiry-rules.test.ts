import { describe, expect, it } from 'vitest';
import { cardExpiryState } from './card-expiry-rules.ts';

describe('cardExpiryState', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('is expiring in its last month and the month before, expired after, valid before', () => {
    expect(cardExpiryState(11, 2026, now)).toBe('expiring');
    expect(cardExpiryState(12, 2026, now)).toBe('expiring');
    expect(cardExpiryState(1, 2027, now)).toBe('valid');
    expect(cardExpiryState(10, 2026, now)).toBe('expired');
    expect(cardExpiryState(12, 2025, now)).toBe('expired');
  });
  it('crosses the year: a January card is expiring in December', () => {
    expect(cardExpiryState(1, 2027, new Date('2026-12-31T23:59:59Z'))).toBe('expiring');
    expect(cardExpiryState(12, 2026, new Date('2027-01-01T00:00:00Z'))).toBe('expired');
  });
  it('is unknown without a month and year', () => {
    expect(cardExpiryState(null, 2030, now)).toBe('unknown');
    expect(cardExpiryState(13, 2030, now)).toBe('unknown');
  });
});
