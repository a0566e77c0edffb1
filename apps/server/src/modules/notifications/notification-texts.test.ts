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

  it('counts the rows an import could not take in the singular and the plural', () => {
    const text = (failed: number) =>
      notificationTexts['import.finished']({ what: 'donations', imported: 2, failed }).message;
    expect(text(0)).toBe('2 donations imported.');
    expect(text(1)).toBe('2 donations imported, 1 row could not be imported.');
    expect(text(5)).toBe('2 donations imported, 5 rows could not be imported.');
  });
});
