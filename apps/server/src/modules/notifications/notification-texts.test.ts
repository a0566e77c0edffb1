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

  it('words a partial refund, the rest of a gift and a refund in full', () => {
    const refund = { donorName: 'Ada Lovelace', donationId: 9, currency: 'EUR', giftAmountMinor: 5000 };
    const part = notificationTexts['donation.refunded']({
      ...refund,
      amountMinor: 1500,
      full: false,
      refundedBy: 'Finn',
    });
    expect(part).toEqual({
      title: 'Donation partly refunded',
      message: '€15.00 of Ada Lovelace’s gift of €50.00 was refunded by Finn.',
      link: '/dashboard/donation/9',
    });
    const rest = notificationTexts['donation.refunded']({
      ...refund,
      amountMinor: 3500,
      full: true,
      campaignName: 'Spring',
    });
    expect(rest.title).toBe('Donation refunded');
    expect(rest.message).toBe('The remaining €35.00 of Ada Lovelace’s gift of €50.00 to Spring was refunded.');
    const whole = notificationTexts['donation.refunded']({ ...refund, amountMinor: 5000, full: true });
    expect(whole.message).toBe('Ada Lovelace’s gift of €50.00 was refunded in full.');
  });

  it('counts what an import took and the rows it could not take in the singular and the plural', () => {
    const what = { one: 'donation', other: 'donations' };
    const text = (failed: number, imported = 2) =>
      notificationTexts['import.finished']({ what, imported, failed }).message;
    expect(text(0, 1)).toBe('1 donation imported.');
    expect(text(0)).toBe('2 donations imported.');
    expect(text(1)).toBe('2 donations imported, 1 row could not be imported.');
    expect(text(5)).toBe('2 donations imported, 5 rows could not be imported.');
  });

  it('gives a sentence a subject when the gift has no donor name', () => {
    const gift = { donorName: '  ', donationId: 7, campaignName: null, amountMinor: 1000, currency: 'USD' };
    expect(notificationTexts['donation.received'](gift).message).toBe('Someone gave $10.00.');
    const refund = { ...gift, giftAmountMinor: 1000, full: true };
    expect(notificationTexts['donation.refunded'](refund).message).toBe(
      'A donor’s gift of $10.00 was refunded in full.',
    );
    expect(notificationTexts['recurring_plan.created']({ ...gift, planId: 3, interval: 'month' }).message).toBe(
      'Someone set up $10.00 every month.',
    );
    expect(notificationTexts['recurring_charge.failed']({ ...gift, planId: 3 }).message).toBe(
      'A charge of $10.00 from a donor failed.',
    );
    expect(notificationTexts['recurring_plan.cancelled']({ donorName: '', planId: 3 }).message).toBe(
      'Someone cancelled a recurring plan.',
    );
  });

  it('writes amounts in the organisation’s locale', () => {
    const gift = { donorName: 'Ada Lovelace', donationId: 7, amountMinor: 123456, currency: 'EUR' };
    expect(notificationTexts['donation.received']({ ...gift, locale: 'de-DE' }).message).toBe(
      'Ada Lovelace gave 1.234,56\u00a0€.',
    );
    const refund = { ...gift, giftAmountMinor: 123456, full: true, locale: 'en-GB', currency: 'GBP' };
    expect(notificationTexts['donation.refunded'](refund).message).toBe(
      'Ada Lovelace’s gift of £1,234.56 was refunded in full.',
    );
    expect(notificationTexts['recurring_charge.failed']({ ...gift, planId: 3, locale: 'fr-FR' }).message).toBe(
      'A charge of 1\u202f234,56\u00a0€ from Ada Lovelace failed.',
    );
  });
});
