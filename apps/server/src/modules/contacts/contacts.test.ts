import { ZContactListResponse, ZContactRecord, ZContactViewList, ZHousehold } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn, userIdOf } from '../team/team.test-support.ts';

const API = '/api/v1/npo_admin';

describe('CRM contacts API', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  /** Two of the demo's donors with gifts, the largest givers first. */
  let givers: Array<{ id: number; total: number }> = [];

  const count = async (table: string) =>
    Number((await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`)).rows[0]?.n);
  const create = async (client: TestClient, body: Record<string, unknown>) => {
    const res = await client.post(`${API}/contacts`, body);
    expect(res.statusCode, res.body).toBe(201);
    return ZContactRecord.parse(res.json());
  };

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    staff = await signedIn(ctx, 'staff@kindling.test');
    const { rows } = await ctx.db.execute<{ id: number; total: number }>(sql`
      SELECT g.donor_id AS id, g.lifetime_base_minor AS total FROM donor_giving g JOIN npos n ON n.id = g.npo_id
      WHERE n.slug = 'riverside-food-bank' AND g.gift_count > 0 ORDER BY g.lifetime_base_minor DESC, g.donor_id LIMIT 3`);
    givers = rows.map((r) => ({ id: Number(r.id), total: Number(r.total) }));
  });

  it('lets staff add a prospect without an e-mail, who is then found by search and filter', async () => {
    const prospect = await create(staff, {
      contact_type: 'prospect',
      first_name: 'Priya',
      last_name: 'Prospectsworth',
      phones: [{ number: '+1 555 0100', label: 'mobile', primary: true }],
      tags: ['gala-2026'],
      date_of_birth: '1970-04-02',
      communication: { sms: false },
      opt_out_source: 'Phone call',
    });
    expect(prospect).toMatchObject({ contact_type: 'prospect', email: '', giving: { gift_count: 0 } });
    expect(prospect.communication.sms).toMatchObject({ allowed: false, source: 'Phone call' });
    expect(prospect.communication.email.allowed).toBe(true);
    // A second contact without an e-mail: an empty e-mail is no one's.
    await create(staff, { contact_type: 'company', last_name: 'Acme Widgets' });

    const list = await staff.get(`${API}/contacts?search=prospectsworth&type=prospect&tag=gala-2026`);
    expect(list.statusCode, list.body).toBe(200);
    expect(ZContactListResponse.parse(list.json()).contacts.map((c) => c.id)).toEqual([prospect.id]);
    const none = ZContactListResponse.parse(
      (await staff.get(`${API}/contacts?search=prospectsworth&type=volunteer`)).json(),
    );
    expect(none.contacts).toEqual([]);
    // The donors list reads the same people: one record, not two.
    const donors = (await staff.get(`/api/v1/npo_admin/donors?search=prospectsworth`)).json();
    expect(donors.donors.map((d: { id: number }) => d.id)).toEqual([prospect.id]);
  });

  it('answers 401 anonymous, 403 to a peer fundraiser and to staff on admin routes, 404 for another organisation', async () => {
    const [giver] = givers;
    expect((await new TestClient(ctx.app).get(`${API}/contacts`)).statusCode).toBe(401);
    const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await fundraiser.get(`${API}/contacts`)).statusCode).toBe(403);
    expect((await staff.request('DELETE', `${API}/contacts/${giver?.id}`)).statusCode).toBe(403);
    expect((await staff.post(`${API}/contact_fields`, { label: 'Shoe size', field_type: 'number' })).statusCode).toBe(
      403,
    );
    const { client: outsider } = await outsiderOrganisation(ctx, 'crm-outsider@example.org', 'CRM Outsiders');
    expect((await outsider.get(`${API}/contacts/${giver?.id}`)).statusCode).toBe(404);
    const put = await outsider.put(`${API}/contacts/${giver?.id}`, { last_name: 'Hijacked' });
    expect(put.statusCode).toBe(404);
    expect((await outsider.post(`${API}/contacts/${giver?.id}/anonymise`)).statusCode).toBe(404);
    const own = await create(outsider, { first_name: 'Olive', last_name: 'Outsider' });
    const link = await outsider.post(`${API}/contacts/${own.id}/relationships`, {
      kind: 'spouse',
      other_id: giver?.id,
    });
    expect(link.statusCode).toBe(400);
    const theirs = ZContactListResponse.parse((await outsider.get(`${API}/contacts`)).json());
    expect(theirs.contacts.map((c) => c.id)).toEqual([own.id]);
  });

  it('checks custom field values by type and filters the list by them', async () => {
    const level = await admin.post(`${API}/contact_fields`, {
      label: 'Level',
      field_type: 'choice',
      options: ['Gold', 'Silver'],
    });
    const since = await admin.post(`${API}/contact_fields`, { label: 'Member since', field_type: 'date' });
    expect([level.statusCode, since.statusCode]).toEqual([201, 201]);
    const levelId = level.json().id as number;
    const sinceId = since.json().id as number;
    expect((await admin.post(`${API}/contact_fields`, { label: 'level', field_type: 'text' })).statusCode).toBe(409);

    const before = await count('donors');
    const bad = await staff.post(`${API}/contacts`, {
      first_name: 'Bad',
      last_name: 'Input',
      custom_fields: { [levelId]: 'Platinum', [sinceId]: '2024-02-30' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      [`custom_fields.${levelId}`]: 'Level: Choose one of the options.',
      [`custom_fields.${sinceId}`]: 'Member since: Use a date as YYYY-MM-DD.',
    });
    expect(await count('donors')).toBe(before);

    const gold = await create(staff, {
      first_name: 'Goldie',
      last_name: 'Fieldman',
      custom_fields: { [levelId]: 'Gold' },
    });
    await create(staff, { first_name: 'Silvio', last_name: 'Fieldman', custom_fields: { [levelId]: 'Silver' } });
    const list = ZContactListResponse.parse(
      (await staff.get(`${API}/contacts?search=fieldman&field_id=${levelId}&field_value=Gold`)).json(),
    );
    expect(list.contacts.map((c) => [c.id, c.custom_fields[String(levelId)]])).toEqual([[gold.id, 'Gold']]);
  });

  it('finds a custom field’s value among a search’s matches, with their total, in every sort', async () => {
    const tier = await admin.post(`${API}/contact_fields`, {
      label: 'Tier',
      field_type: 'choice',
      options: ['Gold', 'Silver'],
    });
    const tierId = tier.json().id as number;
    const gold = { [tierId]: 'Gold' };
    const ada = await create(staff, {
      contact_type: 'individual',
      first_name: 'Ada',
      last_name: 'Quillfeather',
      custom_fields: gold,
    });
    const bea = await create(staff, {
      contact_type: 'prospect',
      first_name: 'Bea',
      last_name: 'Quillfeather',
      tags: ['quill-vip'],
      custom_fields: gold,
    });
    await create(staff, { first_name: 'Cy', last_name: 'Quillfeather', custom_fields: { [tierId]: 'Silver' } });
    // A contact with no CRM row at all (as a donor who only gave): an individual, without a tier.
    const dot = await create(staff, { first_name: 'Dot', last_name: 'Quillfeather' });
    await ctx.db.execute(sql`DELETE FROM contact_details WHERE donor_id = ${dot.id}`);
    await create(staff, { first_name: 'Eve', last_name: 'Elsewhere', custom_fields: gold });

    const list = async (query: string) => {
      const res = await staff.get(`${API}/contacts?search=quillfeather&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = ZContactListResponse.parse(res.json());
      return { ids: body.contacts.map((c) => c.id), total: body.total };
    };
    const field = `field_id=${tierId}&field_value=Gold`;
    expect(await list(field)).toEqual({ ids: [ada.id, bea.id], total: 2 });
    expect(await list(`${field}&sort=lifetime_total&direction=desc`)).toEqual({ ids: [bea.id, ada.id], total: 2 });
    expect(await list(`${field}&sort=created&direction=desc`)).toEqual({ ids: [bea.id, ada.id], total: 2 });
    // A page past the end still says how many match.
    expect(await list(`${field}&page=2&per_page=1`)).toEqual({ ids: [bea.id], total: 2 });
    expect(await list(`${field}&page=3&per_page=1`)).toEqual({ ids: [], total: 2 });
    // With filters a contact without a CRM row matches (individual) and filters that need one.
    expect(await list(`${field}&type=individual`)).toEqual({ ids: [ada.id], total: 1 });
    expect(await list(`${field}&tag=quill-vip&type=prospect`)).toEqual({ ids: [bea.id], total: 1 });
    expect(await list('type=individual')).toEqual({ ids: [ada.id, dot.id], total: 2 });
    expect(await list(`field_id=${tierId}&field_value=Silver&tag=quill-vip`)).toEqual({ ids: [], total: 0 });
  });

  it('adds up a household’s giving from its members, each gift once', async () => {
    const [a, b] = givers;
    const res = await staff.post(`${API}/households`, { name: 'The Giver Family', salutation: 'Dear Givers' });
    expect(res.statusCode, res.body).toBe(201);
    const household = ZHousehold.parse(res.json());
    for (const giver of [a, b]) {
      const current = ZContactRecord.parse((await staff.get(`${API}/contacts/${giver?.id}`)).json());
      const put = await staff.put(`${API}/contacts/${giver?.id}`, {
        contact_type: current.contact_type,
        first_name: current.first_name,
        last_name: current.last_name,
        email: current.email,
        address: current.address,
        household_id: household.id,
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const totals = ZHousehold.parse((await staff.get(`${API}/households/${household.id}`)).json());
    expect(totals.members.map((m) => m.id).sort()).toEqual([a?.id, b?.id].sort());
    expect(totals.lifetime_total_minor).toBe((a?.total ?? 0) + (b?.total ?? 0));
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM donations WHERE donor_id IN (${a?.id}, ${b?.id}) AND status = 'succeeded'`);
    expect(totals.gift_count).toBe(Number(rows[0]?.n));
  });

  it('shows a contact without a name by e-mail, or as unnamed, so every row has a link to follow', async () => {
    const friend = await create(staff, { first_name: 'Sam', last_name: 'Sibling' });
    const blank = await create(staff, { first_name: 'Soon', last_name: 'Blank', email: 'blank-name@kindling.test' });
    // Donors who gave with an e-mail only (imports, older forms) have no name at all.
    await ctx.db.execute(sql`UPDATE donors SET first_name = '', last_name = '' WHERE id = ${blank.id}`);
    const list = ZContactListResponse.parse((await staff.get(`${API}/contacts?search=blank-name`)).json());
    expect(list.contacts.map((c) => c.name)).toEqual(['blank-name@kindling.test']);
    await staff.post(`${API}/contacts/${blank.id}/relationships`, { kind: 'sibling', other_id: friend.id });
    await ctx.db.execute(sql`UPDATE donors SET email = '' WHERE id = ${blank.id}`);
    expect(ZContactRecord.parse((await staff.get(`${API}/contacts/${blank.id}`)).json()).name).toBe('Unnamed contact');
    const other = ZContactRecord.parse((await staff.get(`${API}/contacts/${friend.id}`)).json());
    expect(other.relationships.find((r) => r.other.id === blank.id)?.other.name).toBe('Unnamed contact');
  });

  it('reads a relationship from both sides with the inverse label', async () => {
    const [giver] = givers;
    const child = await create(staff, { first_name: 'Kit', last_name: 'Relative' });
    const res = await staff.post(`${API}/contacts/${child.id}/relationships`, {
      kind: 'parent',
      inverse: true,
      other_id: giver?.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZContactRecord.parse(res.json()).relationships).toMatchObject([
      { label: 'Child of', other: { id: giver?.id } },
    ]);
    const parent = ZContactRecord.parse((await staff.get(`${API}/contacts/${giver?.id}`)).json());
    expect(parent.relationships).toMatchObject([{ label: 'Parent of', other: { id: child.id } }]);
    const again = await staff.post(`${API}/contacts/${child.id}/relationships`, {
      kind: 'parent',
      inverse: true,
      other_id: giver?.id,
    });
    expect(again.statusCode).toBe(409);
    const self = await staff.post(`${API}/contacts/${child.id}/relationships`, { kind: 'spouse', other_id: child.id });
    expect(self.statusCode).toBe(400);
  });

  it('moves the household and relationships when donors are merged, dropping a link between the two', async () => {
    const household = ZHousehold.parse((await staff.post(`${API}/households`, { name: 'Merge Household' })).json());
    const keep = await create(staff, {
      first_name: 'Kept',
      last_name: 'Mergeson',
      email: 'kept.mergeson@example.org',
      tags: ['a'],
    });
    const duplicate = await create(staff, {
      first_name: 'Kept',
      last_name: 'Mergeson',
      email: 'k.mergeson@example.org',
      household_id: household.id,
      tags: ['b'],
      communication: { email: false },
    });
    const friend = await create(staff, { first_name: 'Fran', last_name: 'Friend' });
    await staff.post(`${API}/contacts/${duplicate.id}/relationships`, { kind: 'friend', other_id: friend.id });
    await staff.post(`${API}/contacts/${duplicate.id}/relationships`, { kind: 'spouse', other_id: keep.id });
    const merged = await admin.post(`/api/v1/npo_admin/donors/${keep.id}/merge`, { duplicate_id: duplicate.id });
    expect(merged.statusCode, merged.body).toBe(200);

    const record = ZContactRecord.parse((await staff.get(`${API}/contacts/${keep.id}`)).json());
    expect(record.household?.id).toBe(household.id);
    expect(record.household?.members.map((m) => m.id)).toEqual([keep.id]);
    expect(record.relationships).toMatchObject([{ label: 'Friend of', other: { id: friend.id } }]);
    expect(record.tags).toEqual(['a', 'b']);
    expect(record.communication.email.allowed).toBe(false);
    expect((await staff.get(`${API}/contacts/${duplicate.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a contact with gifts (anonymise instead) and deletes one without', async () => {
    const [, , giver] = givers;
    const before = await count('donations');
    const refused = await admin.request('DELETE', `${API}/contacts/${giver?.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('anonymise');
    const anonymised = ZContactRecord.parse((await admin.post(`${API}/contacts/${giver?.id}/anonymise`)).json());
    expect(anonymised).toMatchObject({
      name: 'Anonymised contact',
      email: '',
      giving: { lifetime_total_minor: giver?.total },
    });
    expect(await count('donations')).toBe(before);

    const prospect = await create(staff, { first_name: 'Gone', last_name: 'Soon' });
    expect((await admin.request('DELETE', `${API}/contacts/${prospect.id}`)).statusCode).toBe(204);
    expect((await staff.get(`${API}/contacts/${prospect.id}`)).statusCode).toBe(404);
  });

  it('keeps personal views to their owner, lets admins share one, and refuses staff a shared view', async () => {
    const config = { columns: ['email', 'tags'], filters: { tag: 'gala-2026' }, sort: 'name', direction: 'asc' };
    const mine = await staff.post(`${API}/contact_views`, { name: 'My gala list', config });
    expect(mine.statusCode, mine.body).toBe(201);
    expect((await staff.post(`${API}/contact_views`, { name: 'Everyone', shared: true, config })).statusCode).toBe(403);
    expect((await admin.post(`${API}/contact_views`, { name: 'Gala guests', shared: true, config })).statusCode).toBe(
      201,
    );
    const staffViews = ZContactViewList.parse((await staff.get(`${API}/contact_views`)).json()).views;
    // The demo's own shared view is there for everyone too.
    expect(staffViews.map((v) => [v.name, v.shared, v.mine])).toEqual([
      ['Gala guests', true, false],
      ['Major gift prospects', true, false],
      ['My gala list', false, true],
    ]);
    const adminViews = ZContactViewList.parse((await admin.get(`${API}/contact_views`)).json()).views;
    expect(adminViews.map((v) => v.name)).toEqual(['Gala guests', 'Major gift prospects']);
    expect((await admin.request('DELETE', `${API}/contact_views/${mine.json().id}`)).statusCode).toBe(404);
  });

  it('tags and assigns contacts in bulk, and exports the filtered list as CSV', async () => {
    const a = await create(staff, { first_name: 'Bulk', last_name: 'One' });
    const b = await create(staff, { first_name: 'Bulk', last_name: 'Two', tags: ['vip'] });
    const owner = await userIdOf(ctx, 'staff@kindling.test');
    const tag = await staff.post(`${API}/contacts/bulk`, { action: 'tag', ids: [a.id, b.id], tag: 'vip' });
    expect(tag.json()).toEqual({ updated: 2 });
    const assign = await staff.post(`${API}/contacts/bulk`, {
      action: 'assign',
      ids: [a.id, b.id],
      owner_user_id: owner,
    });
    expect(assign.json()).toEqual({ updated: 2 });
    const { client: outsider } = await outsiderOrganisation(ctx, 'crm-bulk@example.org', 'CRM Bulk Outsiders');
    expect((await outsider.post(`${API}/contacts/bulk`, { action: 'tag', ids: [a.id], tag: 'x' })).json()).toEqual({
      updated: 0,
    });
    const badOwner = await staff.post(`${API}/contacts/bulk`, { action: 'assign', ids: [a.id], owner_user_id: 999999 });
    expect(badOwner.statusCode).toBe(400);

    const list = ZContactListResponse.parse(
      (await staff.get(`${API}/contacts?tag=vip&owner=${owner}&search=bulk`)).json(),
    );
    expect(list.contacts.map((c) => [c.name, c.tags, c.owner?.id])).toEqual([
      ['Bulk One', ['vip'], owner],
      ['Bulk Two', ['vip'], owner],
    ]);
    // Sorted by giving, the same two (the page and its count read the matches through donor_giving).
    const byGiving = ZContactListResponse.parse(
      (await staff.get(`${API}/contacts?tag=vip&owner=${owner}&search=bulk&sort=lifetime_total&direction=desc`)).json(),
    );
    expect(byGiving.total).toBe(2);
    expect(byGiving.contacts.map((c) => c.name).sort()).toEqual(['Bulk One', 'Bulk Two']);
    const csv = await staff.get(`${API}/contacts/export?tag=vip&search=bulk`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Bulk,One');
  });
});
