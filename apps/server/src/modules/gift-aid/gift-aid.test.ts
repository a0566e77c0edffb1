import { ZGiftAidClaim, ZGiftAidClaimList, ZGiftAidPreview } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { recordSucceededPayment } from '../donations/index.ts';
import { ensureSandboxPaymentsOfGifts } from '../payments/index.ts';

const BASE = '/api/v1/npo_admin/reports/gift_aid';
const year = new Date().getUTCFullYear() - 1;
// A period in last year's first quarter (Riverside counts calendar years), and one six years back.
const from = `${year}-02-01`;
const to = `${year}-02-28`;
const old = { from: `${year - 5}-02-01`, to: `${year - 5}-02-28` };
const query = (p: { from: string; to: string }) => `from=${p.from}&to=${p.to}`;

describe('Gift Aid claims', () => {
  const ctx = useTestApp();
  let finance: TestClient;
  let admin: TestClient;
  let npoId: number;
  let campaignId: number;
  const ids: Record<string, number> = {};

  const gift = async (
    key: string,
    o: { day: string; amount: number; currency?: string; declared?: boolean; name?: string },
  ) => {
    const { donation } = await recordSucceededPayment(ctx.db, {
      npoId,
      campaignId,
      provider: 'sandbox',
      providerReference: `gift-aid-test-${key}`,
      amountMinor: o.amount,
      currency: o.currency ?? 'GBP',
      paymentMethod: 'card',
      donor: { email: `${key}@gift-aid.example.org`, firstName: 'Test', lastName: key },
      giftAid:
        o.declared === false
          ? null
          : { name: o.name ?? `Mrs Jane Smith-${key}`, address: '12 Mill Lane, Leeds', postcode: 'ls14ap' },
      occurredAt: new Date(`${o.day}T12:00:00Z`),
    });
    ids[key] = donation.id;
    return donation.id;
  };

  const preview = async (client: TestClient, p = { from, to }) => {
    const res = await client.get(`${BASE}/preview?${query(p)}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZGiftAidPreview.parse(res.json());
  };
  const claim = async (client: TestClient, body: Record<string, unknown>) => client.post(`${BASE}/claims`, body);

  beforeAll(async () => {
    finance = new TestClient(ctx.app);
    await finance.signIn('finance@kindling.test');
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const { rows } = await ctx.db.execute<{ id: number; campaign: number }>(sql`
      SELECT n.id, (SELECT c.id FROM campaigns c WHERE c.npo_id = n.id AND c.campaign_url = 'spring-appeal') AS campaign
      FROM npos n WHERE n.slug = 'riverside-food-bank'`);
    npoId = Number(rows[0]?.id);
    campaignId = Number(rows[0]?.campaign);
    await gift('eligible', { day: `${year}-02-03`, amount: 5000 });
    await gift('small', { day: `${year}-02-04`, amount: 1500, name: 'Tom Brown' });
    await gift('refunded', { day: `${year}-02-05`, amount: 3000 });
    await gift('undeclared', { day: `${year}-02-06`, amount: 2500, declared: false });
    await gift('usd', { day: `${year}-02-07`, amount: 2500, currency: 'USD', declared: false });
    await gift('ancient', { day: `${year - 5}-02-10`, amount: 4000 });
    // The sandbox's payment of each gift, so the refund goes through the provider as staff's would.
    await ensureSandboxPaymentsOfGifts(ctx.db, npoId);
    const refund = await admin.post(`/api/v1/npo_admin/donations/${ids.refunded}/refunds`, {
      idempotency_key: 'gift-aid-test-refund-1',
    });
    expect(refund.statusCode, refund.body).toBe(200);
  });

  it('lists the eligible gifts with 25p per £1, and the exclusions with their reasons', async () => {
    const p = await preview(finance);
    const eligible = new Map(p.eligible.map((g) => [g.donation_id, g]));
    expect(eligible.get(ids.eligible as number)?.claim_minor).toBe(1250);
    expect(eligible.get(ids.small as number)?.claim_minor).toBe(375);
    expect(eligible.has(ids.refunded as number)).toBe(false);
    expect(eligible.has(ids.undeclared as number)).toBe(false);
    const reasons = new Map(p.exclusions.map((e) => [e.donation_id, e.reason]));
    expect(reasons.get(ids.refunded as number)).toBe('refunded');
    expect(reasons.get(ids.undeclared as number)).toBe('not_declared');
    // A USD gift without a declaration is not a candidate at all.
    expect(reasons.has(ids.usd as number)).toBe(false);
    expect(p.accounting_period).toEqual({ from: `${year}-01-01`, to: `${year}-12-31`, claim_by: `${year + 4}-12-31` });
    expect(p.can_claim).toBe(true);
    expect(p.totals.gifts).toBe(p.eligible.length);

    const ancient = await preview(finance, old);
    expect(ancient.eligible).toEqual([]);
    expect(ancient.exclusions.find((e) => e.donation_id === ids.ancient)?.reason).toBe('outside_window');
  });

  it("the demo: a claim made for last year's first quarter and a refunded declared gift, left out with reasons", async () => {
    const q1 = await preview(finance, { from: `${year}-01-01`, to: `${year}-03-31` });
    const claimed = q1.exclusions.filter((e) => e.reason === 'already_claimed');
    expect(claimed.length).toBeGreaterThan(0);
    expect(claimed.every((e) => e.claim_reference === `GA-${year}-001`)).toBe(true);
    const rest = await preview(finance, { from: `${year}-04-01`, to: `${year}-12-31` });
    expect(rest.eligible.some((g) => g.declared_name === 'Dr Fiona MacLeod')).toBe(true);
    expect(rest.exclusions.find((e) => e.declared_name === 'Mr Oliver Grant')?.reason).toBe('refunded');
  });

  it('refuses a period across two accounting periods, and bad dates, with 422/400', async () => {
    const res = await finance.get(`${BASE}/preview?from=${year}-12-01&to=${year + 1}-01-31`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/one accounting period/);
    expect((await finance.get(`${BASE}/preview?from=${year}-02-10&to=${year}-02-01`)).statusCode).toBe(400);
    expect((await finance.get(`${BASE}/preview?from=yesterday&to=${year}-02-01`)).statusCode).toBe(400);
  });

  it('claims the reviewed gifts once: the export never holds a refunded or claimed gift; undo frees them', async () => {
    const p = await preview(finance);
    const donationIds = p.eligible.map((g) => g.donation_id);
    // A stale review (one gift missing) is refused and claims nothing.
    const stale = await claim(finance, { from, to, donation_ids: donationIds.slice(1) });
    expect(stale.statusCode).toBe(409);
    // Two claims of the same gifts at once: one wins. The other is refused whole: by the unique
    // index on open claim gifts (409) when both read the gifts before either wrote, or as having
    // nothing left to claim (422) when it read them after the winner committed: which of the two
    // depends on the timing, the gifts claimed once does not.
    const [a, b] = await Promise.all([
      claim(finance, { from, to, donation_ids: donationIds, reference: 'RACE-A' }),
      claim(admin, { from, to, donation_ids: donationIds, reference: 'RACE-B' }),
    ]);
    const [winner, loser] = a.statusCode === 201 ? [a, b] : [b, a];
    expect(winner.statusCode, winner.body).toBe(201);
    expect([409, 422], loser.body).toContain(loser.statusCode);
    const won = ZGiftAidClaim.parse(winner.json());
    expect(won.gift_count).toBe(donationIds.length);
    expect(won.claim_minor).toBe(p.totals.claim_minor);

    const after = await preview(finance);
    expect(after.eligible).toEqual([]);
    const claimed = after.exclusions.find((e) => e.donation_id === ids.eligible);
    expect(claimed).toMatchObject({ reason: 'already_claimed', claim_reference: won.reference });
    expect((await claim(finance, { from, to, donation_ids: donationIds })).statusCode).toBe(422);

    const csv = await finance.get(`${BASE}/claims/${won.id}/schedule?format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Item,Title,First name or initial,Last name,House name or number,Postcode,Aggregated donations,Sponsored event,Donation date,Amount',
    );
    expect(lines).toContain(`1,Mrs,Jane,Smith eligible,12,LS1 4AP,,,03/02/${String(year).slice(2)},50.00`);
    expect(csv.body).not.toContain('Smith refunded');
    expect(lines).toHaveLength(donationIds.length + 1);

    const aggregated = await finance.get(`${BASE}/claims/${won.id}/schedule?format=csv&aggregate=1`);
    expect(aggregated.body).not.toContain('Tom,Brown');
    expect(aggregated.body).toContain('donations of £20 or less');

    const xlsx = await finance.get(`${BASE}/claims/${won.id}/schedule?format=xlsx`);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(4).value).toBe('Last name');
    expect(sheet?.rowCount).toBe(donationIds.length + 1);

    // HMRC rejected it: undo, and the gifts are eligible again.
    const undo = await finance.post(`${BASE}/claims/${won.id}/undo`, { reason: 'HMRC rejected the claim' });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(ZGiftAidClaim.parse(undo.json()).status).toBe('undone');
    expect((await finance.post(`${BASE}/claims/${won.id}/undo`, { reason: 'again' })).statusCode).toBe(409);
    expect((await preview(finance)).eligible.map((g) => g.donation_id).sort()).toEqual([...donationIds].sort());
    const again = await claim(finance, { from, to, donation_ids: donationIds, reference: won.reference });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/reference/);
    expect((await claim(finance, { from, to, donation_ids: donationIds, reference: 'RESUBMIT-1' })).statusCode).toBe(
      201,
    );

    const list = ZGiftAidClaimList.parse((await finance.get(`${BASE}/claims`)).json());
    expect(list.claims.find((c) => c.id === won.id)).toMatchObject({
      status: 'undone',
      undo_reason: 'HMRC rejected the claim',
    });
    const { rows } = await ctx.db.execute<{ action: string }>(sql`
      SELECT action FROM audit_log WHERE npo_id = ${npoId} AND target_type = 'gift_aid_claim' AND target_id = ${won.id}`);
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['gift_aid.claimed', 'gift_aid.schedule_downloaded', 'gift_aid.claim_undone']),
    );
  });

  it('roles: anonymous 401, a fundraiser 403, staff reads but may not claim, another organisation 404', async () => {
    expect((await new TestClient(ctx.app).get(`${BASE}/preview?${query({ from, to })}`)).statusCode).toBe(401);
    const fundraiser = new TestClient(ctx.app);
    await fundraiser.signIn('fundraiser@kindling.test');
    expect((await fundraiser.get(`${BASE}/claims`)).statusCode).toBe(403);
    const staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    const seen = await preview(staff);
    expect(seen.can_claim).toBe(false);
    expect((await claim(staff, { from, to, donation_ids: [1] })).statusCode).toBe(403);
    const manager = new TestClient(ctx.app);
    await manager.signIn('manager@kindling.test');
    expect((await manager.get(`${BASE}/claims`)).statusCode).toBe(200);

    const list = ZGiftAidClaimList.parse((await finance.get(`${BASE}/claims`)).json());
    const mine = list.claims[0];
    expect(mine).toBeDefined();
    const outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'gift-aid-outsider@example.org',
      password: 'outsider-pass',
    });
    expect(
      (await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Gift Aid Trust' })).statusCode,
    ).toBe(201);
    expect((await outsider.get(`${BASE}/claims/${mine?.id}/schedule?format=csv`)).statusCode).toBe(404);
    expect((await outsider.post(`${BASE}/claims/${mine?.id}/undo`, { reason: 'x' })).statusCode).toBe(404);
    const theirs = ZGiftAidClaimList.parse((await outsider.get(`${BASE}/claims`)).json());
    expect(theirs.claims).toEqual([]);
    // Their preview never shows Riverside's gifts.
    const p = await preview(outsider);
    expect(p.eligible.some((g) => g.donation_id === ids.eligible)).toBe(false);
  });
});
