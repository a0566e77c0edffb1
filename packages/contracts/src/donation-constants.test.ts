import { describe, expect, it } from 'vitest';
import {
  amountScale,
  amountSize,
  DONATION_CONSTANTS,
  daysLeftBadge,
  defaultGoalMinor,
  intentErrorMessage,
  PAYMENT_MESSAGES,
} from './donation-constants.ts';
import { formatMoney } from './money.ts';

describe('donation form constants', () => {
  it('maps intent failures to the banner text in docs/product/donation-form.md#messages', () => {
    expect(intentErrorMessage(400)).toBe('Invalid payment information. Please check your details and try again.');
    expect(intentErrorMessage(401)).toBe('Authentication error. Please refresh the page and try again.');
    expect(intentErrorMessage(500)).toBe('Server error. Please try again in a few moments.');
    expect(intentErrorMessage(503)).toBe(PAYMENT_MESSAGES.intentOtherError);
    expect(intentErrorMessage(0)).toBe(PAYMENT_MESSAGES.intentOtherError);
    expect(intentErrorMessage(404)).toBe('Campaign information is missing. Please refresh the page and try again.');
  });

  it('shrinks long amounts in steps and never below the minimum scale', () => {
    expect(amountSize(formatMoney(2500, 'USD'))).toBe('normal'); // $25.00
    expect(amountSize(formatMoney(250000, 'USD'))).toBe('medium'); // $2,500.00
    expect(amountSize(formatMoney(2500000, 'USD'))).toBe('long'); // $25,000.00
    expect(amountSize(formatMoney(2500000000, 'USD'))).toBe('extra-long'); // $25,000,000.00
    expect(amountScale('$25.00')).toBe(1);
    expect(amountScale('$25,000,000,000,000,000.00')).toBe(DONATION_CONSTANTS.amountMinScale);
    expect(amountScale('$25,000.00')).toBeLessThan(1);
  });

  it('colours the days-left badge by the thresholds', () => {
    expect(daysLeftBadge(-2)).toEqual({ tone: 'grey', ended: true });
    expect(daysLeftBadge(0)).toEqual({ tone: 'grey', ended: true });
    expect(daysLeftBadge(1).tone).toBe('red');
    expect(daysLeftBadge(3).tone).toBe('red');
    expect(daysLeftBadge(4).tone).toBe('amber');
    expect(daysLeftBadge(7).tone).toBe('amber');
    expect(daysLeftBadge(8).tone).toBe('green');
  });

  it('expresses the default goal in minor units of the campaign currency', () => {
    expect(defaultGoalMinor('USD')).toBe(10_000_000);
    expect(defaultGoalMinor('JPY')).toBe(100_000);
  });
});
