import { DEFAULT_GOAL_MINOR, ZPublicCampaignResponse } from '@kindling/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

// Urgency and progress on the public page (docs/product/campaigns.md#goal-and-days-left): a fundraiser's
// page has its own goal; a campaign saved without a goal shows progress towards the default one,
// while its editor still shows no goal.

const page = async (ctx: ReturnType<typeof useTestApp>, url: string) => {
  const res = await new TestClient(ctx.app).get(`/api/v1/npo_admin/campaign_page?campaign_url=${url}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZPublicCampaignResponse.parse(res.json()).campaign;
};

describe('goals on the public page', () => {
  const ctx = useTestApp();

  it("gives a fundraiser's page its own goal beside the campaign's", async () => {
    const peer = await page(ctx, 'spring-appeal-team-sam');
    expect(peer.peer?.goal_minor).toBe(250_000);
    expect((await page(ctx, 'spring-appeal')).peer).toBeNull();
  });

  it('shows the default goal for a campaign without one, and keeps the editor blank', async () => {
    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const created = await admin.post('/api/v1/npo_admin/campaigns', {
      name: 'No Goal Appeal',
      campaign_url: 'no-goal-appeal',
      status: 'active',
      currency: 'USD',
      currencies: ['USD'],
      amounts: [{ amount_minor: 2500, interval: 'once', description: 'A meal' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().campaign.goal_minor).toBeNull();
    const shown = await page(ctx, 'no-goal-appeal');
    expect(shown.goal_minor).toBe(DEFAULT_GOAL_MINOR);
    expect(DEFAULT_GOAL_MINOR).toBe(100_000);
    const staff = await admin.get(`/api/v1/npo_admin/campaigns/${created.json().campaign.id}`);
    expect(staff.json().campaign.goal_minor).toBeNull();
  });
});
