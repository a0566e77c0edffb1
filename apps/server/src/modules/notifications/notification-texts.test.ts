import { describe, expect, it } from 'vitest';
import { notificationTexts } from './notification-texts.ts';

describe('notification wording', () => {
  it('writes amounts in each currency’s own minor units', () => {
    const gift = { donorName: 'Ada Lovelace', donationId: 7, campaignName: 'Spring Appeal' };
    expect(notificationTexts['donation.received']({ ...gift, amountMinor: 2500, currency: 'USD' }).message).toBe(
      'Ada Lovelace gave $25.00 to Spring Appeal.',
    );
    expect(notificationTexts['donation.received']({ ...gift, amountMinor: 2500, currency: 'JPY' }).message).toContain(
      '2,500',
    );
  });
});
