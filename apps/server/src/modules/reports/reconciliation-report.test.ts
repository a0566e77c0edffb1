// The reconciliation report (docs/product/reports.md#reconciliation, decision 104) against the
// Stripe stand-in: "Refresh from Stripe" fetches the connected account's payouts and balance
// transactions through the job queue, a second fetch stores nothing twice, lists of more than one
// page are followed, each payout's lines add up to its amount, a charge Kindling did not record is
// flagged, and PayPal and an organisation without Stripe say plainly that they report no payouts.
import { type TTableReport, ZReconciliationRefreshResponse, ZTableReport } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { signedIn, userIdOf } from '../team/team.test-support.ts';

const BASE = '/api/v1/npo_admin/reports/reconciliation';
const ACCOUNT = 'acct_riverside';
const fee = (amount: number) => Math.round(amount * 0.029) + 30;
const charge = (amount: number, intent: string) => ({
  type: 'charge',
  amount,
  fee: fee(amount),
  source: { id: `ch_${intent}`, object: 'charge', payment_intent: intent },
});

type Gift = { id: number; reference: string; amount_minor: number };

describe('reconciliation report against the Stripe stand-in', () => {
  const stripe = useStripeStandIn();
  const ctx = useTestApp({ env: () => ({ ...stripe.env(), JOB_POLL_INTERVAL_SECONDS: '0.5' }) });
  let finance: TestClient;
  let gifts: Gift[];

  const report = async (query: Record<string, string>, client = finance): Promise<TTableReport> => {
    const res = await client.get(`${BASE}?${new URLSearchParams(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZTableReport.parse(res.json());
  };
  const stripeSource = (r: TTableReport) => r.sources?.find((s) => s.provider === 'stripe');
  /** Refresh, then wait (generously: the job queue on a loaded machine) until the fetch is done. */
  const refresh = async (period: { from: string; to: string }) => {
    const asked = await finance.post(`${BASE}/refresh`, period);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(ZReconciliationRefreshResponse.parse(asked.json()).source.refreshing).toBe(true);
    await expect
      .poll(async () => stripeSource(await report(period))?.refreshing, { timeout: 60_000, interval: 300 })
      .toBe(false);
    const source = stripeSource(await report(period));
    expect(source?.error ?? null).toBeNull();
    expect(source?.fetched_at).not.toBeNull();
  };
  const stored = async () =>
    (
      await ctx.db.execute<{ payouts: number; lines: number }>(sql`
        SELECT (SELECT count(*) FROM provider_payouts WHERE provider = 'stripe')::int AS payouts,
          (SELECT count(*) FROM provider_payout_lines WHERE provider = 'stripe')::int AS lines`)
    ).rows[0];

  beforeAll(async () => {
    finance = await signedIn(ctx, 'finance@kindling.test');
    await ctx.db.execute(sql`UPDATE npos SET stripe_account_id = ${ACCOUNT} WHERE slug = 'riverside-food-bank'`);
    // Two of the demo's gifts, as if taken through Stripe: their PaymentIntent ids are their references.
    gifts = (
      await ctx.db.execute<Gift>(sql`
        UPDATE donations SET provider = 'stripe', provider_reference = 'pi_rc_' || id
        WHERE id IN (SELECT d.id FROM donations d JOIN npos n ON n.id = d.npo_id
          WHERE n.slug = 'riverside-food-bank' AND d.status = 'succeeded' AND d.currency = 'USD'
          ORDER BY d.id LIMIT 2)
        RETURNING id::int, provider_reference AS reference, amount_minor::int`)
    ).rows;
    expect(gifts).toHaveLength(2);
  });

  afterEach(() => {
    expect(stripe.current().unexpectedPayoutRequests).toEqual([]);
  });

  it('fetches a payout, adds its lines up to its amount, matches gifts and flags what Kindling did not record', async () => {
    const [a, b] = gifts as [Gift, Gift];
    const s = stripe.current();
    const payout = s.addPayout(ACCOUNT, '2025-03-12', [
      charge(a.amount_minor, a.reference),
      charge(b.amount_minor, b.reference),
      {
        type: 'refund',
        amount: -1000,
        fee: 0,
        source: { id: 're_rc_1', object: 'refund', payment_intent: a.reference },
      },
      charge(4_200, 'pi_taken_elsewhere'),
      { type: 'stripe_fee', amount: -500, fee: 0, reporting_category: 'fee', description: 'Radar fees' },
    ]);
    // Another account's payout on the same day is not this organisation's.
    s.addPayout('acct_someone_else', '2025-03-12', [charge(9_900, 'pi_theirs')]);
    const period = { from: '2025-03-01', to: '2025-03-31' };
    await refresh(period);

    const payouts = await report({ ...period, currency: 'USD' });
    expect(payouts.rows).toHaveLength(1);
    const row = payouts.rows[0]?.cells ?? {};
    expect(row.payout).toBe(payout.id);
    expect(row.arrival_date).toBe('2025-03-12');
    expect(row.status).toBe('paid');
    expect(row.currency).toBe('USD');
    expect(row.amount).toBe(payout.amount);
    expect(row.net).toBe(payout.amount);
    expect(row.difference).toBe(0);
    expect(row.charges_gross).toBe(a.amount_minor + b.amount_minor + 4_200);
    expect(row.refunds).toBe(-1000);
    expect(row.fees).toBe(-(fee(a.amount_minor) + fee(b.amount_minor) + fee(4_200) + 500));
    expect(Number(row.charges_gross) + Number(row.refunds) + Number(row.disputes) + Number(row.fees)).toBe(
      payout.amount,
    );
    expect(row.unmatched).toBe(1);
    expect(payouts.totals?.amount).toBe(payout.amount);

    const lines = await report({ ...period, view: 'transactions' });
    // The payout's own balance transaction is not a line.
    expect(lines.rows).toHaveLength(5);
    expect(lines.totals?.net).toBe(payout.amount);
    const gift = (source: string) => lines.rows.find((r) => r.cells.source === source)?.cells.gift;
    expect(gift(`ch_${a.reference}`)).toBe(`#${a.id}`);
    expect(gift('re_rc_1')).toBe(`#${a.id}`);
    expect(gift(`ch_${b.reference}`)).toBe(`#${b.id}`);
    expect(gift('ch_pi_taken_elsewhere')).toBe('Not matched');
    expect(lines.rows.find((r) => r.cells.type === 'Fee')?.cells.gift).toBeNull();

    // Every payouts request went to the connected account with the platform's key, through the SDK.
    const asked = s.requests.filter((r) => /^\/v1\/(payouts|balance_transactions)/.test(r.path));
    expect(asked.length).toBeGreaterThanOrEqual(2);
    for (const r of asked) {
      expect(r.method).toBe('GET');
      expect(r.headers['stripe-account']).toBe(ACCOUNT);
    }
    const list = asked.find((r) => r.path.startsWith('/v1/payouts'))?.path ?? '';
    const query = new URLSearchParams(list.split('?')[1]);
    expect(query.get('arrival_date[gte]')).toBe(String(Date.parse('2025-03-01T00:00:00Z') / 1000));
    expect(query.get('arrival_date[lt]')).toBe(String(Date.parse('2025-04-01T00:00:00Z') / 1000));
  });

  it('a second fetch stores no payout or line twice', async () => {
    const before = await stored();
    await refresh({ from: '2025-03-01', to: '2025-03-31' });
    expect(await stored()).toEqual(before);
  });

  it('follows lists over more than one page, for payouts and for their transactions', async () => {
    const s = stripe.current();
    // 105 charges: two pages at the adapter's limit of 100.
    const big = s.addPayout(
      ACCOUNT,
      '2025-05-07',
      Array.from({ length: 105 }, (_, i) => charge(1_000 + i, `pi_many_${i}`)),
    );
    await refresh({ from: '2025-05-01', to: '2025-05-31' });
    const many = await report({ from: '2025-05-01', to: '2025-05-31' });
    expect(many.rows[0]?.cells.lines).toBe(105);
    expect(many.rows[0]?.cells.amount).toBe(big.amount);
    expect(many.rows[0]?.cells.difference).toBe(0);

    // Three payouts of three lines each, two to a page.
    s.pageListsBy(2);
    try {
      const made = ['2025-06-04', '2025-06-11', '2025-06-18'].map((day, n) =>
        s.addPayout(ACCOUNT, day, [
          charge(2_000 + n, `pi_june_${n}_a`),
          charge(3_000, `pi_june_${n}_b`),
          charge(500, `pi_june_${n}_c`),
        ]),
      );
      const paged = s.requests.length;
      await refresh({ from: '2025-06-01', to: '2025-06-30' });
      const june = await report({ from: '2025-06-01', to: '2025-06-30' });
      expect(june.rows.map((r) => r.cells.payout).sort()).toEqual(made.map((m) => m.id).sort());
      for (const r of june.rows) {
        expect(r.cells.lines).toBe(3);
        expect(r.cells.difference).toBe(0);
      }
      expect(june.totals?.amount).toBe(made.reduce((sum, m) => sum + m.amount, 0));
      const later = s.requests.slice(paged).map((r) => r.path);
      expect(later.some((p) => p.startsWith('/v1/payouts') && p.includes('starting_after='))).toBe(true);
      expect(later.some((p) => p.startsWith('/v1/balance_transactions') && p.includes('starting_after='))).toBe(true);
    } finally {
      s.pageListsBy(100);
    }
  });

  it('PayPal and an organisation without a connected Stripe account say they report no payouts', async () => {
    const r = await report({ from: '2025-03-01', to: '2025-03-31' });
    expect(r.sources?.find((s) => s.provider === 'paypal')).toMatchObject({
      reported: false,
      message: 'PayPal does not report payouts to Kindling; match PayPal deposits from your PayPal statement.',
    });
    const outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'reconciliation-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Reconciliation Trust' });
    const theirs = await report({ from: '2025-03-01', to: '2025-03-31' }, outsider);
    expect(theirs.rows).toEqual([]);
    expect(stripeSource(theirs)).toMatchObject({ reported: false, can_refresh: false });
    expect(stripeSource(theirs)?.message).toMatch(/No Stripe account is connected/);
    const refused = await outsider.post(`${BASE}/refresh`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/No Stripe account is connected/);
  });

  it('the demo’s sandbox payouts add up to their amounts, with the outside charge flagged', async () => {
    const r = await report({});
    const sandbox = r.rows.filter((row) => row.cells.provider === 'Sandbox');
    expect(sandbox.length).toBeGreaterThan(0);
    for (const row of sandbox) expect(row.cells.difference, String(row.cells.payout)).toBe(0);
    expect(sandbox.reduce((n, row) => n + Number(row.cells.unmatched), 0)).toBe(1);
    expect(r.sources?.find((s) => s.provider === 'sandbox')).toMatchObject({ reported: true, can_refresh: false });
  });

  it('filters a payout cannot answer are 400; refresh is the reports’ access; it is audited', async () => {
    const campaign = await finance.get(`${BASE}?campaign_id=1`);
    expect([400, 404]).toContain(campaign.statusCode);
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      SELECT c.id::int FROM campaigns c JOIN npos n ON n.id = c.npo_id WHERE n.slug = 'riverside-food-bank' LIMIT 1`);
    const own = await finance.get(`${BASE}?campaign_id=${rows[0]?.id}`);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toMatch(/filters by period and currency only/);
    expect((await finance.get(`${BASE}?currency=USD,EUR`)).statusCode).toBe(400);
    expect((await finance.post(`${BASE}/refresh`, { from: '2025-05-01', to: '2025-04-01' })).statusCode).toBe(400);

    expect((await new TestClient(ctx.app).post(`${BASE}/refresh`, {})).statusCode).toBe(401);
    const fundraiser = new TestClient(ctx.app);
    await fundraiser.signIn('fundraiser@kindling.test');
    expect((await fundraiser.post(`${BASE}/refresh`, {})).statusCode).toBe(403);
    const admin = await signedIn(ctx, 'admin@kindling.test');
    const url = `/api/v1/npo_admin/user_permissions/${await userIdOf(ctx, 'staff@kindling.test')}`;
    expect((await admin.put(url, { permissions: { permissions: ['donations.export'] } })).statusCode).toBe(200);
    const staff = await signedIn(ctx, 'staff@kindling.test');
    expect((await staff.post(`${BASE}/refresh`, {})).statusCode).toBe(403);
    expect((await staff.get(`${BASE}/download?format=csv`)).statusCode).toBe(403);

    const audited = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'reports.reconciliation_refreshed'`,
    );
    expect(audited.rows[0]?.n).toBeGreaterThanOrEqual(4);
    const csv = await finance.get(`${BASE}/download?format=csv&from=2025-03-01&to=2025-03-31&view=transactions`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Not matched');
    for (const format of ['xlsx', 'pdf']) {
      const file = await finance.get(`${BASE}/download?format=${format}&from=2025-03-01&to=2025-03-31`);
      expect(file.statusCode, format).toBe(200);
      expect(file.headers['content-disposition']).toMatch(new RegExp(`reconciliation-payouts-.*\\.${format}`));
    }
  });
  it('Stripe out of reach: the report says so and keeps what it had; the queue tries again', async () => {
    const period = { from: '2025-03-01', to: '2025-03-31' };
    const before = await stored();
    stripe.current().refuseNext(1, 500);
    expect((await finance.post(`${BASE}/refresh`, period)).statusCode).toBe(202);
    await expect
      .poll(async () => stripeSource(await report(period))?.error, { timeout: 60_000, interval: 300 })
      .toBe('Stripe could not be reached; the fetch is tried again in a minute.');
    expect(await stored()).toEqual(before);
    expect((await report(period)).rows).toHaveLength(1);
  });
});
