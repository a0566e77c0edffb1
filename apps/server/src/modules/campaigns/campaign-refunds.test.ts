import { type TCampaignListResponse, type TPublicCampaign, ZPublicCampaignResponse } from '@kindling/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

// Raised and donors on the public campaign page and the staff campaign list count a gift net of its
// refunds: a partial refund lowers them by what went back, a full refund leaves the gift at 0.
// The gifts and refunds go through the real checkout and the real refund route (sandbox provider).

const page = (url: string) => `/api/v1/npo_admin/campaign_page?campaign_url=${url}`;

describe('campaign totals net of refunds', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  const anonymous = () => new TestClient(ctx.app);

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
  });

  const publicPage = async (url: string): Promise<TPublicCampaign> => {
    const res = await anonymous().get(page(url));
    expect(res.statusCode, res.body).toBe(200);
    return ZPublicCampaignResponse.parse(res.json()).campaign;
  };
  /** The staff list row of a top-level campaign (peer campaigns count within their parent). */
  const listed = async (url: string) => {
    const res = await admin.get(`/api/v1/npo_admin/campaigns?search=${url}&per_page=100`);
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json() as TCampaignListResponse).campaigns.find((c) => c.campaign_url === url);
    if (!row) throw new Error(`${url} is not listed`);
    return row;
  };
  /** What a donor and staff see: the page's raised and donors, the list's raised, donors and gifts. */
  const totalsOf = async (url: string) => {
    const [shown, row] = await Promise.all([publicPage(url), listed(url)]);
    return {
      page: { raised: shown.raised_minor, donors: shown.donors },
      list: { raised: row.raised_minor, donors: row.donors, gifts: row.donations_count },
    };
  };

  /** A USD gift by a new donor with the sandbox's good card, to the campaign or through its peer page. */
  const give = async (campaignUrl: string, amount: number, email: string): Promise<number> => {
    const gift = await payForGift(ctx, { amount, currency: 'USD', email, campaign_url: campaignUrl });
    return (await gift.confirm()).id;
  };
  const refund = async (id: number, amountMinor?: number) => {
    const res = await admin.post(`/api/v1/npo_admin/donations/${id}/refunds`, {
      idempotency_key: crypto.randomUUID(),
      ...(amountMinor === undefined ? {} : { amount_minor: amountMinor }),
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('lowers raised by a partial refund and counts a fully refunded gift as 0, on the page and the list', async () => {
    // Riverside's base currency is USD, so a USD gift's base amount is its amount.
    const before = await totalsOf('spring-appeal');
    const id = await give('spring-appeal', 5000, 'refunds-partial@example.org');
    const given = await totalsOf('spring-appeal');
    expect(given.page).toEqual({ raised: before.page.raised + 5000, donors: before.page.donors + 1 });
    expect(given.list).toEqual({
      raised: before.list.raised + 5000,
      donors: before.list.donors + 1,
      gifts: before.list.gifts + 1,
    });

    await refund(id, 1500);
    const partly = await totalsOf('spring-appeal');
    // Still a gift from a donor, now worth 35.00.
    expect(partly.page).toEqual({ raised: before.page.raised + 3500, donors: before.page.donors + 1 });
    expect(partly.list).toEqual({
      raised: before.list.raised + 3500,
      donors: before.list.donors + 1,
      gifts: before.list.gifts + 1,
    });

    await refund(id);
    expect(await totalsOf('spring-appeal')).toEqual(before);
  });

  it('counts a gift refunded in full at once as 0', async () => {
    const before = await totalsOf('spring-appeal');
    const id = await give('spring-appeal', 2000, 'refunds-full@example.org');
    await refund(id);
    expect(await totalsOf('spring-appeal')).toEqual(before);
  });

  it('nets a refunded gift made through a peer page on the peer page and in its parent, as before', async () => {
    const peerBefore = await publicPage('spring-appeal-team-sam');
    const parentBefore = await totalsOf('spring-appeal');
    const id = await give('spring-appeal-team-sam', 4000, 'refunds-peer@example.org');
    await refund(id, 1000);

    const peer = await publicPage('spring-appeal-team-sam');
    expect(peer.peer).toMatchObject({
      raised_minor: (peerBefore.peer?.raised_minor ?? 0) + 3000,
      donors: (peerBefore.peer?.donors ?? 0) + 1,
    });
    // The peer page shows its parent's total too, and the staff list rolls the peer gift into it.
    expect(peer.raised_minor).toBe(parentBefore.page.raised + 3000);
    const parent = await totalsOf('spring-appeal');
    expect(parent.page.raised).toBe(parentBefore.page.raised + 3000);
    expect(parent.list).toMatchObject({ raised: parentBefore.list.raised + 3000, gifts: parentBefore.list.gifts + 1 });

    await refund(id);
    expect((await publicPage('spring-appeal-team-sam')).peer).toMatchObject({
      raised_minor: peerBefore.peer?.raised_minor,
      donors: peerBefore.peer?.donors,
    });
    expect(await totalsOf('spring-appeal')).toEqual(parentBefore);
  });
});
