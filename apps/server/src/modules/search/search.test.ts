import { SEARCH_MESSAGES, ZSearchResults } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

describe('search overlay: donors, donations and campaigns', () => {
  const ctx = useTestApp();
  const search = (c: TestClient, q: string) => c.get(`/api/v1/npo_admin/search?q=${encodeURIComponent(q)}`);
  const signedIn = async (who: string) => {
    const c = new TestClient(ctx.app);
    await c.signIn(`${who}@kindling.test`);
    return c;
  };
  let gift: { id: number; receipt_number: string; provider_reference: string; first_name: string; last_name: string };
  let admin: TestClient;
  beforeAll(async () => {
    admin = await signedIn('admin');
    const { rows } = await ctx.db.execute<typeof gift>(sql`
      SELECT d.id, d.receipt_number, d.provider_reference, dn.first_name, dn.last_name
      FROM donations d JOIN donors dn ON dn.id = d.donor_id JOIN npos n ON n.id = d.npo_id
      WHERE n.slug = 'riverside-food-bank' AND d.receipt_number IS NOT NULL AND d.provider_reference IS NOT NULL
      ORDER BY d.id LIMIT 1`);
    if (!rows[0]) throw new Error('the demo has no donation with a receipt');
    gift = rows[0];
  });

  it('finds donors by name and e-mail, a donation by its receipt number or provider reference, and campaigns', async () => {
    const res = await search(admin, gift.last_name.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const byName = ZSearchResults.parse(res.json());
    expect(byName.donors.map((d) => `${d.first_name} ${d.last_name}`)).toContain(
      `${gift.first_name} ${gift.last_name}`,
    );

    const byReceipt = ZSearchResults.parse((await search(admin, gift.receipt_number)).json());
    expect(byReceipt.donations).toEqual([
      expect.objectContaining({
        id: gift.id,
        receipt_number: gift.receipt_number,
        donor_name: `${gift.first_name} ${gift.last_name}`,
      }),
    ]);
    const byReference = ZSearchResults.parse((await search(admin, gift.provider_reference)).json());
    expect(byReference.donations.map((d) => d.id)).toEqual([gift.id]);

    // The appeal, not the fundraiser's page beneath it.
    const campaigns = ZSearchResults.parse((await search(admin, 'spring')).json()).campaigns;
    expect(campaigns.map((c) => c.campaign_url)).toEqual(['spring-appeal']);
  });

  it('answers staff (1984) too, and finds nothing of another organisation', async () => {
    const staff = await signedIn('staff');
    expect((await search(staff, gift.receipt_number)).json().donations).toHaveLength(1);

    const other = await signedIn('multi');
    const northern = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM npos WHERE slug = 'northern-lights-rescue'`,
    );
    await other.get(`/api/v1/npo_admin/select_npo?npo_id=${northern.rows[0]?.id}&role_name=admin&code=5150`);
    const found = ZSearchResults.parse((await search(other, gift.receipt_number)).json());
    expect(found.donations).toEqual([]);
    const byName = ZSearchResults.parse((await search(other, gift.last_name)).json());
    expect(byName.donors.map((d) => d.last_name)).not.toContain(gift.last_name);
    expect(ZSearchResults.parse((await search(other, 'spring')).json()).campaigns).toEqual([]);
  });

  it('refuses anonymous callers and roles outside the dashboard, and a term too short', async () => {
    expect((await search(new TestClient(ctx.app), 'spring')).statusCode).toBe(401);
    expect((await search(await signedIn('fundraiser'), 'spring')).statusCode).toBe(403);
    const short = await search(admin, ' a ');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(SEARCH_MESSAGES.tooShort);
  });
});
