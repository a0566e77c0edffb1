// The receipt e-mail through the real checkout: the organisation's (or campaign's) edited template
// gives the subject and message, the donor's portal link is in it, and the gift details and legal
// wording follow whatever the template says.

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTo, payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { verifyPortalToken } from '../../platform/security/portal-link.ts';
import { NO_GOODS_OR_SERVICES } from './receipt-text.ts';

const ctx = useTestApp();
let admin: TestClient;

beforeAll(async () => {
  admin = new TestClient(ctx.app);
  await admin.signIn('admin@kindling.test');
});

const htmlPart = (mail: { parts: { headers: string; body: Buffer }[] } | undefined) =>
  mail?.parts.find((p) => /content-type:\s*text\/html/i.test(p.headers))?.body.toString('utf8') ?? '';

const portalLinkIn = (text: string) => /https?:\/\/[^\s)]+\/portal\/([A-Za-z0-9._-]+)/.exec(text);

describe('receipt e-mail from the template', () => {
  it('carries a working portal link for this donor and organisation in the default template', async () => {
    const email = 'portal.link@example.org';
    const donation = await (await payForGift(ctx, { amount: 2000, currency: 'USD', email })).confirm();
    const [mail] = await mailTo(ctx.dataDir, email, 1, 0);
    const link = portalLinkIn(mail?.text ?? '');
    expect(link, mail?.text).not.toBeNull();
    const check = verifyPortalToken(link?.[1] ?? '', ctx.config.sessionSecret);
    const donor = await ctx.db.execute<{ donor_id: number }>(
      sql`SELECT donor_id FROM donations WHERE id = ${donation.id}`,
    );
    expect(check).toMatchObject({
      ok: true,
      claims: { npoId: donation.npo_id, donorId: Number(donor.rows[0]?.donor_id) },
    });
    expect(htmlPart(mail)).toContain(`/portal/${link?.[1]}`);
  });

  it('uses the edited organisation template, then the campaign one, and always keeps details and the IRS wording', async () => {
    const saved = await admin.put('/api/v1/npo_admin/email_templates/receipt', {
      subject: 'Bless you, {{donor_first_name}}: {{amount}} received',
      html: '<p>Hi {{donor_name}}!</p><p><a href="{{portal_url}}">Manage your giving</a></p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const email = 'edited.template@example.org';
    await (await payForGift(ctx, { amount: 25_000, currency: 'USD', email })).confirm();
    const [mail] = await mailTo(ctx.dataDir, email, 1, 0);
    expect(mail?.subject).toBe('Bless you, Ada: $250.00 received');
    expect(mail?.text).toContain('Hi Ada Lovelace!');
    expect(mail?.text).not.toContain('Thank you for your gift of');
    expect(mail?.text).toMatch(/Manage your giving \(https?:\/\/[^\s)]+\/portal\/p1\./);
    expect(mail?.text).toContain('Amount: $250.00 (USD)');
    expect(mail?.text).toContain(NO_GOODS_OR_SERVICES);
    expect(htmlPart(mail)).toContain('Hi Ada Lovelace!');
    expect(htmlPart(mail)).toContain(NO_GOODS_OR_SERVICES);

    const spring = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM campaigns WHERE campaign_url = 'spring-appeal'`,
    );
    const campaignSaved = await admin.put(`/api/v1/npo_admin/campaigns/${spring.rows[0]?.id}/receipt_template`, {
      subject: '{{campaign_name}} receipt {{receipt_number}}',
      html: '<p>Spring thanks</p><p><a href="{{portal_url}}">Your gifts</a></p>',
    });
    expect(campaignSaved.statusCode, campaignSaved.body).toBe(200);
    const springEmail = 'campaign.template@example.org';
    const donation = await (await payForGift(ctx, { amount: 1000, currency: 'USD', email: springEmail })).confirm();
    const [springMail] = await mailTo(ctx.dataDir, springEmail, 1, 0);
    const number = await ctx.db.execute<{ receipt_number: string }>(
      sql`SELECT receipt_number FROM donations WHERE id = ${donation.id}`,
    );
    expect(springMail?.subject).toBe(`Spring Appeal receipt ${number.rows[0]?.receipt_number}`);
    expect(springMail?.text).toContain('Spring thanks');
    expect(springMail?.text).toContain('Your receipt is attached as a PDF.');
    expect(springMail?.pdf?.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
