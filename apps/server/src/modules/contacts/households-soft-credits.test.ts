import { ZContactRecord, ZHousehold, ZSoftCreditList } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const API = '/api/v1/npo_admin';

describe('Households and soft credits', () => {
  const ctx = useTestApp();
  let staff: TestClient;
  let admin: TestClient;
  /** Three of the demo's givers with their totals and one succeeded gift each (its base amount). */
  let givers: Array<{ id: number; total: number; gifts: number; gift: number; giftBase: number }> = [];

  const household = async (id: number) => ZHousehold.parse((await staff.get(`${API}/households/${id}`)).json());
  const record = async (id: number) => ZContactRecord.parse((await staff.get(`${API}/contacts/${id}`)).json());

  beforeAll(async () => {
    staff = await signedIn(ctx, 'staff@kindling.test');
    admin = await signedIn(ctx, 'admin@kindling.test');
    // Givers without refunds, so a gift's base amount is what the totals count.
    const { rows } = await ctx.db.execute<{ id: number; total: number; gifts: number; gift: number; base: number }>(sql`
      SELECT g.donor_id AS id, g.lifetime_base_minor AS total, g.gift_count AS gifts,
        (SELECT d.id FROM donations d WHERE d.donor_id = g.donor_id AND d.status = 'succeeded' ORDER BY d.id LIMIT 1) AS gift,
        (SELECT d.base_amount_minor FROM donations d WHERE d.donor_id = g.donor_id AND d.status = 'succeeded' ORDER BY d.id LIMIT 1) AS base
      FROM donor_giving g JOIN npos n ON n.id = g.npo_id
      WHERE n.slug = 'riverside-food-bank' AND g.gift_count > 0
        AND NOT EXISTS (SELECT 1 FROM donations d WHERE d.donor_id = g.donor_id AND d.status <> 'succeeded')
        AND NOT EXISTS (SELECT 1 FROM contact_details cd WHERE cd.donor_id = g.donor_id AND cd.household_id IS NOT NULL)
        -- Nor soft credits yet (the demo credits fundraiser pages' gifts to their fundraisers).
        AND NOT EXISTS (SELECT 1 FROM donation_soft_credits s JOIN donations d ON d.id = s.donation_id
          WHERE d.donor_id = g.donor_id OR s.donor_id = g.donor_id)
      ORDER BY g.donor_id LIMIT 3`);
    givers = rows.map((r) => ({
      id: Number(r.id),
      total: Number(r.total),
      gifts: Number(r.gifts),
      gift: Number(r.gift),
      giftBase: Number(r.base),
    }));
    expect(givers).toHaveLength(3);
  });

  it('adds a soft-credited gift to a household once: never when a member gave it, once however many members share it', async () => {
    const [husband, wife, company] = givers as [(typeof givers)[0], (typeof givers)[0], (typeof givers)[0]];
    const created = await staff.post(`${API}/households`, { name: 'The Spouse Family', salutation: 'Dear Spouses' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = ZHousehold.parse(created.json());
    for (const member of [husband, wife]) {
      const res = await staff.post(`${API}/households/${id}/members`, { contact_id: member.id });
      expect(res.statusCode, res.body).toBe(200);
    }
    const both = husband.total + wife.total;
    expect((await household(id)).lifetime_total_minor).toBe(both);

    // The husband's gift soft-credited to his wife: she sees it, the household does not count it again.
    const credit = await staff.post(`${API}/donations/${husband.gift}/soft_credits`, { contact_id: wife.id });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(ZSoftCreditList.parse(credit.json()).soft_credits).toMatchObject([
      { contact: { id: wife.id }, donor: { id: husband.id }, kind: 'soft_credit' },
    ]);
    expect((await record(wife.id)).soft_credits).toMatchObject({ total_minor: husband.giftBase, count: 1 });
    expect((await record(wife.id)).giving.lifetime_total_minor).toBe(wife.total);
    expect(await household(id)).toMatchObject({
      lifetime_total_minor: both,
      gift_count: husband.gifts + wife.gifts,
    });

    // A company's match credited to both spouses: the household adds it once.
    for (const member of [wife, husband]) {
      const res = await staff.post(`${API}/donations/${company.gift}/soft_credits`, {
        contact_id: member.id,
        kind: 'matching_gift',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await household(id)).toMatchObject({
      lifetime_total_minor: both + company.giftBase,
      gift_count: husband.gifts + wife.gifts + 1,
    });

    // The wife leaves: her own gifts go, the match stays (the husband is credited with it too).
    const left = await staff.request('DELETE', `${API}/households/${id}/members/${wife.id}`);
    expect(left.statusCode, left.body).toBe(200);
    expect(ZHousehold.parse(left.json())).toMatchObject({
      members: [{ id: husband.id }],
      lifetime_total_minor: husband.total + company.giftBase,
    });
    expect((await record(wife.id)).household).toBeNull();

    const removed = await staff.request('DELETE', `${API}/donations/${company.gift}/soft_credits/${husband.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await household(id)).lifetime_total_minor).toBe(husband.total);
  });

  it('issues a household statement addressed to the household, listing each member’s gifts of the year once', async () => {
    // Two givers of the demo outside any household, with their names and latest gift.
    const { rows } = await ctx.db.execute<{ id: number; name: string }>(sql`
      SELECT dn.id, btrim(concat_ws(' ', dn.first_name, dn.last_name)) AS name
      FROM donors dn JOIN donor_giving g ON g.donor_id = dn.id JOIN npos n ON n.id = dn.npo_id
      WHERE n.slug = 'riverside-food-bank' AND g.gift_count > 0 AND dn.first_name <> ''
        AND NOT EXISTS (SELECT 1 FROM contact_details cd WHERE cd.donor_id = dn.id AND cd.household_id IS NOT NULL)
      ORDER BY g.last_gift_at DESC, dn.id LIMIT 2`);
    const [one, two] = rows as [{ id: number; name: string }, { id: number; name: string }];
    const home = ZHousehold.parse(
      (
        await staff.post(`${API}/households`, {
          name: 'The Statement Family',
          salutation: 'Dear Ada and Bo',
          address: '1 Ledger Lane',
          city: 'Springfield',
          postal_code: '12345',
        })
      ).json(),
    );
    expect(home.statement_years).toEqual([]);
    for (const member of [one, two])
      await staff.post(`${API}/households/${home.id}/members`, { contact_id: member.id });
    const years = (await household(home.id)).statement_years;
    expect(years.length).toBeGreaterThan(0);

    const res = await staff.get(`${API}/households/${home.id}/statement.pdf?year=${years[0]}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('The Statement Family');
    expect(text).toContain('1 Ledger Lane');
    expect(text).toContain('Dear Ada and Bo,');
    expect(text).toMatch(/Total for \S+/);
    // Across the years it covers, each member is named beside their gifts.
    const texts = [text];
    for (const year of years.slice(1))
      texts.push(pdfText((await staff.get(`${API}/households/${home.id}/statement.pdf?year=${year}`)).rawPayload));
    expect(texts.join(' ')).toContain(one.name);
    expect(texts.join(' ')).toContain(two.name);

    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(`${API}/households/${home.id}/statement.pdf?year=${years[0]}`)).statusCode).toBe(401);
    const { client: outsider } = await outsiderOrganisation(
      ctx,
      'statement-outsider@example.org',
      'Statement Outsiders',
    );
    expect((await outsider.get(`${API}/households/${home.id}/statement.pdf?year=${years[0]}`)).statusCode).toBe(404);
    expect((await staff.get(`${API}/households/${home.id}/statement.pdf?year=1`)).statusCode).toBe(400);
  });

  it('refuses bad input with the field, changing nothing', async () => {
    const [a, b, c] = givers as [(typeof givers)[0], (typeof givers)[0], (typeof givers)[0]];
    const before = Number(
      (await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM donation_soft_credits`)).rows[0]?.n,
    );
    const own = await staff.post(`${API}/donations/${a.gift}/soft_credits`, { contact_id: a.id });
    expect(own.statusCode).toBe(400);
    expect(own.json().fields).toEqual({ contact_id: 'This contact gave the gift: credit someone else.' });
    const kind = await staff.post(`${API}/donations/${a.gift}/soft_credits`, { contact_id: b.id, kind: 'pledge' });
    expect(kind.statusCode).toBe(400);
    const nobody = await staff.post(`${API}/donations/${a.gift}/soft_credits`, { contact_id: 999_999_999 });
    expect(nobody.statusCode).toBe(400);
    expect((await staff.post(`${API}/donations/999999999/soft_credits`, { contact_id: b.id })).statusCode).toBe(404);
    expect(
      Number(
        (await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM donation_soft_credits`)).rows[0]?.n,
      ),
    ).toBe(before);

    await staff.post(`${API}/donations/${a.gift}/soft_credits`, { contact_id: c.id });
    const twice = await staff.post(`${API}/donations/${a.gift}/soft_credits`, { contact_id: c.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fields.contact_id).toBe('This contact is already credited with the gift.');

    const first = ZHousehold.parse((await staff.post(`${API}/households`, { name: 'First Home' })).json());
    const second = ZHousehold.parse((await staff.post(`${API}/households`, { name: 'Second Home' })).json());
    expect((await staff.post(`${API}/households/${first.id}/members`, { contact_id: c.id })).statusCode).toBe(200);
    const elsewhere = await staff.post(`${API}/households/${second.id}/members`, { contact_id: c.id });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().fields.contact_id).toBe('This contact is in another household: remove them from it first.');
    expect((await record(c.id)).household?.id).toBe(first.id);
    expect((await staff.request('DELETE', `${API}/households/${second.id}/members/${c.id}`)).statusCode).toBe(404);
  });

  it('moves soft credits when donors are merged, dropping one on the kept contact’s own gift', async () => {
    const [a, b] = givers as [(typeof givers)[0], (typeof givers)[0]];
    const keep = ZContactRecord.parse(
      (await staff.post(`${API}/contacts`, { first_name: 'Sofia', last_name: 'Softcredit' })).json(),
    );
    const duplicate = ZContactRecord.parse(
      (
        await staff.post(`${API}/contacts`, {
          first_name: 'Sofia',
          last_name: 'Softcredit',
          email: 'sofia.sc@example.org',
        })
      ).json(),
    );
    await staff.post(`${API}/donations/${b.gift}/soft_credits`, { contact_id: duplicate.id });
    const merged = await admin.post(`${API}/donors/${keep.id}/merge`, { duplicate_id: duplicate.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await record(keep.id)).soft_credits).toMatchObject({
      count: 1,
      latest: [{ donation_id: b.gift, donor: { id: b.id } }],
    });
    // Merging the giver into a contact credited with their gift: the gift is now the kept contact's own.
    await staff.post(`${API}/donations/${a.gift}/soft_credits`, { contact_id: keep.id });
    expect((await admin.post(`${API}/donors/${keep.id}/merge`, { duplicate_id: a.id })).statusCode).toBe(200);
    const after = await record(keep.id);
    expect(after.soft_credits.latest.map((s) => s.donation_id)).toEqual([b.gift]);
  });

  it('answers 401 anonymous, 403 to a peer fundraiser, 404 for another organisation’s gift or household', async () => {
    const [a, b] = givers as [(typeof givers)[0], (typeof givers)[0]];
    const home = ZHousehold.parse((await staff.post(`${API}/households`, { name: 'Guarded Home' })).json());
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(`${API}/donations/${a.gift}/soft_credits`)).statusCode).toBe(401);
    expect((await anonymous.post(`${API}/households/${home.id}/members`, { contact_id: a.id })).statusCode).toBe(401);
    const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await fundraiser.get(`${API}/donations/${a.gift}/soft_credits`)).statusCode).toBe(403);
    expect((await fundraiser.post(`${API}/households/${home.id}/members`, { contact_id: a.id })).statusCode).toBe(403);

    const { client: outsider } = await outsiderOrganisation(ctx, 'soft-outsider@example.org', 'Soft Outsiders');
    const theirs = ZContactRecord.parse(
      (await outsider.post(`${API}/contacts`, { first_name: 'Otto', last_name: 'Outsider' })).json(),
    );
    expect((await outsider.get(`${API}/donations/${a.gift}/soft_credits`)).statusCode).toBe(404);
    expect((await outsider.post(`${API}/donations/${a.gift}/soft_credits`, { contact_id: theirs.id })).statusCode).toBe(
      404,
    );
    expect((await outsider.request('DELETE', `${API}/donations/${a.gift}/soft_credits/${b.id}`)).statusCode).toBe(404);
    expect((await outsider.post(`${API}/households/${home.id}/members`, { contact_id: theirs.id })).statusCode).toBe(
      404,
    );
    expect((await outsider.request('DELETE', `${API}/households/${home.id}/members/${a.id}`)).statusCode).toBe(404);
    // Our gift cannot credit their contact, nor our household take them.
    expect((await staff.post(`${API}/donations/${a.gift}/soft_credits`, { contact_id: theirs.id })).statusCode).toBe(
      400,
    );
    expect((await staff.post(`${API}/households/${home.id}/members`, { contact_id: theirs.id })).statusCode).toBe(400);
  });
});
