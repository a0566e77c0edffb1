import { GIFT_AID_NOTES, giftAidDeclarationText } from '@kindling/contracts';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import {
  buildReceipt,
  NO_GOODS_OR_SERVICES,
  type ReceiptFacts,
  receiptFactsHtml,
  receiptFactsText,
} from './receipt-text.ts';

const facts = (extra: Partial<ReceiptFacts> = {}): ReceiptFacts => ({
  organisation: 'Riverside Food Bank',
  receiptNumber: '1-000123',
  donorName: 'Ada Lovelace',
  donorEmail: 'ada@example.org',
  date: new Date('2026-11-21T10:00:00Z'),
  amountMinor: 5000,
  feeCoveredMinor: 0,
  currency: 'USD',
  campaign: 'Spring Appeal',
  designation: null,
  interval: 'once',
  paymentMethod: 'card',
  providerReference: 'sbx_pi_1',
  giftAid: null,
  locale: 'en-US',
  timeZone: 'UTC',
  ...extra,
});

describe('receipt wording', () => {
  it('dates the gift on the organisation’s calendar and writes it in its locale, whatever the currency', () => {
    // 20:00 on 21 November in New York is 01:00 on 22 November in UTC.
    const evening = facts({
      date: new Date('2026-11-22T01:00:00Z'),
      timeZone: 'America/New_York',
      amountMinor: 25_000,
    });
    expect(buildReceipt(evening).details).toContainEqual({ label: 'Date', value: 'November 21, 2026' });
    const french = buildReceipt(facts({ locale: 'fr-FR', currency: 'USD', timeZone: 'Europe/Paris' }));
    expect(french.details).toContainEqual({ label: 'Date', value: '21 novembre 2026' });
    expect(french.details).toContainEqual({ label: 'Amount', value: '50,00\u00a0$US (USD)' });
  });

  it('gives the IRS acknowledgment for a single USD gift of 250.00, not for 249.99', () => {
    const at = buildReceipt(facts({ amountMinor: 25_000 }));
    expect(at.taxStatement).toContain(NO_GOODS_OR_SERVICES);
    expect(at.taxStatement[0]).toBe(
      'Riverside Food Bank acknowledges receipt of your cash contribution of $250.00 on November 21, 2026.',
    );
    expect(receiptFactsText(at)).toContain(NO_GOODS_OR_SERVICES);
    const below = buildReceipt(facts({ amountMinor: 24_999 }));
    expect(below.taxStatement).toEqual([]);
    expect(receiptFactsText(below)).not.toContain('goods or services');
    expect(below.intro).toEqual(['Thank you for your gift of $249.99 to Riverside Food Bank.']);
  });

  it('gives no IRS statement for 250 in another currency', () => {
    expect(buildReceipt(facts({ amountMinor: 30_000, currency: 'EUR' })).taxStatement).toEqual([]);
    expect(buildReceipt(facts({ amountMinor: 30_000, currency: 'GBP', locale: 'en-GB' })).taxStatement).toEqual([]);
  });

  it('repeats the Gift Aid declaration the donor made, with name, address, postcode, date and notes', () => {
    const receipt = buildReceipt(
      facts({
        organisation: 'Northern Lights Animal Rescue',
        currency: 'GBP',
        locale: 'en-GB',
        amountMinor: 2000,
        giftAid: {
          name: 'Ada Lovelace',
          address: '12 St James Square',
          postcode: 'SW1Y 4JH',
          declaredOn: '2026-11-21',
        },
      }),
    );
    const text = receiptFactsText(receipt);
    expect(text).toContain(giftAidDeclarationText('Northern Lights Animal Rescue'));
    expect(text).toContain('Home address: 12 St James Square');
    expect(text).toContain('Postcode: SW1Y 4JH');
    expect(text).toContain('Date of declaration: 21 November 2026');
    expect(text).toContain(GIFT_AID_NOTES);
    expect(receipt.intro[0]).toBe('Thank you for your gift of £20.00 to Northern Lights Animal Rescue.');
    expect(buildReceipt(facts()).giftAid).toBeNull();
  });

  it('names what a recurring first gift starts, the fees covered and the designation', () => {
    const text = receiptFactsText(
      buildReceipt(
        facts({ interval: 'monthly', feeCoveredMinor: 175, amountMinor: 2675, designation: 'Fresh produce' }),
      ),
    );
    expect(text).toContain('This is the first gift of your monthly donation.');
    expect(text).toContain('Of which fees you covered: $1.75');
    expect(text).toContain('Designation: Fresh produce');
    expect(text).toContain('Frequency: Monthly');
    expect(text).toContain('Payment reference: sbx_pi_1');
  });

  it('has a subject with the organisation and number, and escapes the HTML', () => {
    const receipt = buildReceipt(facts({ donorName: '<b>Eve</b> Smith', campaign: 'Soup & <i>Bread</i>' }));
    expect(receipt.subject).toBe('Your receipt from Riverside Food Bank (1-000123)');
    expect(receiptFactsHtml(receipt)).toContain('<td>&lt;b&gt;Eve&lt;/b&gt; Smith</td>');
    expect(receiptFactsHtml(receipt)).toContain('<td>Soup &amp; &lt;i&gt;Bread&lt;/i&gt;</td>');
  });
});

describe('receipt PDF', () => {
  it('is a small PDF whose text holds the amount and the wording', async () => {
    const receipt = buildReceipt(facts({ amountMinor: 25_000 }));
    const started = performance.now();
    const pdf = await renderReceiptPdf(receipt, 'Riverside Food Bank');
    const ms = performance.now() - started;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(20_000);
    const text = pdfText(pdf);
    expect(text).toContain('Riverside Food Bank');
    expect(text).toContain('$250.00 (USD)');
    expect(text).toContain(NO_GOODS_OR_SERVICES);
    expect(text).toContain('1-000123');
    console.info(`receipt PDF: ${pdf.length} bytes in ${ms.toFixed(0)} ms`);
  });

  it('draws £ and the Gift Aid declaration', async () => {
    const receipt = buildReceipt(
      facts({
        currency: 'GBP',
        locale: 'en-GB',
        amountMinor: 2000,
        giftAid: {
          name: 'Ada Lovelace',
          address: '12 St James Square',
          postcode: 'SW1Y 4JH',
          declaredOn: '2026-11-21',
        },
      }),
    );
    const text = pdfText(await renderReceiptPdf(receipt, 'Riverside Food Bank'));
    expect(text).toContain('£20.00 (GBP)');
    expect(text).toContain(giftAidDeclarationText('Riverside Food Bank'));
    expect(text).toContain('SW1Y 4JH');
    expect(text).not.toContain(NO_GOODS_OR_SERVICES);
  });

  it('names the organisation profile’s issuer, identifiers, signatory and footer in the e-mail too', () => {
    const receipt = buildReceipt(
      facts({
        organisation: 'Northern Lights Animal Rescue',
        currency: 'GBP',
        locale: 'en-GB',
        issuer: {
          legalName: 'Northern Lights Animal Rescue CIO',
          address: {
            line1: '7 Aurora Lane',
            line2: '',
            city: 'Inverness',
            region: '',
            postcode: 'IV2 3AB',
            country: 'GB',
          },
          ein: '',
          ukCharityNumber: 'SC045123',
          hmrcReference: 'SC45123',
          otherTaxIds: '',
          website: '',
          contactEmail: 'care@example.org',
          signatoryName: 'Ailsa MacLeod',
          signatoryTitle: 'Chair of Trustees',
          footer: 'A Scottish charitable incorporated organisation.',
          logo: null,
          signature: null,
        },
      }),
    );
    const text = receiptFactsText(receipt);
    expect(text).toContain('Ailsa MacLeod, Chair of Trustees');
    expect(text).toContain('Northern Lights Animal Rescue CIO\n7 Aurora Lane\nInverness, IV2 3AB\nUnited Kingdom');
    expect(text).toContain('Registered charity number: SC045123');
    expect(text).toContain('HMRC charity reference: SC45123');
    expect(text).toContain('A Scottish charitable incorporated organisation.');
    expect(text).not.toContain('EIN');
    expect(receiptFactsHtml(receipt)).toContain('Registered charity number: SC045123');
  });
});
