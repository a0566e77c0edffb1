import { ZCrowdfundingPage } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queriesDuring } from '../../../test/pool-queries.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const PAGE = '/api/v1/crowdfunding_page';

describe('the public crowdfunding read under load (cache on)', () => {
  const ctx = useTestApp({ env: { CAMPAIGN_PAGE_CACHE_MS: '60000' } });
  const visitor = () => new TestClient(ctx.app);
  let admin: TestClient;
  let outsider: TestClient;
  let gardenId: number;

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    outsider = (await outsiderOrganisation(ctx, 'cf-cache-outsider@example.org', 'Cache Trust')).client;
    gardenId = ZCrowdfundingPage.parse((await visitor().get(`${PAGE}/community-garden`)).json()).id;
  });

  it('answers a burst of backers with no query, the same body each time, by address or id', async () => {
    const first = await visitor().get(`${PAGE}/community-garden`);
    await visitor().get(`${PAGE}/${gardenId}`);
    const { result: burst, queries } = await queriesDuring(ctx.db, () =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) => visitor().get(`${PAGE}/${i % 2 ? 'Community-Garden' : String(gardenId)}`)),
      ),
    );
    expect(queries).toEqual([]);
    for (const answer of burst) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('application/json');
      expect(answer.json()).toEqual(first.json());
      expect(answer.json()).not.toHaveProperty('npo_id');
      // A backer's page load needs no CSRF token, so no cookie is minted for it.
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it("shows staff their organisation's page afresh, and a staff write clears the visitors' copy", async () => {
    await ctx.db.execute(sql`UPDATE campaigns SET call_to_action = 'Fresh from the database' WHERE id = ${gardenId}`);
    expect((await visitor().get(`${PAGE}/community-garden`)).json().call_to_action).not.toBe('Fresh from the database');
    expect((await admin.get(`${PAGE}/community-garden`)).json().call_to_action).toBe('Fresh from the database');

    const draft = await admin.post('/api/v1/npo_admin/crowdfunding', { name: 'Cache Van', campaign_url: 'cache-van' });
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await visitor().get(`${PAGE}/community-garden`)).json().call_to_action).toBe('Fresh from the database');
  });

  it('never serves a draft from the cache: its staff preview it, visitors and other organisations get 404', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await visitor().get(`${PAGE}/cache-van`)).statusCode).toBe(404);
      expect((await outsider.get(`${PAGE}/cache-van`)).statusCode).toBe(404);
      const preview = await admin.get(`${PAGE}/cache-van`);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().name).toBe('Cache Van');
    }
    const missing = await visitor().get(`${PAGE}/cache-van`);
    expect(missing.json().message).toBe('We could not find that crowdfunding campaign.');
  });
});
