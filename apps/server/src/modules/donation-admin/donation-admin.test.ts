import { ZDonationDetailResponse, ZDonationHistoryResponse, ZDonorSearchResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTo, payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

describe('donation detail, receipt resend and offline gifts', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  let outsider: TestClient;
  let spring = 0;

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'detail-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Detail Trust' });
    spring = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM campaigns WHERE campaign_url = 'spring-appeal'`)).rows[0]
        ?.id,
    );
  });

  const detailOf = async (client: TestClient, id: number) => {
    const res = await client.get(`/api/v1/npo_admin/donations/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZDonationDetailResponse.parse(res.json()).donation;
  };

  it('shows staff everything recorded for a gift, and its history', async () => {
    const gift = await payForGift(ctx, {
      amount: 5300,
      currency: 'EUR',
      email: 'detail@example.org',
      extra: {
        comment: 'For the spring boxes',
        add_to_donor_wall: true,
        show_amount_on_donor_wall: true,
      },
    });
    const { id } = await gift.confirm();
    const d = await detailOf(staff, id);
    expect(d).toMatchObject({
      id,
      campaign_name: 'Spring Appeal',
      donor: { first_name: 'Ada', last_name: 'Lovelace', email: 'detail@example.org' },
      amount_minor: 5300,
      included_fees_minor: 0,
      currency: 'EUR',
      base_currency: 'USD',
      status: 'succeeded',
      comment: 'For the spring boxes',
      add_to_donor_wall: true,
      show_amount_on_donor_wall: true,
      provider: 'sandbox',
      refunded_minor: 0,
      refundable_minor: 5300,
      refundable: true,
      created_by: null,
    });
    expect(d.provider_reference).toMatch(/^pi_/);
    expect(d.receipt_number).toMatch(/-\d{6}$/);
    expect(Number(d.fx_rate)).toBeGreaterThan(0);
    expect(d.base_amount_minor).toBe(Math.round(5300 * Number(d.fx_rate)));
    expect(d.ledger.map((l) => [l.kind, l.amount_minor, l.base_amount_minor])).toEqual([
      ['gift', 5300, d.base_amount_minor],
    ]);
    const history = ZDonationHistoryResponse.parse(
      (await staff.get(`/api/v1/npo_admin/donations/${id}/history`)).json(),
    );
    expect(history.history.map((h) => [h.action, h.actor])).toContainEqual(['donation.recorded', null]);
  });

  it('answers 404 for another organisation, 400 for a bad id, 401/403 without dashboard access', async () => {
    const id = Number((await ctx.db.execute(sql`SELECT min(id) AS id FROM donations`)).rows[0]?.id);
    expect((await outsider.get(`/api/v1/npo_admin/donations/${id}`)).statusCode).toBe(404);
    expect((await outsider.get(`/api/v1/npo_admin/donations/${id}/history`)).statusCode).toBe(404);
    expect((await outsider.post(`/api/v1/npo_admin/donations/${id}/resend_receipt`)).statusCode).toBe(404);
    expect((await admin.get('/api/v1/npo_admin/donations/abc')).statusCode).toBe(400);
    expect((await admin.get('/api/v1/npo_admin/donations/99999999')).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).get(`/api/v1/npo_admin/donations/${id}`)).statusCode).toBe(401);
    const fundraiser = new TestClient(ctx.app);
    await fundraiser.signIn('fundraiser@kindling.test');
    expect((await fundraiser.get(`/api/v1/npo_admin/donations/${id}`)).statusCode).toBe(403);
  });

  it('resends a receipt that already went out, and audits who asked', async () => {
    const gift = await payForGift(ctx, { amount: 2500, currency: 'USD', email: 'resend@example.org' });
    const { id } = await gift.confirm();
    expect(await mailTo(ctx.dataDir, 'resend@example.org', 1)).toHaveLength(1);
    const res = await staff.post(`/api/v1/npo_admin/donations/${id}/resend_receipt`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ queued: true, email: 'resend@example.org' });
    const mails = await mailTo(ctx.dataDir, 'resend@example.org', 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.pdf).not.toBeNull();
    const history = ZDonationHistoryResponse.parse(
      (await admin.get(`/api/v1/npo_admin/donations/${id}/history`)).json(),
    );
    expect(history.history[0]).toMatchObject({ action: 'donation.receipt_resent', actor: 'Stella Staff' });
  });

  it('records an offline gift for a new donor that counts like any other', async () => {
    const campaignBefore = (await admin.get(`/api/v1/npo_admin/campaigns/${spring}`)).json().campaign;
    const res = await admin.post('/api/v1/npo_admin/offline_donations', {
      donor: { first_name: 'Cash', last_name: 'Giver', email: 'Cash.Giver@example.org' },
      campaign_id: spring,
      method: 'cheque',
      received_on: '2026-01-15',
      amount_minor: 12_345,
      currency: 'USD',
      gift_aid: true,
      gift_aid_address: '1 High Street, Leeds',
      gift_aid_postcode: 'LS1 1AA',
      note: 'Cheque no. 000123',
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = ZDonationDetailResponse.parse(res.json()).donation;
    expect(d).toMatchObject({
      status: 'succeeded',
      provider: 'offline',
      payment_method: 'cheque',
      amount_minor: 12_345,
      base_amount_minor: 12_345,
      created_by: 'Ada Admin',
      refundable: false,
      donor: { first_name: 'Cash', last_name: 'Giver', email: 'cash.giver@example.org' },
      gift_aid: true,
      gift_aid_declaration: { name: 'Cash Giver', address: '1 High Street, Leeds', postcode: 'LS1 1AA' },
    });
    expect(d.created_at.slice(0, 10)).toBe('2026-01-15');
    expect(d.provider_reference).toMatch(/^offline-/);
    expect(d.receipt_number).toMatch(/-\d{6}$/);
    expect(d.ledger).toMatchObject([{ kind: 'gift', amount_minor: 12_345, base_amount_minor: 12_345 }]);

    const campaignAfter = (await admin.get(`/api/v1/npo_admin/campaigns/${spring}`)).json().campaign;
    expect(campaignAfter.raised_minor - campaignBefore.raised_minor).toBe(12_345);
    expect(campaignAfter.donations_count - campaignBefore.donations_count).toBe(1);
    const donor = await admin.get(`/api/v1/npo_admin/donors/${d.donor.id}`);
    expect(donor.json().summary).toMatchObject({ lifetime_total_minor: 12_345, gift_count: 1 });
    const notes = (await admin.get(`/api/v1/npo_admin/donations/${d.id}/notes`)).json().notes;
    expect(notes).toMatchObject([{ body: 'Cheque no. 000123', author_name: 'Ada Admin' }]);
    const history = ZDonationHistoryResponse.parse(
      (await admin.get(`/api/v1/npo_admin/donations/${d.id}/history`)).json(),
    );
    expect(history.history.map((h) => h.action)).toContain('donation.offline_recorded');
    // Offline gifts are not refunded through a payment provider.
    const refund = await admin.post(`/api/v1/npo_admin/donations/${d.id}/refunds`, {
      idempotency_key: 'offline-try-1',
    });
    expect(refund.statusCode).toBe(409);
  });

  it('finds existing donors by name or e-mail and records a gift for one', async () => {
    const search = await admin.get('/api/v1/npo_admin/offline_donations/donors?q=giver');
    expect(search.statusCode, search.body).toBe(200);
    const [match] = ZDonorSearchResponse.parse(search.json()).donors;
    expect(match).toMatchObject({ first_name: 'Cash', email: 'cash.giver@example.org' });
    const res = await admin.post('/api/v1/npo_admin/offline_donations', {
      donor_id: match?.id,
      campaign_id: spring,
      method: 'cash',
      received_on: '2026-02-01',
      amount_minor: 1000,
      currency: 'GBP',
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = ZDonationDetailResponse.parse(res.json()).donation;
    expect(d.donor.id).toBe(match?.id);
    expect(d.currency).toBe('GBP');
    expect(d.base_amount_minor).toBe(Math.round(1000 * Number(d.fx_rate)));
  });

  it("refuses an offline gift naming another organisation's designation, recording nothing", async () => {
    const created = await outsider.post('/api/v1/npo_admin/campaigns', {
      name: 'Own Appeal',
      campaign_url: 'own-appeal-x',
    });
    expect(created.statusCode, created.body).toBe(201);
    const foreign = Number(
      (
        await ctx.db.execute<{ id: number }>(
          sql`SELECT id FROM campaign_designations WHERE campaign_id = ${spring} LIMIT 1`,
        )
      ).rows[0]?.id,
    );
    expect(foreign).toBeGreaterThan(0);
    const count = async () => Number((await ctx.db.execute(sql`SELECT count(*)::int AS n FROM donations`)).rows[0]?.n);
    const before = await count();
    const res = await outsider.post('/api/v1/npo_admin/offline_donations', {
      donor: { first_name: 'Fo', last_name: 'Reign', email: 'foreign-designation@example.org' },
      campaign_id: created.json().campaign.id,
      designation_id: foreign,
      method: 'cash',
      received_on: '2026-01-01',
      amount_minor: 1000,
      currency: 'USD',
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().fields).toEqual({ designation_id: 'Choose one of the campaign’s designations.' });
    expect(await count()).toBe(before);
  });

  it('refuses bad offline gifts field by field and lets only the admin group record them', async () => {
    const count = async () => Number((await ctx.db.execute(sql`SELECT count(*)::int AS n FROM donations`)).rows[0]?.n);
    const before = await count();
    const bad = await admin.post('/api/v1/npo_admin/offline_donations', {
      campaign_id: spring,
      method: 'barter',
      received_on: '2026-01-01',
      amount_minor: 0,
      currency: 'XXX',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['amount_minor', 'currency', 'method']);
    const incomplete = await admin.post('/api/v1/npo_admin/offline_donations', {
      campaign_id: spring,
      method: 'cash',
      received_on: '2999-01-01',
      amount_minor: 100,
      currency: 'USD',
      gift_aid: true,
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields).toEqual({
      donor_id: 'Choose a donor.',
      received_on: 'The date cannot be in the future.',
      gift_aid_address: 'Gift Aid needs the home address.',
      gift_aid_postcode: 'Gift Aid needs the postcode.',
    });
    const valid = {
      donor: { first_name: 'A', last_name: 'B', email: 'ab@example.org' },
      campaign_id: spring,
      method: 'cash',
      received_on: '2026-01-01',
      amount_minor: 100,
      currency: 'USD',
    };
    expect((await staff.post('/api/v1/npo_admin/offline_donations', valid)).statusCode).toBe(403);
    expect((await staff.get('/api/v1/npo_admin/offline_donations/donors?q=ab')).statusCode).toBe(403);
    // Another organisation's campaign or donor is not found, and nothing is recorded.
    expect((await outsider.post('/api/v1/npo_admin/offline_donations', valid)).statusCode).toBe(404);
    const donorId = Number((await ctx.db.execute(sql`SELECT min(id) AS id FROM donors`)).rows[0]?.id);
    const { donor: _unused, ...withoutDonor } = valid;
    const foreignDonor = await outsider.post('/api/v1/npo_admin/offline_donations', {
      ...withoutDonor,
      donor_id: donorId,
    });
    expect(foreignDonor.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });
});
