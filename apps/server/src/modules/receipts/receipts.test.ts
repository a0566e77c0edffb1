// Receipts end to end: gifts through the real checkout calls produce exactly one e-mail with a
// PDF, however often the payment is confirmed or its webhook arrives, with the right wording.
import { addFeeCover, formatMoney, GIFT_AID_NOTES, giftAidDeclarationText } from '@kindling/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailTo, payForGift } from '../../../test/gift.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { useTestApp } from '../../../test/test-app.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { donations } from '../donations/donations.tables.ts';
import { NO_GOODS_OR_SERVICES } from './receipt-text.ts';
import { sendReceipt } from './receipts.jobs.ts';

const ctx = useTestApp();

/** What the app hands the receipt job besides the mailer. */
const keys = () => ({ db: ctx.db, origin: 'http://127.0.0.1:3000', secret: ctx.config.sessionSecret });

const donationRow = async (id: number) => (await ctx.db.select().from(donations).where(eq(donations.id, id)))[0];

describe('receipt e-mail', () => {
  it('sends one e-mail with a PDF receipt, however often the payment is confirmed or its webhook repeats', async () => {
    const email = 'ada.once@example.org';
    const gift = await payForGift(ctx, { amount: 5000, currency: 'USD', email });
    const donation = await gift.confirm();
    const again = await gift.confirm();
    expect(again.id).toBe(donation.id);
    for (let i = 0; i < 3; i++) expect((await gift.webhook()).statusCode).toBe(200);

    const mail = await mailTo(ctx.dataDir, email, 1, 800);
    expect(mail).toHaveLength(1);
    const [receipt] = mail;
    const row = await donationRow(donation.id);
    expect(row?.receiptNumber).toBeTruthy();
    expect(receipt?.subject).toBe(`Your receipt from Riverside Food Bank (${row?.receiptNumber})`);
    expect(receipt?.text).toContain('Thank you for your gift of $50.00 to Riverside Food Bank.');
    expect(receipt?.text).toContain(`Payment reference: ${gift.intent.id}`);
    expect(receipt?.text).not.toContain('goods or services');
    const pdf = receipt?.pdf;
    if (!pdf) throw new Error('no PDF attached');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('$50.00 (USD)');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Spring Appeal');
    expect(text).toContain(String(row?.receiptNumber));
    expect(row?.receiptSentAt).toBeInstanceOf(Date);
  });

  it('acknowledges a 250.00 USD gift in IRS terms, and not a 249.99 one', async () => {
    const at = await payForGift(ctx, { amount: 25_000, currency: 'USD', email: 'irs.at@example.org' });
    const below = await payForGift(ctx, { amount: 24_999, currency: 'USD', email: 'irs.below@example.org' });
    await Promise.all([at.confirm(), below.confirm()]);
    const [atMail] = await mailTo(ctx.dataDir, 'irs.at@example.org', 1, 0);
    const [belowMail] = await mailTo(ctx.dataDir, 'irs.below@example.org', 1, 0);
    expect(atMail?.text).toContain(NO_GOODS_OR_SERVICES);
    expect(pdfText(atMail?.pdf ?? Buffer.alloc(0))).toContain(NO_GOODS_OR_SERVICES);
    expect(pdfText(atMail?.pdf ?? Buffer.alloc(0))).toContain(
      'acknowledges receipt of your cash contribution of $250.00',
    );
    expect(belowMail?.text).not.toContain(NO_GOODS_OR_SERVICES);
    expect(pdfText(belowMail?.pdf ?? Buffer.alloc(0))).not.toContain(NO_GOODS_OR_SERVICES);
    expect(pdfText(belowMail?.pdf ?? Buffer.alloc(0))).toContain('$249.99 (USD)');
  });

  it('repeats the Gift Aid declaration on a GBP gift that has one, and shows the fees covered', async () => {
    const email = 'ada.giftaid@example.org';
    const cover = addFeeCover(2000);
    const gift = await payForGift(ctx, {
      amount: cover.totalMinor,
      included_fees: cover.feeMinor,
      currency: 'GBP',
      email,
      extra: { gift_aid: true, address: '12 St James Square', postal_code: 'SW1Y 4JH', country: 'GB' },
    });
    const donation = await gift.confirm();
    expect(donation.gift_aid).toBe(true);
    const [mail] = await mailTo(ctx.dataDir, email, 1, 0);
    const text = pdfText(mail?.pdf ?? Buffer.alloc(0));
    expect(text).toContain(`${formatMoney(cover.totalMinor, 'GBP', 'en-GB')} (GBP)`);
    expect(text).toContain(`Of which fees you covered ${formatMoney(cover.feeMinor, 'GBP', 'en-GB')}`);
    expect(text).toContain(giftAidDeclarationText('Riverside Food Bank'));
    expect(text).toContain('12 St James Square');
    expect(text).toContain('SW1Y 4JH');
    expect(text).toContain(GIFT_AID_NOTES);
    expect(mail?.text).toContain(giftAidDeclarationText('Riverside Food Bank'));
  });

  it('says what a monthly first gift starts', async () => {
    const email = 'ada.monthly@example.org';
    const gift = await payForGift(ctx, { amount: 2500, currency: 'USD', email, interval: 'monthly' });
    await gift.confirm();
    const [mail] = await mailTo(ctx.dataDir, email, 1, 0);
    expect(pdfText(mail?.pdf ?? Buffer.alloc(0))).toContain('This is the first gift of your monthly donation.');
  });
});

describe('the receipt job', () => {
  it('leaves the receipt unsent when the mail server fails, and sends it on the retry', async () => {
    const email = 'ada.retry@example.org';
    const gift = await payForGift(ctx, { amount: 3000, currency: 'USD', email });
    const donation = await gift.confirm();
    await mailTo(ctx.dataDir, email, 1, 0);
    // As if the job had not run yet: a mail server that refuses, then one that works.
    await ctx.db.execute(sql`UPDATE donations SET receipt_sent_at = NULL WHERE id = ${donation.id}`);
    const down: Mailer = { outboxDir: null, send: async () => Promise.reject(new Error('connection refused')) };
    const job = { npoId: donation.npo_id, donationId: donation.id };
    await expect(sendReceipt({ ...keys(), mailer: down }, job)).rejects.toThrow('connection refused');
    expect((await donationRow(donation.id))?.receiptSentAt).toBeNull();
    expect(await sendReceipt({ ...keys(), mailer: ctx.mailer }, job)).toBe('sent');
    expect(await sendReceipt({ ...keys(), mailer: ctx.mailer }, job)).toBe('already-sent');
    expect(await mailTo(ctx.dataDir, email, 2, 0)).toHaveLength(2);
    // Another organisation's id never finds this gift.
    expect(await sendReceipt({ ...keys(), mailer: ctx.mailer }, { ...job, npoId: job.npoId + 1 })).toBe('not-found');
  });
});
