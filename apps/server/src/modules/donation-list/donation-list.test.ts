import {
  ZDonationFilterOptions,
  ZDonationListPageOnly,
  ZDonationListResponse,
  ZDonationListTotals,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { recordSucceededPayment } from '../donations/index.ts';

const LIST = '/api/v1/npo_admin/donations';

type Gift = {
  ref: string;
  email: string;
  first: string;
  last: string;
  amountMinor: number;
  currency?: string;
  interval?: 'once' | 'monthly' | 'yearly';
  method?: string;
  designation?: 'Children' | 'Adults';
  giftAid?: boolean;
  on: string;
};

describe('staff donations list API', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  let fundraiser: TestClient;
  let outsider: TestClient;
  let riverside = 0;
  let campaignId = 0;
  let otherCampaignId = 0;
  const ids: Record<string, number> = {};

  const get = async (client: TestClient, query: string) => {
    const res = await client.get(`${LIST}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZDonationListResponse.parse(res.json());
  };
  /** The list restricted to this file's campaign, so the demo seed's donations stay out of the way. */
  const mine = (query = '') => {
    const params = new URLSearchParams({ campaign_id: String(campaignId), per_page: '100' });
    for (const [key, value] of new URLSearchParams(query)) params.set(key, value);
    return get(staff, params.toString());
  };
  const refs = (body: { donations: Array<{ provider_reference: string | null }> }) =>
    body.donations.map((d) => d.provider_reference);

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    fundraiser = new TestClient(ctx.app);
    await fundraiser.signIn('fundraiser@kindling.test');
    outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'list-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Shelter' });
    riverside = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).rows[0]?.id,
    );
    const created = await admin.post('/api/v1/npo_admin/campaigns', {
      name: 'Winter Coats',
      campaign_url: 'list-winter-coats',
      status: 'active',
      currency: 'USD',
      currencies: ['USD', 'EUR', 'GBP'],
      user_amount_enable: true,
      designations: [{ name: 'Children' }, { name: 'Adults' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json().campaign as { id: number; designations: Array<{ id: number; name: string }> };
    campaignId = campaign.id;
    const designationId = (name?: string) => campaign.designations.find((d) => d.name === name)?.id ?? null;
    const other = await admin.post('/api/v1/npo_admin/campaigns', {
      name: 'Roof Repair',
      campaign_url: 'list-roof-repair',
      status: 'active',
      currency: 'USD',
      user_amount_enable: true,
    });
    otherCampaignId = other.json().campaign.id;

    const gifts: Gift[] = [
      {
        ref: 'pi_list_a',
        email: 'ada@example.org',
        first: 'Ada',
        last: 'Lovelace',
        amountMinor: 2_500,
        on: '2026-01-05',
        method: 'card',
      },
      {
        ref: 'pi_list_b',
        email: 'grace@example.org',
        first: 'Grace',
        last: 'Hopper',
        amountMinor: 10_000,
        on: '2026-02-10',
        method: 'paypal',
        interval: 'monthly',
        designation: 'Children',
        giftAid: true,
      },
      {
        ref: 'pi_list_c',
        email: 'alan@example.org',
        first: 'Alan',
        last: 'Turing',
        amountMinor: 5_000,
        currency: 'EUR',
        on: '2026-02-20',
        method: 'card',
        designation: 'Adults',
      },
      {
        ref: 'pi_list_d',
        email: 'ada@example.org',
        first: 'Ada',
        last: 'Lovelace',
        amountMinor: 700,
        currency: 'GBP',
        on: '2026-03-01',
        method: 'card',
        interval: 'yearly',
        giftAid: true,
      },
      {
        ref: 'pi_list_e',
        email: 'edsger@example.org',
        first: 'Edsger',
        last: 'Dijkstra',
        amountMinor: 40_000,
        on: '2026-03-15',
        method: 'us_bank_account',
        designation: 'Children',
      },
    ];
    for (const g of gifts) {
      const { donation } = await recordSucceededPayment(ctx.db, {
        npoId: riverside,
        campaignId,
        provider: 'sandbox',
        providerReference: g.ref,
        amountMinor: g.amountMinor,
        currency: g.currency ?? 'USD',
        interval: g.interval ?? 'once',
        paymentMethod: g.method ?? null,
        designationId: designationId(g.designation),
        giftAid: g.giftAid ? { name: `${g.first} ${g.last}`, address: '1 High St', postcode: 'AB1 2CD' } : null,
        donor: { email: g.email, firstName: g.first, lastName: g.last },
        occurredAt: new Date(`${g.on}T12:00:00Z`),
      });
      ids[g.ref] = donation.id;
    }
    await recordSucceededPayment(ctx.db, {
      npoId: riverside,
      campaignId: otherCampaignId,
      provider: 'sandbox',
      providerReference: 'pi_list_roof',
      amountMinor: 1_234,
      currency: 'USD',
      donor: { email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
    });
    // Refunds and failures are other screens' work; here only their states matter.
    await ctx.db.execute(
      sql`UPDATE donations SET status = 'refunded', refunded_at = now() WHERE id = ${ids.pi_list_e}`,
    );
    // Another organisation's donation, with a donor whose name matches searches of this file.
    const outsiderNpo = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE name = 'Outsider Shelter'`)).rows[0]?.id,
    );
    await recordSucceededPayment(ctx.db, {
      npoId: outsiderNpo,
      campaignId: null,
      provider: 'sandbox',
      providerReference: 'pi_list_outsider',
      amountMinor: 99_900,
      currency: 'USD',
      donor: { email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
    });
  });

  it('lists the campaign’s donations newest first with their details and totals', async () => {
    const body = await mine();
    expect(refs(body)).toEqual(['pi_list_e', 'pi_list_d', 'pi_list_c', 'pi_list_b', 'pi_list_a']);
    expect(body.total).toBe(5);
    const grace = body.donations.find((d) => d.provider_reference === 'pi_list_b');
    expect(grace).toMatchObject({
      id: ids.pi_list_b,
      donor: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org' },
      amount_minor: 10_000,
      currency: 'USD',
      base_currency: 'USD',
      campaign_id: campaignId,
      campaign_name: 'Winter Coats',
      designation: 'Children',
      payment_method: 'paypal',
      interval: 'monthly',
      status: 'succeeded',
      gift_aid: true,
      created_at: '2026-02-10T12:00:00.000Z',
    });
    expect(grace?.receipt_number).toMatch(/^\d+-\d+$/);
  });

  it('totals the whole filtered set, not the page, and they equal the rows added up', async () => {
    const all = await mine();
    const paged = await mine('per_page=2&page=1');
    expect(paged.donations).toHaveLength(2);
    expect(paged.totals).toEqual(all.totals);
    expect(all.totals.count).toBe(all.donations.length);
    expect(all.totals.base_currency).toBe('USD');
    expect(all.totals.base_amount_minor).toBe(all.donations.reduce((n, d) => n + d.base_amount_minor, 0));
    const byCurrency = new Map<string, { count: number; amount_minor: number }>();
    for (const d of all.donations) {
      const t = byCurrency.get(d.currency) ?? { count: 0, amount_minor: 0 };
      byCurrency.set(d.currency, { count: t.count + 1, amount_minor: t.amount_minor + d.amount_minor });
    }
    expect(all.totals.by_currency).toEqual(
      [...byCurrency.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, t]) => ({ currency, ...t })),
    );
    expect(all.totals.by_currency.find((t) => t.currency === 'USD')).toEqual({
      currency: 'USD',
      count: 3,
      amount_minor: 52_500,
    });
  });

  it('leaves the totals out when asked, and serves them alone for a filter', async () => {
    const rowsOnly = await staff.get(`${LIST}?campaign_id=${campaignId}&include_totals=false&sort=amount`);
    expect(rowsOnly.statusCode).toBe(200);
    const body = ZDonationListPageOnly.parse(rowsOnly.json());
    expect(refs(body)).toHaveLength(5);
    const alone = await staff.get(`${LIST}/totals?campaign_id=${campaignId}&currency=USD`);
    expect(alone.statusCode).toBe(200);
    expect(ZDonationListTotals.parse(alone.json())).toEqual((await mine('currency=USD')).totals);
    expect((await fundraiser.get(`${LIST}/totals`)).statusCode).toBe(403);
    expect((await staff.get(`${LIST}/totals?amount_min=-1`)).statusCode).toBe(400);
  });

  it('totals over the whole organisation add up across every page', async () => {
    const first = await get(staff, 'per_page=100&page=1');
    const rows = [...first.donations];
    for (let page = 2; (page - 1) * 100 < first.total; page++) {
      rows.push(...(await get(staff, `per_page=100&page=${page}`)).donations);
    }
    expect(rows).toHaveLength(first.total);
    expect(new Set(rows.map((d) => d.id)).size).toBe(rows.length);
    expect(first.totals.base_amount_minor).toBe(rows.reduce((n, d) => n + d.base_amount_minor, 0));
  });

  it.each([
    ['date range (inclusive days)', 'date_from=2026-02-10&date_to=2026-03-01', ['pi_list_d', 'pi_list_c', 'pi_list_b']],
    ['status', 'status=refunded', ['pi_list_e']],
    [
      'several statuses',
      'status=refunded,succeeded',
      ['pi_list_e', 'pi_list_d', 'pi_list_c', 'pi_list_b', 'pi_list_a'],
    ],
    ['payment method', 'payment_method=card', ['pi_list_d', 'pi_list_c', 'pi_list_a']],
    ['interval', 'interval=monthly,yearly', ['pi_list_d', 'pi_list_b']],
    ['currency', 'currency=eur', ['pi_list_c']],
    ['designation', 'designation=Children', ['pi_list_e', 'pi_list_b']],
    ['gift aid yes', 'gift_aid=yes', ['pi_list_d', 'pi_list_b']],
    ['gift aid no', 'gift_aid=no', ['pi_list_e', 'pi_list_c', 'pi_list_a']],
    ['amount range in base minor units', 'amount_min=2000&amount_max=3000', ['pi_list_a']],
    ['minimum amount', 'amount_min=10000', ['pi_list_e', 'pi_list_b']],
    ['search by donor name', 'search=hopper', ['pi_list_b']],
    ['search by part of an e-mail', 'search=ADA@EXAMPLE', ['pi_list_d', 'pi_list_a']],
    ['search by provider reference', 'search=pi_list_c', ['pi_list_c']],
  ])('filters by %s', async (_name, query, expected) => {
    const body = await mine(query);
    expect(refs(body)).toEqual(expected);
    expect(body.total).toBe(expected.length);
    expect(body.totals.count).toBe(expected.length);
  });

  it('filters by campaign, and finds a donation by its receipt number', async () => {
    const roof = await get(staff, `campaign_id=${otherCampaignId}`);
    expect(refs(roof)).toEqual(['pi_list_roof']);
    const both = await get(staff, `campaign_id=${campaignId}&campaign_id=${otherCampaignId}&per_page=100`);
    expect(both.total).toBe(6);
    const receipt = (await mine()).donations.find((d) => d.provider_reference === 'pi_list_c')?.receipt_number;
    const found = await get(staff, `search=${receipt}`);
    expect(refs(found)).toEqual(['pi_list_c']);
  });

  it.each([
    ['amount ascending', 'sort=amount&order=asc', ['pi_list_d', 'pi_list_a', 'pi_list_c', 'pi_list_b', 'pi_list_e']],
    ['amount descending', 'sort=amount&order=desc', ['pi_list_e', 'pi_list_b', 'pi_list_c', 'pi_list_a', 'pi_list_d']],
    ['date ascending', 'sort=date&order=asc', ['pi_list_a', 'pi_list_b', 'pi_list_c', 'pi_list_d', 'pi_list_e']],
    ['donor last name', 'sort=donor_name&order=asc', ['pi_list_e', 'pi_list_b', 'pi_list_a', 'pi_list_d', 'pi_list_c']],
  ])('sorts by %s', async (_name, query, expected) => {
    const body = await mine(query);
    // EUR and GBP amounts compare by their base-currency value.
    if (query.startsWith('sort=amount')) {
      const base = body.donations.map((d) => d.base_amount_minor);
      const sorted = [...base].sort((a, b) => (query.endsWith('asc') ? a - b : b - a));
      expect(base).toEqual(sorted);
    } else expect(refs(body)).toEqual(expected);
  });

  it('pages without overlap or gaps', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => mine(`per_page=2&page=${page}&sort=amount`)));
    expect(pages.map((p) => p.donations.length)).toEqual([2, 2, 1]);
    const all = pages.flatMap(refs);
    expect(new Set(all).size).toBe(5);
    expect(pages[2]).toMatchObject({ page: 3, per_page: 2, total: 5 });
  });

  it("never shows another organisation's donations", async () => {
    const body = await get(staff, 'search=lovelace&per_page=100');
    expect(refs(body).sort()).toEqual(['pi_list_a', 'pi_list_d', 'pi_list_roof']);
    const theirs = await get(outsider, 'per_page=100');
    expect(refs(theirs)).toEqual(['pi_list_outsider']);
    expect(theirs.totals.base_amount_minor).toBe(99_900);
    // Another organisation's campaign id filters to nothing rather than leaking its donations.
    const foreign = await get(outsider, `campaign_id=${campaignId}`);
    expect(foreign.total).toBe(0);
    expect(foreign.donations).toEqual([]);
  });

  it('refuses roles without dashboard access and anonymous callers', async () => {
    const peer = await fundraiser.get(LIST);
    expect(peer.statusCode).toBe(403);
    const anonymous = await new TestClient(ctx.app).get(LIST);
    expect(anonymous.statusCode).toBe(401);
    expect((await fundraiser.get(`${LIST}/export`)).statusCode).toBe(403);
    expect((await fundraiser.get(`${LIST}/filter_options`)).statusCode).toBe(403);
  });

  it.each([
    ['per_page=101', 'per_page', 'Per page must be at most 100'],
    ['page=0', 'page', 'Page starts at 1'],
    ['sort=size', 'sort', 'Sort by date, amount or donor_name'],
    ['date_from=2026-13-01', 'date_from', 'The start date is not a real date'],
    ['date_from=yesterday', 'date_from', 'The start date must be a date written YYYY-MM-DD'],
    ['date_from=2026-03-02&date_to=2026-03-01', 'date_to', 'The end date must not be before the start date'],
    ['amount_min=5.5', 'amount_min', 'The minimum amount must be a whole number of minor units (cents)'],
    ['amount_min=500&amount_max=100', 'amount_max', 'The maximum amount must not be below the minimum amount'],
    ['status=lost', 'status.0', undefined],
    ['gift_aid=maybe', 'gift_aid', 'Gift Aid must be yes or no'],
    ['currency=XYZ', 'currency.0', 'Choose a supported currency'],
  ])('answers 400 with a clear message for %s', async (query, field, message) => {
    const res = await staff.get(`${LIST}?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; message: string; fields: Record<string, string> };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields)).toContain(field);
    if (message) expect(body.fields[field]).toBe(message);
    else expect(body.fields[field]).toBeTruthy();
  });

  it('offers the filter choices found in the organisation', async () => {
    const res = await staff.get(`${LIST}/filter_options`);
    expect(res.statusCode).toBe(200);
    const options = ZDonationFilterOptions.parse(res.json());
    expect(options.base_currency).toBe('USD');
    expect(options.campaigns).toEqual(
      expect.arrayContaining([
        { id: campaignId, name: 'Winter Coats' },
        { id: otherCampaignId, name: 'Roof Repair' },
      ]),
    );
    expect(options.payment_methods).toEqual(expect.arrayContaining(['card', 'paypal', 'us_bank_account']));
    expect(options.currencies).toEqual(expect.arrayContaining(['EUR', 'GBP', 'USD']));
    expect(options.designations).toEqual(expect.arrayContaining(['Adults', 'Children']));
    const theirs = ZDonationFilterOptions.parse((await outsider.get(`${LIST}/filter_options`)).json());
    expect(theirs.campaigns).toEqual([]);
    expect(theirs.designations).toEqual([]);
  });
});
