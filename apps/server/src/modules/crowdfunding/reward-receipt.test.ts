// A gift that claims a reward: its receipt (e-mail and PDF) states the reward, its fair-market value and
// the deductible part, with the US disclosure, whether the reward is claimed before or after the receipt.
import { ZCrowdfundingPage, ZRewardClaimHeld } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailTo, payForGift } from '../../../test/gift.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { recordSucceededPayment } from '../donations/index.ts';
import { sendReceipt } from '../receipts/index.ts';

const PAGE = '/api/v1/crowdfunding_page/community-garden';
const BASKET = 'Founding gardener harvest basket';

describe('the receipt of a gift with a reward', () => {
  const ctx = useTestApp();
  const visitor = () => new TestClient(ctx.app);

  const holdBasket = async (amountMinor: number) => {
    const page = ZCrowdfundingPage.parse((await visitor().get(PAGE)).json());
    const basket = page.rewards.find((r) => r.title === BASKET);
    // The basket is posted, so its claim names where to send it.
    const held = await visitor().post(`${PAGE}/rewards/${basket?.id}/claims`, {
      amount_minor: amountMinor,
      shipping_address: {
        name: 'Ada Grower',
        line1: '12 Orchard Lane',
        city: 'Riverside',
        region: 'CA',
        postal_code: '92501',
        country: 'us',
      },
    });
    expect(held.statusCode, held.body).toBe(201);
    return { page, reference: ZRewardClaimHeld.parse(held.json()).reference };
  };

  it('states the reward, its value and the deductible part when the reward is claimed before the receipt goes', async () => {
    const { page, reference } = await holdBasket(30000);
    const { rows } = await ctx.db.execute<{ npo_id: number }>(sql`SELECT npo_id FROM campaigns WHERE id = ${page.id}`);
    const npoId = Number(rows[0]?.npo_id);
    const { donation } = await recordSucceededPayment(ctx.db, {
      npoId,
      campaignId: page.id,
      provider: 'sandbox',
      providerReference: 'test_reward_receipt_1',
      amountMinor: 30000,
      currency: 'USD',
      donor: { email: 'early.backer@example.org', firstName: 'Early', lastName: 'Backer' },
    });
    const confirmed = await visitor().post(`/api/v1/crowdfunding_claims/${reference}/confirm`, {
      donation_id: Number(donation.id),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const deps = { db: ctx.db, mailer: ctx.mailer, origin: 'http://127.0.0.1:3000', secret: ctx.config.sessionSecret };
    expect(await sendReceipt(deps, { npoId, donationId: Number(donation.id) })).toBe('sent');
    const [mail] = await mailTo(ctx.dataDir, 'early.backer@example.org');
    expect(mail?.text).toContain(`Goods or services received: ${BASKET}`);
    expect(mail?.text).toContain('Their fair-market value: $40.00');
    expect(mail?.text).toContain('Tax-deductible amount: $260.00');
    const pdf = pdfText(mail?.pdf ?? Buffer.alloc(0));
    expect(pdf).toContain('Tax-deductible amount');
    expect(pdf).toContain('$260.00');
    expect(pdf).toContain('which we estimate in good faith at $40.00');
    expect(pdf).not.toContain('No goods or services were provided');
  });

  it('sends the receipt again with the reward when the gift was receipted before the reward was claimed', async () => {
    const { reference } = await holdBasket(25000);
    const email = 'quick.receipt@example.org';
    const gift = await payForGift(ctx, { amount: 25000, currency: 'USD', email, campaign_url: 'community-garden' });
    const donation = await gift.confirm();
    const [first] = await mailTo(ctx.dataDir, email, 1, 200);
    expect(first?.text).not.toContain('Goods or services received');

    const confirmed = await visitor().post(`/api/v1/crowdfunding_claims/${reference}/confirm`, {
      donation_id: donation.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const mails = await mailTo(ctx.dataDir, email, 2, 400);
    expect(mails).toHaveLength(2);
    const second = mails.find((m) => m.text.includes('Goods or services received'));
    expect(second?.text).toContain('Tax-deductible amount: $210.00');
    expect(pdfText(second?.pdf ?? Buffer.alloc(0))).toContain('which we estimate in good faith at $40.00');
    // Confirming again (the page retrying) sends nothing more.
    await visitor().post(`/api/v1/crowdfunding_claims/${reference}/confirm`, { donation_id: donation.id });
    expect(await mailTo(ctx.dataDir, email, 3, 400)).toHaveLength(2);
  });
});
