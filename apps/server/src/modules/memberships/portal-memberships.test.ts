import { ZMemberCard, ZPortalMemberships } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { portalBrowser } from '../../../test/portal.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

// The member sees their card in the donor portal (docs/product/memberships.md#member-card): the
// memberships they joined as a donor and those naming their address as a household member.
describe('memberships in the donor portal', () => {
  const ctx = useTestApp();

  const donors = async () => {
    const { rows } = await ctx.db.execute<{ id: number; npo_id: number; email: string }>(sql`
      SELECT d.id, d.npo_id, d.email FROM donors d JOIN campaigns c ON c.npo_id = d.npo_id
      WHERE c.campaign_url = 'friends-of-riverside' AND d.email <> '' ORDER BY d.id LIMIT 3`);
    return rows.map((r) => ({ ...r, id: Number(r.id), npo_id: Number(r.npo_id) }));
  };

  it('lists the donor’s own and household memberships with a card link that opens their card', async () => {
    const [joiner, householdMember, stranger] = await donors();
    if (!joiner || !householdMember || !stranger) throw new Error('demo donors missing');
    const { rows } = await ctx.db.execute<{ id: number; tier: string }>(sql`
      SELECT m.id, t.name AS tier FROM supporter_memberships m JOIN membership_tiers t ON t.id = m.tier_id
      WHERE m.npo_id = ${joiner.npo_id} AND m.status = 'active' ORDER BY m.id LIMIT 1`);
    const membership = { id: Number(rows[0]?.id), tier: String(rows[0]?.tier) };
    await ctx.db.execute(sql`UPDATE supporter_memberships SET donor_id = NULL WHERE donor_id IN
      (${joiner.id}, ${householdMember.id}, ${stranger.id})`);
    await ctx.db.execute(sql`DELETE FROM membership_members WHERE lower(email) IN
      (lower(${joiner.email}), lower(${householdMember.email}), lower(${stranger.email}))`);
    await ctx.db.execute(sql`UPDATE supporter_memberships SET donor_id = ${joiner.id} WHERE id = ${membership.id}`);
    await ctx.db.execute(sql`INSERT INTO membership_members (membership_id, position, name, email)
      VALUES (${membership.id}, 9, 'House Hold', upper(${householdMember.email}))`);

    for (const donor of [joiner, householdMember]) {
      const browser = await portalBrowser(ctx, donor.npo_id, donor.id);
      const res = await browser.get('/api/v1/portal/memberships');
      expect(res.statusCode, res.body).toBe(200);
      const list = ZPortalMemberships.parse(res.json()).memberships;
      expect(list).toEqual([expect.objectContaining({ id: membership.id, tier: membership.tier, status: 'active' })]);
      const token = list[0]?.card_path.replace('/member-card/', '');
      const card = await new TestClient(ctx.app).get(`/api/v1/member_cards/${token}`);
      expect(card.statusCode, card.body).toBe(200);
      expect(ZMemberCard.parse(card.json())).toMatchObject({ tier: membership.tier, state: 'valid' });
    }

    const theirs = await portalBrowser(ctx, stranger.npo_id, stranger.id);
    expect(ZPortalMemberships.parse((await theirs.get('/api/v1/portal/memberships')).json()).memberships).toEqual([]);
    expect((await new TestClient(ctx.app).get('/api/v1/portal/memberships')).statusCode).toBe(401);
  }, 120_000);
});
