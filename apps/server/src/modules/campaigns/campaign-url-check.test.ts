import { CAMPAIGN_URL_MESSAGES } from '@kindling/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

describe('GET /npo_admin/campaign_url_check', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  let ownId = 0;

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    const res = await admin.post('/api/v1/npo_admin/campaigns', { name: 'Checked', campaign_url: 'checked-url' });
    expect(res.statusCode, res.body).toBe(201);
    ownId = res.json().campaign.id;
  });

  const check = (query: string, client = admin) => client.get(`/api/v1/npo_admin/campaign_url_check?${query}`);

  it('says a free, well-formed URL is available, as it would be saved', async () => {
    const res = await check('campaign_url=%20Brand-New-Appeal%20');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ campaign_url: 'brand-new-appeal', available: true, message: null });
  });

  it("says a URL another campaign has (the demo's /spring-appeal) is taken, in the save's words", async () => {
    const res = await check('campaign_url=spring-appeal');
    expect(res.json()).toEqual({
      campaign_url: 'spring-appeal',
      available: false,
      message: CAMPAIGN_URL_MESSAGES.taken,
    });
  });

  it("counts a campaign's own URL as available while it is edited, but not someone else's id", async () => {
    expect((await check(`campaign_url=checked-url&campaign_id=${ownId}`)).json().available).toBe(true);
    expect((await check('campaign_url=checked-url')).json().available).toBe(false);
    expect((await check('campaign_url=checked-url&campaign_id=999999')).json().available).toBe(false);
  });

  it('gives the format and reserved-word messages of the contract', async () => {
    expect((await check('campaign_url=Bad%20URL!')).json()).toMatchObject({
      available: false,
      message: CAMPAIGN_URL_MESSAGES.format,
    });
    expect((await check('campaign_url=dashboard')).json().message).toBe(CAMPAIGN_URL_MESSAGES.reserved);
  });

  it('is for the roles that may save a campaign', async () => {
    expect((await check('campaign_url=anything', staff)).statusCode).toBe(403);
    expect((await new TestClient(ctx.app).get('/api/v1/npo_admin/campaign_url_check?campaign_url=x')).statusCode).toBe(
      401,
    );
  });

  it('answers campaigns saved at once with one new address once 201 and otherwise the taken 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        admin.post('/api/v1/npo_admin/campaigns', { name: `Race ${i}`, campaign_url: 'raced-url' }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json().fields).toEqual({ campaign_url: CAMPAIGN_URL_MESSAGES.taken });
    }
  });
});
