import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queriesDuring } from '../../../test/pool-queries.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

const page = '/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal';

describe('the public campaign read under load (cache on)', () => {
  const ctx = useTestApp({ env: { CAMPAIGN_PAGE_CACHE_MS: '60000' } });
  const anonymous = () => new TestClient(ctx.app);

  it('answers a burst of donors with one query, and the same body each time', async () => {
    const first = await anonymous().get(page);
    const { result: burst, queries } = await queriesDuring(ctx.db, () =>
      Promise.all(Array.from({ length: 20 }, () => anonymous().get(page))),
    );
    expect(queries).toEqual([]);
    for (const res of burst) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      // A donor's page load needs no CSRF token (decision 006), so no cookie is minted for it.
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.json()).toEqual(first.json());
    }
  });

  it('keeps an unknown campaign a 404 with the message the public form shows', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await anonymous().get('/api/v1/npo_admin/campaign_page?campaign_url=no-such-appeal');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No campaign data available');
    }
  });

  it('shows a staff change made through the API at once, and one behind its back only after the cache time', async () => {
    const before = (await anonymous().get(page)).json().campaign;
    await ctx.db.execute(sql`UPDATE campaigns SET call_to_action = 'Changed in the database' WHERE id = ${before.id}`);
    expect((await anonymous().get(page)).json().campaign.call_to_action).toBe(before.call_to_action);

    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const ended = await admin.post(`/api/v1/npo_admin/campaigns/${before.id}/status`, { status: 'ended' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await anonymous().get(page)).statusCode).toBe(404);
    expect((await anonymous().get(`/api/v1/npo_admin/campaigns/${before.id}`)).statusCode).toBe(404);
  });
});
