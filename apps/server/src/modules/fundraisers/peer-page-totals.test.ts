// The maintained per-page totals behind the leaderboards (docs/decisions/059-maintained-peer-page-totals.md):
// gifts, refunds, a page's credit cleared and an amount changed keep them equal to
// grouping every peer gift, gifts at once to one page all count, and the public board follows them.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { recordSucceededPayment } from '../donations/index.ts';

const ctx = useTestApp();
const ids = { npo: 0, spring: 0, marcus: 0 };

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await ctx.db.execute<T>(query)).rows[0] as T;
let n = 0;
const give = (peerCampaignId: number, amountMinor: number) =>
  recordSucceededPayment(ctx.db, {
    npoId: ids.npo,
    campaignId: ids.spring,
    peerCampaignId,
    provider: 'sandbox',
    providerReference: `totals_test_${Date.now()}_${n++}`,
    amountMinor,
    currency: 'USD',
    donor: { email: `totals.${n}@example.org`, firstName: 'Tia', lastName: 'Totals', postalCode: '' },
    donorWall: { addToDonorWall: true, firstNameOnly: false, showAmount: true, showComment: false },
    occurredAt: new Date(),
  });
/** The kept totals and the grouped read they replace, each as "campaign/page:raised/gifts" lines. */
const both = async () => {
  const kept = await ctx.db.execute<{ line: string }>(sql`
    SELECT campaign_id || '/' || peer_campaign_id || ':' || raised_minor || '/' || gifts AS line
    FROM peer_page_totals WHERE gifts <> 0 OR raised_minor <> 0 ORDER BY 1`);
  const grouped = await ctx.db.execute<{ line: string }>(sql`
    SELECT campaign_id || '/' || peer_campaign_id || ':' || sum(base_amount_minor) || '/' || count(*) AS line
    FROM donations WHERE peer_campaign_id IS NOT NULL AND status = 'succeeded'
    GROUP BY campaign_id, peer_campaign_id ORDER BY 1`);
  return { kept: kept.rows.map((r) => r.line), grouped: grouped.rows.map((r) => r.line) };
};
const boardRaised = async (pageId: number) => {
  const res = await new TestClient(ctx.app).get(
    `/api/v1/npo_admin/campaign_page/leaderboard?campaign_id=${ids.spring}&limit=50`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().fundraisers.find((f: { id: number }) => f.id === pageId)?.raised_minor ?? null;
};

beforeAll(async () => {
  ids.npo = Number((await one<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).id);
  const page = async (url: string) =>
    Number((await one<{ id: number }>(sql`SELECT id FROM campaigns WHERE campaign_url = ${url}`)).id);
  ids.spring = await page('spring-appeal');
  ids.marcus = await page('spring-appeal-team-marcus');
});

describe('the per-page totals', () => {
  it('start equal to the demo’s grouped gifts and follow gifts, refunds, cleared credit and changed amounts', async () => {
    const start = await both();
    expect(start.kept.length).toBeGreaterThan(0);
    expect(start.kept).toEqual(start.grouped);

    const before = await boardRaised(ids.marcus);
    const gift = await give(ids.marcus, 7_700);
    expect(await boardRaised(ids.marcus)).toBe((before ?? 0) + 7_700);

    await ctx.db.execute(sql`UPDATE donations SET base_amount_minor = ${7_000} WHERE id = ${gift.donation.id}`);
    expect(await boardRaised(ids.marcus)).toBe((before ?? 0) + 7_000);
    await ctx.db.execute(sql`UPDATE donations SET status = 'refunded' WHERE id = ${gift.donation.id}`);
    expect(await boardRaised(ids.marcus)).toBe(before);
    await ctx.db.execute(sql`UPDATE donations SET status = 'succeeded' WHERE id = ${gift.donation.id}`);
    expect((await both()).kept).toEqual((await both()).grouped);

    // A second page's gifts, then one's credit cleared (as removing a page does).
    const other = await one<{ id: number }>(sql`
      INSERT INTO campaigns (npo_id, name, campaign_url, status, currency, currencies, parent_campaign_id)
      VALUES (${ids.npo}, 'Totals page', 'spring-appeal-totals-page', 'active', 'USD', '{USD}', ${ids.spring})
      RETURNING id`);
    const second = await give(Number(other.id), 3_000);
    await give(Number(other.id), 4_000);
    expect(await boardRaised(Number(other.id))).toBe(7_000);
    await ctx.db.execute(sql`UPDATE donations SET peer_campaign_id = NULL WHERE id = ${second.donation.id}`);
    expect(await boardRaised(Number(other.id))).toBe(4_000);
    const end = await both();
    expect(end.kept).toEqual(end.grouped);
  });

  it('counts every one of several gifts to one page at once', async () => {
    const before = (await boardRaised(ids.marcus)) ?? 0;
    await Promise.all(Array.from({ length: 8 }, () => give(ids.marcus, 1_000)));
    expect(await boardRaised(ids.marcus)).toBe(before + 8_000);
    const end = await both();
    expect(end.kept).toEqual(end.grouped);
  });
});
