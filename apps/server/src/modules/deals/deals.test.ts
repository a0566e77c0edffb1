import {
  ZDealBoard,
  ZDealList,
  ZDealOptions,
  ZDealRecord,
  ZPipelineFigures,
  ZTask,
  ZTaskList,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn, userIdOf } from '../team/team.test-support.ts';

const API = '/api/v1/npo_admin';

describe('CRM deals API', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  let staffId: number;
  let adminId: number;
  /** Two of Riverside's donors with received gifts, and one gift of each. */
  let givers: Array<{ id: number; donationId: number; amount: number; currency: string }> = [];

  const create = async (client: TestClient, body: Record<string, unknown>) => {
    const res = await client.post(`${API}/deals`, body);
    expect(res.statusCode, res.body).toBe(201);
    return ZDealRecord.parse(res.json());
  };
  const dealCount = async () =>
    Number((await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM deals`)).rows[0]?.n);

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    staff = await signedIn(ctx, 'staff@kindling.test');
    staffId = await userIdOf(ctx, 'staff@kindling.test');
    adminId = await userIdOf(ctx, 'admin@kindling.test');
    const { rows } = await ctx.db.execute<{ id: number; donation_id: number; amount: number; currency: string }>(sql`
      SELECT DISTINCT ON (g.donor_id) g.donor_id AS id, g.id AS donation_id, g.amount_minor AS amount, g.currency
      FROM donations g JOIN npos n ON n.id = g.npo_id
      WHERE n.slug = 'riverside-food-bank' AND g.status = 'succeeded' AND g.currency = n.base_currency
      ORDER BY g.donor_id, g.id LIMIT 2`);
    givers = rows.map((r) => ({
      id: Number(r.id),
      donationId: Number(r.donation_id),
      amount: Number(r.amount),
      currency: r.currency,
    }));
  });

  it('starts the demo with six deals across the stages and the admin’s tasks due today and overdue', async () => {
    const board = ZDealBoard.parse((await admin.get(`${API}/deals/board`)).json());
    const withDeals = board.columns.filter((c) => c.deals.length > 0).map((c) => c.key);
    expect(withDeals).toEqual(['identified', 'qualified', 'cultivation', 'solicitation', 'pledged', 'won']);
    expect(board.columns.flatMap((c) => c.deals).every((d) => d.owner !== null)).toBe(true);
    const won = board.columns.find((c) => c.key === 'won')?.deals[0];
    expect(won?.received_minor).toBeGreaterThan(0);
    const mine = ZTaskList.parse((await admin.get(`${API}/tasks?view=my`)).json());
    expect(mine.tasks.some((t) => t.due_on === mine.today)).toBe(true);
    expect(mine.tasks.some((t) => t.overdue)).toBe(true);
  });

  it('puts a new deal on the board, moves it with an audit entry, and a move drops an overridden probability', async () => {
    const [giver] = givers;
    const deal = await create(staff, {
      title: 'Capital campaign lead gift',
      contact_id: giver?.id,
      amount_minor: 2_500_000,
      expected_on: '2027-03-15',
      owner_user_id: staffId,
      next_step: 'Lunch with the board chair',
    });
    expect(deal).toMatchObject({ stage: 'identified', probability: 10, weighted_minor: 250_000 });
    const board = ZDealBoard.parse((await staff.get(`${API}/deals/board`)).json());
    expect(board.columns.map((c) => c.key)).toEqual([
      'identified',
      'qualified',
      'cultivation',
      'solicitation',
      'pledged',
      'won',
      'lost',
    ]);
    expect(board.columns[0]?.deals.map((d) => d.id)).toContain(deal.id);

    const put = await staff.put(`${API}/deals/${deal.id}`, {
      title: deal.title,
      contact_id: giver?.id,
      amount_minor: 2_500_000,
      probability: 35,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(ZDealRecord.parse(put.json())).toMatchObject({ probability: 35, probability_overridden: true });

    const moved = await staff.post(`${API}/deals/${deal.id}/move`, { stage: 'cultivation' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(ZDealRecord.parse(moved.json())).toMatchObject({
      stage: 'cultivation',
      probability: 40,
      probability_overridden: false,
    });
    const { rows } = await ctx.db.execute<{ action: string; data: { from: string; to: string } }>(sql`
      SELECT action, data FROM audit_log WHERE target_type = 'deal' AND target_id = ${String(deal.id)} ORDER BY id`);
    expect(rows.at(-1)).toMatchObject({ action: 'deal.moved', data: { from: 'identified', to: 'cultivation' } });

    // Placed before another deal of the column, it comes first there.
    const other = await create(staff, {
      title: 'Second',
      contact_id: giver?.id,
      amount_minor: 1000,
      stage: 'qualified',
    });
    await staff.post(`${API}/deals/${deal.id}/move`, { stage: 'qualified', before_id: other.id });
    const qualified = ZDealBoard.parse((await staff.get(`${API}/deals/board`)).json()).columns[1];
    const ids = qualified?.deals.map((d) => d.id) ?? [];
    expect(ids.indexOf(deal.id)).toBe(ids.indexOf(other.id) - 1);
  });

  it('answers 401 anonymous, 403 to a peer fundraiser and to staff changing stages, 404 for another organisation', async () => {
    const [giver] = givers;
    const deal = await create(staff, { title: 'Ours', contact_id: giver?.id, amount_minor: 5000 });
    expect((await new TestClient(ctx.app).get(`${API}/deals/board`)).statusCode).toBe(401);
    const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await fundraiser.get(`${API}/deals/board`)).statusCode).toBe(403);
    const stages = ZDealOptions.parse((await staff.get(`${API}/deal_options`)).json()).stages;
    expect((await staff.put(`${API}/deal_stages`, { stages })).statusCode).toBe(403);

    const { client: outsider } = await outsiderOrganisation(ctx, 'deals-outsider@example.org', 'Deal Outsiders');
    expect((await outsider.get(`${API}/deals/${deal.id}`)).statusCode).toBe(404);
    const body = { title: 'Hijack', contact_id: giver?.id, amount_minor: 5000 };
    expect((await outsider.put(`${API}/deals/${deal.id}`, body)).statusCode).toBe(404);
    expect((await outsider.post(`${API}/deals/${deal.id}/move`, { stage: 'won' })).statusCode).toBe(404);
    expect((await outsider.request('DELETE', `${API}/deals/${deal.id}`)).statusCode).toBe(404);
    expect((await outsider.post(`${API}/deals/${deal.id}/gifts`, { donation_id: giver?.donationId })).statusCode).toBe(
      404,
    );
    const theirs = await outsider.post(`${API}/deals`, body);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().fields).toEqual({ contact_id: 'Choose a contact of your organisation.' });
    const board = ZDealBoard.parse((await outsider.get(`${API}/deals/board`)).json());
    expect(board.columns.flatMap((c) => c.deals)).toEqual([]);
    expect(ZDealRecord.parse((await staff.get(`${API}/deals/${deal.id}`)).json()).title).toBe('Ours');
  });

  it('refuses bad input with the field and a clear message, changing nothing', async () => {
    const [giver] = givers;
    const before = await dealCount();
    const outsiderId = (await outsiderOrganisation(ctx, 'deals-owner@example.org', 'Owner Elsewhere')).npoId;
    const elsewhere = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT user_id AS id FROM memberships WHERE npo_id = ${outsiderId}`))
        .rows[0]?.id,
    );
    const base = { title: 'Bad', contact_id: giver?.id, amount_minor: 1000 };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ amount_minor: 0 }, 'amount_minor', 'Enter an amount greater than zero.'],
      [{ amount_minor: 10 ** 13 }, 'amount_minor', 'The amount is too large.'],
      [{ stage: 'dreaming' }, 'stage', 'Choose one of your pipeline’s stages.'],
      [{ owner_user_id: elsewhere }, 'owner_user_id', 'Choose a member of your team.'],
      [{ probability: 120 }, 'probability', 'Use a probability from 0 to 100.'],
      [{ title: '  ' }, 'title', 'Give the deal a name.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await staff.post(`${API}/deals`, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(res.json())).toBe(message);
    }
    const deal = await create(staff, base);
    const move = await staff.post(`${API}/deals/${deal.id}/move`, { stage: 'dreaming' });
    expect(move.statusCode).toBe(400);
    expect(ZDealRecord.parse((await staff.get(`${API}/deals/${deal.id}`)).json()).stage).toBe('identified');
    expect(await dealCount()).toBe(before + 1);
  });

  it('adds up the open pipeline by month and by owner, each deal weighted by its probability', async () => {
    const [a, b] = givers;
    await create(staff, {
      title: 'P1',
      contact_id: a?.id,
      amount_minor: 100_001,
      stage: 'solicitation',
      expected_on: '2027-05-02',
      owner_user_id: adminId,
    });
    await create(staff, {
      title: 'P2',
      contact_id: b?.id,
      amount_minor: 33_333,
      stage: 'qualified',
      expected_on: '2027-05-30',
      probability: 33,
    });
    await create(staff, {
      title: 'P3',
      contact_id: b?.id,
      amount_minor: 70_000,
      stage: 'won',
      expected_on: '2027-05-10',
      owner_user_id: adminId,
    });
    await create(staff, {
      title: 'P4',
      contact_id: a?.id,
      amount_minor: 9_999,
      stage: 'pledged',
      owner_user_id: staffId,
    });

    const { stages } = ZDealOptions.parse((await staff.get(`${API}/deal_options`)).json());
    const deals = ZDealList.parse((await staff.get(`${API}/deals`)).json()).deals;
    const open = deals.filter((d) => d.stage !== 'won' && d.stage !== 'lost');
    const weight = (d: (typeof deals)[number]) => {
      const p = d.probability_overridden ? d.probability : (stages.find((s) => s.key === d.stage)?.probability ?? 0);
      return Math.round((d.amount_minor * p) / 100);
    };
    const sums = (key: (d: (typeof deals)[number]) => string) => {
      const out = new Map<string, { amount: number; weighted: number; count: number }>();
      for (const d of open) {
        const k = `${key(d)}|${d.currency}`;
        const s = out.get(k) ?? { amount: 0, weighted: 0, count: 0 };
        out.set(k, { amount: s.amount + d.amount_minor, weighted: s.weighted + weight(d), count: s.count + 1 });
      }
      return out;
    };
    const figures = ZPipelineFigures.parse((await staff.get(`${API}/deals/pipeline`)).json());
    const byMonth = new Map(
      figures.by_month.map((r) => [
        `${r.month ?? 'none'}|${r.currency}`,
        { amount: r.amount_minor, weighted: r.weighted_minor, count: r.count },
      ]),
    );
    expect(byMonth).toEqual(sums((d) => d.expected_on?.slice(0, 7) ?? 'none'));
    const byOwner = new Map(
      figures.by_owner.map((r) => [
        `${r.owner?.id ?? 'none'}|${r.currency}`,
        { amount: r.amount_minor, weighted: r.weighted_minor, count: r.count },
      ]),
    );
    expect(byOwner).toEqual(sums((d) => String(d.owner?.id ?? 'none')));
    // May 2027 holds P1 and P2 (P3 is won, so no longer pipeline): 60% of 100,001 and 33% of 33,333.
    const may = figures.by_month.find((r) => r.month === '2027-05');
    expect(may?.weighted_minor).toBe(Math.round(100_001 * 0.6) + Math.round(33_333 * 0.33));
  });

  it('links the contact’s received gifts to a won deal: pledged against received', async () => {
    const [a, b] = givers;
    const deal = await create(staff, { title: 'Pledge', contact_id: a?.id, amount_minor: (a?.amount ?? 0) * 2 });
    const early = await staff.post(`${API}/deals/${deal.id}/gifts`, { donation_id: a?.donationId });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('Move the deal to Pledged or Won before linking the gifts that fulfil it.');

    await staff.post(`${API}/deals/${deal.id}/move`, { stage: 'won' });
    const record = ZDealRecord.parse((await staff.get(`${API}/deals/${deal.id}`)).json());
    expect(record.gifts.find((g) => g.donation_id === a?.donationId)).toMatchObject({ linked: false });

    const other = await staff.post(`${API}/deals/${deal.id}/gifts`, { donation_id: b?.donationId });
    expect(other.statusCode).toBe(422);
    expect(other.json().fields).toEqual({
      donation_id: 'This gift is from another contact: link the gifts of the deal’s contact.',
    });

    const linked = await staff.post(`${API}/deals/${deal.id}/gifts`, { donation_id: a?.donationId });
    expect(linked.statusCode, linked.body).toBe(200);
    const after = ZDealRecord.parse(linked.json());
    expect(after.received_minor).toBe(a?.amount);
    expect(after.gifts.find((g) => g.donation_id === a?.donationId)?.linked).toBe(true);

    // A gift fulfils one deal.
    const second = await create(staff, { title: 'Again', contact_id: a?.id, amount_minor: 100, stage: 'won' });
    expect((await staff.post(`${API}/deals/${second.id}/gifts`, { donation_id: a?.donationId })).statusCode).toBe(409);

    // Another organisation's gift is not found.
    const { client: outsider } = await outsiderOrganisation(ctx, 'deals-gifts@example.org', 'Gift Outsiders');
    const contact = (await outsider.post(`${API}/contacts`, { first_name: 'Their', last_name: 'Donor' })).json();
    const theirs = await create(outsider, { title: 'Theirs', contact_id: contact.id, amount_minor: 100, stage: 'won' });
    expect((await outsider.post(`${API}/deals/${theirs.id}/gifts`, { donation_id: a?.donationId })).statusCode).toBe(
      404,
    );

    const unlinked = await staff.request('DELETE', `${API}/deals/${deal.id}/gifts/${a?.donationId}`);
    expect(ZDealRecord.parse(unlinked.json()).received_minor).toBe(0);
  });

  it('moves deals and tasks to the kept contact when two donors are merged', async () => {
    const keep = (await admin.post(`${API}/contacts`, { first_name: 'Kept', last_name: 'Mergewell' })).json();
    const dup = (await admin.post(`${API}/contacts`, { first_name: 'Dupe', last_name: 'Mergewell' })).json();
    const deal = await create(staff, { title: 'Merge me', contact_id: dup.id, amount_minor: 4200 });
    const task = await staff.post(`${API}/tasks`, { title: 'Call Dupe', contact_id: dup.id, deal_id: deal.id });
    expect(task.statusCode, task.body).toBe(201);

    const merged = await admin.post(`${API}/donors/${keep.id}/merge`, { duplicate_id: dup.id });
    expect(merged.statusCode, merged.body).toBe(200);
    const moved = ZDealRecord.parse((await staff.get(`${API}/deals/${deal.id}`)).json());
    expect(moved.contact).toEqual({ id: keep.id, name: 'Kept Mergewell' });
    const movedTask = ZTask.parse((await staff.get(`${API}/tasks/${task.json().id}`)).json());
    expect(movedTask.contact?.id).toBe(keep.id);
    expect(movedTask.deal?.id).toBe(deal.id);
  });

  it('lets an administrator rename stages and change their probabilities, keeping won and lost', async () => {
    const { stages } = ZDealOptions.parse((await admin.get(`${API}/deal_options`)).json());
    const noWon = await admin.put(`${API}/deal_stages`, { stages: stages.filter((s) => s.key !== 'won') });
    expect(noWon.statusCode).toBe(400);
    expect(noWon.json().message).toBe('Keep the Won and Lost stages: they close a deal.');
    const inUse = await admin.put(`${API}/deal_stages`, { stages: stages.filter((s) => s.key !== 'qualified') });
    expect(inUse.statusCode).toBe(409);

    const changed = stages.map((s) => (s.key === 'qualified' ? { ...s, label: 'Warm', probability: 25 } : s));
    const res = await admin.put(`${API}/deal_stages`, { stages: changed });
    expect(res.statusCode, res.body).toBe(200);
    const board = ZDealBoard.parse((await staff.get(`${API}/deals/board`)).json());
    const warm = board.columns.find((c) => c.key === 'qualified');
    expect(warm).toMatchObject({ label: 'Warm', probability: 25 });
    expect(warm?.deals.filter((d) => !d.probability_overridden).every((d) => d.probability === 25)).toBe(true);
  });
});
