import {
  type TSegmentGroupInput,
  ZContactListResponse,
  ZSegment,
  ZSegmentGroup,
  ZSegmentList,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { compileSegment } from './segment-sql.ts';
import { segmentContext } from './segments.service.ts';

const API = '/api/v1/npo_admin';
const DAY = 86_400_000;

/** A succeeded or refunded gift of the demo organisation, read straight from donations. */
type Gift = { donor_id: number; status: string; base_amount_minor: number; created_at: Date; campaign_id: number };

describe('CRM segments API', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  let npoId = 0;
  let gifts: Gift[] = [];
  let contactIds: number[] = [];

  /** Every member's id, read page by page through the members route. */
  const membersOf = async (client: TestClient, id: number): Promise<number[]> => {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const res = await client.get(`${API}/segments/${id}/donors?per_page=100&page=${page}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = ZContactListResponse.parse(res.json());
      ids.push(...body.contacts.map((c) => c.id));
      if (body.contacts.length < 100) return ids.sort((a, b) => a - b);
    }
  };
  const save = async (name: string, rules: TSegmentGroupInput) => {
    const res = await staff.post(`${API}/segments`, { name, rules });
    expect(res.statusCode, res.body).toBe(201);
    return ZSegment.parse(res.json());
  };
  /** The ids of donors whose succeeded gifts pass `test`, computed here from the gifts themselves. */
  const donorsWhere = (test: (own: Gift[]) => boolean) => {
    const by = new Map<number, Gift[]>();
    for (const g of gifts.filter((x) => x.status === 'succeeded'))
      by.set(g.donor_id, [...(by.get(g.donor_id) ?? []), g]);
    return [...by]
      .filter(([, own]) => test(own))
      .map(([id]) => id)
      .sort((a, b) => a - b);
  };

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    staff = await signedIn(ctx, 'staff@kindling.test');
    npoId = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).rows[0]?.id,
    );
    const { rows } = await ctx.db.execute<Gift>(sql`
      SELECT donor_id, status, base_amount_minor, created_at, campaign_id FROM donations WHERE npo_id = ${npoId}`);
    gifts = rows.map((r) => ({
      ...r,
      donor_id: Number(r.donor_id),
      base_amount_minor: Number(r.base_amount_minor),
      created_at: new Date(r.created_at),
      campaign_id: Number(r.campaign_id),
    }));
    const { rows: contacts } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM donors WHERE npo_id = ${npoId} ORDER BY id`,
    );
    contactIds = contacts.map((c) => Number(c.id));
  });

  it('has the demo’s three segments, the top 100 being the largest lifetime totals', async () => {
    const res = await staff.get(`${API}/segments`);
    expect(res.statusCode, res.body).toBe(200);
    const names = ZSegmentList.parse(res.json()).segments.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Lapsed last year', 'Monthly donors', 'Top 100 by lifetime']));
    const top = ZSegmentList.parse(res.json()).segments.find((s) => s.name === 'Top 100 by lifetime');
    const page = ZContactListResponse.parse(
      (await staff.get(`${API}/segments/${top?.id}/donors?sort=lifetime_total&direction=desc&per_page=5`)).json(),
    );
    const givers = donorsWhere(() => true).length;
    expect(top?.count).toBe(Math.min(100, givers));
    const totals = page.contacts.map((c) => c.lifetime_total_minor);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('matches AND rules on gift count and largest gift against the gifts themselves', async () => {
    const expected = donorsWhere((own) => own.length >= 2 && Math.max(...own.map((g) => g.base_amount_minor)) >= 5000);
    expect(expected.length).toBeGreaterThan(0);
    const segment = await save('Repeat, one large gift', {
      match: 'all',
      rules: [
        { field: 'gift_count', operator: 'at_least', value: 2 },
        { field: 'amount', name: 'largest_gift', operator: 'at_least', value: 5000 },
      ],
    });
    expect(segment.count).toBe(expected.length);
    expect(await membersOf(staff, segment.id)).toEqual(expected);
  });

  it('matches a nested OR group, a period’s giving and a campaign against the gifts themselves', async () => {
    const campaignId = gifts.find((g) => g.status === 'succeeded')?.campaign_id ?? 0;
    const since = new Date(Date.now() - 400 * DAY);
    const from = since.toISOString().slice(0, 10);
    const to = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const rules: TSegmentGroupInput = {
      match: 'all',
      rules: [
        { field: 'campaign', operator: 'gave_to', value: campaignId },
        {
          match: 'any',
          rules: [
            { field: 'giving_in_period', from, to, measure: 'total', operator: 'at_least', value: 10_000 },
            { field: 'gift_count', operator: 'at_least', value: 3 },
          ],
        },
      ],
    };
    // The period's bounds are the organisation's midnights; a day's margin either side keeps the
    // fresh computation clear of the time zone while testing the same gifts.
    const inPeriod = (g: Gift) => g.created_at >= since;
    const expected = donorsWhere(
      (own) =>
        own.some((g) => g.campaign_id === campaignId) &&
        (own.filter(inPeriod).reduce((s, g) => s + g.base_amount_minor, 0) >= 10_000 || own.length >= 3),
    );
    expect(expected.length).toBeGreaterThan(0);
    const live = await staff.post(`${API}/segments/count`, { rules });
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json()).toEqual({ count: expected.length });
    const segment = await save('Campaign regulars', rules);
    expect(await membersOf(staff, segment.id)).toEqual(expected);
  });

  it('matches tags, contact fields and custom fields, typed by the field', async () => {
    const field = await admin.post(`${API}/contact_fields`, { label: 'Pledge cap', field_type: 'number' });
    expect(field.statusCode, field.body).toBe(201);
    const fieldId = field.json().id as number;
    const [a, b, c] = contactIds;
    for (const [id, cap, tags] of [
      [a, 500, ['seg-vip']],
      [b, 50, ['seg-vip']],
      [c, 900, []],
    ] as const) {
      await ctx.db.execute(sql`
        INSERT INTO contact_details (donor_id, npo_id, tags, custom_fields)
        VALUES (${id}, ${npoId}, ${sql.param([...tags])}::text[], jsonb_build_object(${String(fieldId)}::text, ${cap}::int))
        ON CONFLICT (donor_id) DO UPDATE SET tags = EXCLUDED.tags, custom_fields = EXCLUDED.custom_fields`);
    }
    const rules = (value: unknown): TSegmentGroupInput => ({
      match: 'all',
      rules: [
        { field: 'tag', operator: 'has', value: 'seg-vip' },
        { field: 'custom_field', field_id: fieldId, operator: 'at_least', value: value as number },
      ],
    });
    const count = await staff.post(`${API}/segments/count`, { rules: rules(100) });
    expect(count.json()).toEqual({ count: 1 });
    const segment = await save('VIPs with a high cap', rules(100));
    expect(await membersOf(staff, segment.id)).toEqual([a]);

    // A value the field's type does not take, or an operator it does not, changes nothing.
    const before = (await staff.get(`${API}/segments`)).json().segments.length;
    const text = await staff.post(`${API}/segments`, { name: 'Bad cap', rules: rules('lots') });
    expect(text.statusCode).toBe(400);
    expect(text.json().fields['rules.rules.1.value']).toBe('Pledge cap: Enter a number.');
    const contains = await staff.post(`${API}/segments/count`, {
      rules: { match: 'all', rules: [{ field: 'custom_field', field_id: fieldId, operator: 'contains', value: '5' }] },
    });
    expect(contains.statusCode).toBe(400);
    expect(contains.json().fields['rules.rules.0.operator']).toBe('This operator does not apply to this custom field.');
    const days = await staff.post(`${API}/segments/count`, {
      rules: {
        match: 'all',
        rules: [{ field: 'gift_date', name: 'last_gift', operator: 'in_last_days', value: '2024-01-01' }],
      },
    });
    expect(days.statusCode).toBe(400);
    expect((await staff.get(`${API}/segments`)).json().segments.length).toBe(before);
  });

  it('finds the same givers in a period whether it sums each contact’s gifts or the period’s once', async () => {
    const since = new Date(Date.now() - 400 * DAY);
    const from = since.toISOString().slice(0, 10);
    const to = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const inPeriod = (own: Gift[]) => own.filter((g) => g.created_at >= since);
    const total = (own: Gift[]) => inPeriod(own).reduce((s, g) => s + g.base_amount_minor, 0);
    const cases: Array<[TSegmentGroupInput, number[]]> = [
      [
        {
          match: 'all',
          rules: [
            { field: 'giving_in_period', from, to, measure: 'total', operator: 'at_least', value: 5_000 },
            { field: 'gift_count', operator: 'at_least', value: 2 },
          ],
        },
        donorsWhere((own) => total(own) >= 5_000 && own.length >= 2),
      ],
      [
        {
          match: 'all',
          rules: [{ field: 'giving_in_period', from, to, measure: 'count', operator: 'at_least', value: 2 }],
        },
        donorsWhere((own) => inPeriod(own).length >= 2),
      ],
      [
        // At most: contacts who gave nothing in the period (or never) are in.
        {
          match: 'all',
          rules: [{ field: 'giving_in_period', from, to, measure: 'total', operator: 'at_most', value: 5_000 }],
        },
        contactIds.filter((id) => total(gifts.filter((g) => g.donor_id === id && g.status === 'succeeded')) <= 5_000),
      ],
    ];
    const segmentCtx = await segmentContext(ctx.db, npoId);
    for (const [rules, expected] of cases) {
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(contactIds.length);
      for (const period of ['hash', 'probe'] as const) {
        const { rows } = await ctx.db.execute<{ donor_id: number }>(
          compileSegment(ZSegmentGroup.parse(rules), { ...segmentCtx, period }),
        );
        expect(
          rows.map((r) => Number(r.donor_id)).sort((a, b) => a - b),
          `${period} ${JSON.stringify(rules)}`,
        ).toEqual(expected);
      }
      expect((await staff.post(`${API}/segments/count`, { rules })).json()).toEqual({ count: expected.length });
    }
  });

  it('reads LYBUNT as the donors list does', async () => {
    const segment = await save('LYBUNT check', {
      match: 'all',
      rules: [{ field: 'retention', operator: 'is', value: 'lybunt' }],
    });
    const donors = (await staff.get(`${API}/donors?retention=lybunt&per_page=100`)).json();
    const expected = donors.donors.map((d: { id: number }) => d.id).sort((x: number, y: number) => x - y);
    expect(expected.length).toBeGreaterThan(0);
    expect(await membersOf(staff, segment.id)).toEqual(expected);
  });

  it('keeps a static list of hand-picked contacts and exports its members', async () => {
    const res = await staff.post(`${API}/segments`, { name: 'Gala table', kind: 'static' });
    expect(res.statusCode, res.body).toBe(201);
    const list = ZSegment.parse(res.json());
    expect(list.count).toBe(0);
    const [a, b] = contactIds;
    const add = await staff.post(`${API}/segments/${list.id}/members`, { contact_ids: [a, b] });
    expect(add.statusCode, add.body).toBe(204);
    expect(await membersOf(staff, list.id)).toEqual([a, b].sort((x = 0, y = 0) => x - y));
    expect((await staff.request('DELETE', `${API}/segments/${list.id}/members/${b}`)).statusCode).toBe(204);
    expect(await membersOf(staff, list.id)).toEqual([a]);

    const csv = await staff.get(`${API}/segments/${list.id}/donors/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('segment-gala-table.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^id,type,first_name,last_name,email/);
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([a]);

    // A dynamic segment takes no hand-picked members.
    const dynamic = await save('Any giver', {
      match: 'all',
      rules: [{ field: 'gift_count', operator: 'at_least', value: 1 }],
    });
    expect((await staff.post(`${API}/segments/${dynamic.id}/members`, { contact_ids: [a] })).statusCode).toBe(409);
  });

  it('answers 401 anonymous, 403 to a peer fundraiser and to staff deleting, 404 for another organisation', async () => {
    const own = await save('Access check', {
      match: 'all',
      rules: [{ field: 'gift_count', operator: 'at_least', value: 1 }],
    });
    const rules = { match: 'all', rules: [{ field: 'gift_count', operator: 'at_least', value: 1 }] };
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', `${API}/segments`],
      ['GET', `${API}/segments/options`],
      ['POST', `${API}/segments`, { name: 'X', rules }],
      ['POST', `${API}/segments/count`, { rules }],
      ['GET', `${API}/segments/${own.id}`],
      ['PUT', `${API}/segments/${own.id}`, { name: 'X', rules }],
      ['DELETE', `${API}/segments/${own.id}`],
      ['GET', `${API}/segments/${own.id}/donors`],
      ['GET', `${API}/segments/${own.id}/donors/export`],
      ['POST', `${API}/segments/${own.id}/members`, { contact_ids: [contactIds[0]] }],
      ['DELETE', `${API}/segments/${own.id}/members/${contactIds[0]}`],
    ];
    const anonymous = new TestClient(ctx.app);
    const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
    const { client: outsider } = await outsiderOrganisation(ctx, 'segments-outsider@example.org', 'Segment Outsiders');
    for (const [method, url, body] of routes) {
      expect((await anonymous.request(method, url, { body: body as object })).statusCode, `${method} ${url}`).toBe(401);
      expect((await fundraiser.request(method, url, { body: body as object })).statusCode, `${method} ${url}`).toBe(
        403,
      );
      if (url.includes(`/segments/${own.id}`)) {
        expect((await outsider.request(method, url, { body: body as object })).statusCode, `${method} ${url}`).toBe(
          404,
        );
      }
    }
    expect((await staff.request('DELETE', `${API}/segments/${own.id}`)).statusCode).toBe(403);
    // Another organisation's campaign cannot be named in a rule, nor its contacts added to a list.
    const campaignId = gifts[0]?.campaign_id;
    const theirs = await outsider.post(`${API}/segments/count`, {
      rules: { match: 'all', rules: [{ field: 'campaign', operator: 'gave_to', value: campaignId }] },
    });
    expect(theirs.statusCode).toBe(400);
    const list = await outsider.post(`${API}/segments`, { name: 'Poached', kind: 'static' });
    const poach = await outsider.post(`${API}/segments/${list.json().id}/members`, { contact_ids: [contactIds[0]] });
    expect(poach.statusCode).toBe(400);
    expect((await admin.request('DELETE', `${API}/segments/${own.id}`)).statusCode).toBe(204);
    expect((await staff.get(`${API}/segments/${own.id}`)).statusCode).toBe(404);
  });
});
