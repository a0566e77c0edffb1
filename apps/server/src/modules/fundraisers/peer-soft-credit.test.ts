// The fundraiser's soft credit through the real checkout (docs/product/crm.md#soft-credits-and-tributes,
// docs/decisions/087-peer-soft-credit-after-payment.md): a gift through a fundraiser's page is the
// donor's gift and is credited once to the fundraiser's contact; a plain gift credits no one; a
// replayed confirmation, the provider's webhook and a rerun of the job add nothing; the demo's page
// gifts carry their credits.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { creditPeerFundraiser } from './peer-soft-credit.ts';

const ctx = useTestApp();
const ids = { npo: 0, sam: 0, fern: 0 };

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await ctx.db.execute<T>(query)).rows[0] as T;
const creditsOf = async (donationId: number) =>
  (
    await ctx.db.execute<{ contact: number }>(
      sql`SELECT donor_id AS contact FROM donation_soft_credits WHERE donation_id = ${donationId}`,
    )
  ).rows.map((r) => Number(r.contact));
const contactRecord = async (contactId: number) => {
  const admin = new TestClient(ctx.app);
  await admin.signIn('admin@kindling.test');
  const res = await admin.get(`/api/v1/npo_admin/contacts/${contactId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  ids.npo = Number((await one<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).id);
  ids.sam = Number(
    (await one<{ id: number }>(sql`SELECT id FROM campaigns WHERE campaign_url = 'spring-appeal-team-sam'`)).id,
  );
  // The demo fundraiser (Fern Raiser) owns Sam's page; the demo credits its gifts to their contact.
  ids.fern = Number(
    (
      await one<{ id: number }>(sql`
        SELECT id FROM donors WHERE npo_id = ${ids.npo} AND lower(email) = 'fundraiser@kindling.test'`)
    ).id,
  );
});

describe('a gift through a fundraiser’s page', () => {
  it('is the donor’s gift, credited once to the fundraiser; a plain gift credits no one', async () => {
    const plain = await payForGift(ctx, { amount: 1500, currency: 'USD', email: 'plain.giver@example.org' });
    const plainGift = await plain.confirm();
    const peer = await payForGift(ctx, {
      amount: 2500,
      currency: 'USD',
      email: 'sams.friend@example.org',
      campaign_url: 'spring-appeal-team-sam',
    });
    const gift = await peer.confirm();
    // The credit is written by the gift's follow-up job, after the checkout answered.
    await expect.poll(() => creditsOf(gift.id), { timeout: 30_000, interval: 250 }).toEqual([ids.fern]);
    const hard = await one<{ email: string }>(sql`
      SELECT o.email FROM donations d JOIN donors o ON o.id = d.donor_id WHERE d.id = ${gift.id}`);
    expect(hard.email).toBe('sams.friend@example.org');

    // A retried confirmation and the provider's webhook record the same gift: still one credit.
    expect((await peer.confirm()).id).toBe(gift.id);
    expect((await peer.webhook()).statusCode).toBe(200);
    expect(await creditPeerFundraiser(ctx.db, { npoId: ids.npo, pageId: ids.sam, donationId: gift.id })).toBe(false);
    expect(await creditsOf(gift.id)).toEqual([ids.fern]);
    expect(await creditsOf(plainGift.id)).toEqual([]);

    // The fundraiser's contact record shows it among the gifts credited to them, not in their own giving.
    const record = await contactRecord(ids.fern);
    expect(record.soft_credits.latest.map((s: { donation_id: number }) => s.donation_id)).toContain(gift.id);
    expect(record.giving.gift_count).toBe(0);
  });

  it('never credits the fundraiser with their own gift, and creates a contact for a fundraiser without one', async () => {
    const own = await payForGift(ctx, {
      amount: 1000,
      currency: 'USD',
      email: 'fundraiser@kindling.test',
      campaign_url: 'spring-appeal-team-sam',
    });
    const selfGift = await own.confirm();
    expect(await creditPeerFundraiser(ctx.db, { npoId: ids.npo, pageId: ids.sam, donationId: selfGift.id })).toBe(
      false,
    );
    expect(await creditsOf(selfGift.id)).toEqual([]);

    // A page owned by someone the organisation has no contact for: the credit creates it, with their name.
    const user = await one<{ id: number }>(sql`
      INSERT INTO users (email, first_name, last_name) VALUES ('newly.raising@example.org', 'Nell', 'Raising') RETURNING id`);
    const spring = await one<{ id: number }>(sql`SELECT id FROM campaigns WHERE campaign_url = 'spring-appeal'`);
    const page = await one<{ id: number }>(sql`
      INSERT INTO campaigns (npo_id, name, campaign_url, status, currency, currencies, parent_campaign_id, owner_user_id)
      VALUES (${ids.npo}, 'Nell walks', 'spring-appeal-team-nell', 'active', 'USD', '{USD}', ${spring.id}, ${user.id})
      RETURNING id`);
    const nells = await payForGift(ctx, {
      amount: 1200,
      currency: 'USD',
      email: 'nells.aunt@example.org',
      campaign_url: 'spring-appeal-team-nell',
    });
    const gift = await nells.confirm();
    await expect.poll(async () => (await creditsOf(gift.id)).length, { timeout: 30_000, interval: 250 }).toBe(1);
    const contact = await one<{ id: number; first_name: string; last_name: string }>(sql`
      SELECT id, first_name, last_name FROM donors WHERE npo_id = ${ids.npo} AND email = 'newly.raising@example.org'`);
    expect(contact).toMatchObject({ first_name: 'Nell', last_name: 'Raising' });
    expect(await creditsOf(gift.id)).toEqual([Number(contact.id)]);
    expect(Number(page.id)).toBeGreaterThan(0);
  });

  it('the demo credits every gift of the fundraiser pages to their fundraiser', async () => {
    const missing = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM donations d JOIN campaigns p ON p.id = d.peer_campaign_id
      WHERE d.npo_id = ${ids.npo} AND d.status = 'succeeded' AND p.owner_user_id IS NOT NULL
        AND d.created_at < now() - interval '1 minute'
        AND NOT EXISTS (SELECT 1 FROM donation_soft_credits s WHERE s.donation_id = d.id)`);
    expect(missing.n).toBe(0);
    const record = await contactRecord(ids.fern);
    expect(record.soft_credits.count).toBeGreaterThanOrEqual(5);
    expect(record.soft_credits.total_minor).toBeGreaterThan(0);
  });
});
