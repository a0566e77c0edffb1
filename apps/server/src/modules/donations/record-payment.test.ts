import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { recordSucceededPayment, type SucceededPayment } from './index.ts';

describe('recordSucceededPayment', () => {
  const ctx = useTestApp();
  const ids = { riverside: 0, northern: 0, campaign: 0, peer: 0, designation: 0, question: 0, otherCampaign: 0 };
  let seq = 0;

  beforeAll(async () => {
    const npo = async (slug: string) =>
      Number((await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = ${slug}`)).rows[0]?.id);
    ids.riverside = await npo('riverside-food-bank');
    ids.northern = await npo('northern-lights-rescue');
    const insertCampaign = async (npoId: number, url: string, parent: number | null = null) =>
      Number(
        (
          await ctx.db.execute<{ id: number }>(sql`
            INSERT INTO campaigns (npo_id, name, campaign_url, status, parent_campaign_id)
            VALUES (${npoId}, ${url}, ${url}, 'active', ${parent}) RETURNING id`)
        ).rows[0]?.id,
      );
    ids.campaign = await insertCampaign(ids.riverside, 'record-test');
    ids.peer = await insertCampaign(ids.riverside, 'record-test-peer', ids.campaign);
    ids.otherCampaign = await insertCampaign(ids.northern, 'record-test-northern');
    ids.designation = Number(
      (
        await ctx.db.execute<{ id: number }>(sql`
          INSERT INTO campaign_designations (npo_id, campaign_id, name) VALUES (${ids.riverside}, ${ids.campaign}, 'Fresh produce')
          RETURNING id`)
      ).rows[0]?.id,
    );
    ids.question = Number(
      (
        await ctx.db.execute<{ id: number }>(sql`
          INSERT INTO campaign_questions (npo_id, campaign_id, content) VALUES (${ids.riverside}, ${ids.campaign}, 'Why do you give?')
          RETURNING id`)
      ).rows[0]?.id,
    );
  });

  const payment = (overrides: Partial<SucceededPayment> = {}): SucceededPayment => ({
    npoId: ids.riverside,
    campaignId: ids.campaign,
    provider: 'sandbox',
    providerReference: `pi_test_${++seq}`,
    amountMinor: 10320,
    currency: 'USD',
    feeCoveredMinor: 320,
    donor: { email: `donor${seq}@example.org`, firstName: 'Dee', lastName: 'Donor' },
    ...overrides,
  });
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await ctx.db.execute<{ n: number }>(query)).rows[0]?.n ?? 0);

  it('records five concurrent confirmations of one payment as one donation, one ledger pair and one audit entry', async () => {
    const input = payment({ providerReference: 'pi_concurrent' });
    const results = await Promise.all(Array.from({ length: 5 }, () => recordSucceededPayment(ctx.db, input)));
    expect(new Set(results.map((r) => r.donation.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM donations WHERE provider_reference = 'pi_concurrent'`)).toBe(
      1,
    );
    const id = results[0]?.donation.id ?? 0;
    const ledger = await ctx.db.execute<{ kind: string; amount_minor: number; base_amount_minor: number }>(
      sql`SELECT kind, amount_minor, base_amount_minor FROM ledger_entries WHERE donation_id = ${id} ORDER BY kind DESC`,
    );
    expect(ledger.rows).toEqual([
      { kind: 'gift', amount_minor: 10000, base_amount_minor: 10000 },
      { kind: 'fee_covered', amount_minor: 320, base_amount_minor: 320 },
    ]);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'donation.recorded' AND target_id = ${String(id)}`,
      ),
    ).toBe(1);
    const again = await recordSucceededPayment(ctx.db, input);
    expect(again).toMatchObject({
      created: false,
      donation: { id, status: 'succeeded', receiptNumber: expect.any(String) },
    });
  });

  it('finds the donor by e-mail whatever its case, keeping one donor per organisation', async () => {
    const first = await recordSucceededPayment(
      ctx.db,
      payment({ donor: { email: 'Case@Example.org', firstName: 'Casey', lastName: 'Old' } }),
    );
    const second = await recordSucceededPayment(
      ctx.db,
      payment({ donor: { email: ' case@example.ORG ', firstName: 'Casey', lastName: 'New', city: 'Leeds' } }),
    );
    expect(second.donation.donorId).toBe(first.donation.donorId);
    const donor = await ctx.db.execute<{ last_name: string; city: string }>(
      sql`SELECT last_name, city FROM donors WHERE id = ${first.donation.donorId}`,
    );
    expect(donor.rows[0]).toEqual({ last_name: 'New', city: 'Leeds' });
    const elsewhere = await recordSucceededPayment(
      ctx.db,
      payment({
        npoId: ids.northern,
        campaignId: ids.otherCampaign,
        donor: { email: 'case@example.org', firstName: 'C', lastName: 'N' },
      }),
    );
    expect(elsewhere.donation.donorId).not.toBe(first.donation.donorId);
  });

  it('stores the amount in the base currency with the rate used, across exponents and through USD', async () => {
    const eur = await recordSucceededPayment(
      ctx.db,
      payment({ currency: 'eur', amountMinor: 10000, feeCoveredMinor: 0 }),
    );
    expect(eur.donation).toMatchObject({
      currency: 'EUR',
      baseCurrency: 'USD',
      baseAmountMinor: 11600,
      fxRate: '1.16000000',
    });
    const jpy = await recordSucceededPayment(
      ctx.db,
      payment({ currency: 'JPY', amountMinor: 1000, feeCoveredMinor: 0 }),
    );
    expect(jpy.donation).toMatchObject({ baseAmountMinor: 640, fxRate: '0.00640000' });
    const gbpBase = await recordSucceededPayment(
      ctx.db,
      payment({
        npoId: ids.northern,
        campaignId: ids.otherCampaign,
        currency: 'EUR',
        amountMinor: 5000,
        feeCoveredMinor: 160,
      }),
    );
    // 1.16 / 1.32 = 0.87878788 (8 places); 5000 × that = 4393.94 → 4394.
    expect(gbpBase.donation).toMatchObject({ baseCurrency: 'GBP', fxRate: '0.87878788', baseAmountMinor: 4394 });
    const ledger = await ctx.db.execute<{ s: number }>(
      sql`SELECT sum(base_amount_minor)::int AS s FROM ledger_entries WHERE donation_id = ${gbpBase.donation.id}`,
    );
    expect(ledger.rows[0]?.s).toBe(4394);
  });

  it("prefers the organisation's own rate to the platform default", async () => {
    await ctx.db.execute(sql`
      INSERT INTO exchange_rates (npo_id, from_currency, to_currency, rate, as_of)
      VALUES (${ids.riverside}, 'GBP', 'USD', 1.25, current_date)`);
    const gbp = await recordSucceededPayment(
      ctx.db,
      payment({ currency: 'GBP', amountMinor: 2000, feeCoveredMinor: 0 }),
    );
    expect(gbp.donation).toMatchObject({ baseAmountMinor: 2500, fxRate: '1.25000000' });
  });

  it('counts a peer campaign gift for its parent and copies designation and answers as they read', async () => {
    const { donation } = await recordSucceededPayment(
      ctx.db,
      payment({
        campaignId: ids.peer,
        designationId: ids.designation,
        answers: [{ question_id: ids.question, answer: 'Because' }],
        giftAid: { name: 'Dee Donor', address: '1 High St', postcode: 'LS1 1AA' },
        donorWall: { addToDonorWall: false, showAmount: true },
      }),
    );
    expect(donation).toMatchObject({
      campaignId: ids.campaign,
      peerCampaignId: ids.peer,
      designationName: 'Fresh produce',
      answers: [{ question_id: ids.question, question: 'Why do you give?', answer: 'Because' }],
      giftAid: true,
      giftAidPostcode: 'LS1 1AA',
      showAmountOnDonorWall: false,
    });
  });

  it("refuses another organisation's campaign and invalid amounts, recording nothing", async () => {
    const before = await count(sql`SELECT count(*)::int AS n FROM donations`);
    await expect(recordSucceededPayment(ctx.db, payment({ campaignId: ids.otherCampaign }))).rejects.toMatchObject({
      status: 404,
    });
    await expect(recordSucceededPayment(ctx.db, payment({ amountMinor: 0 }))).rejects.toMatchObject({ status: 400 });
    await expect(recordSucceededPayment(ctx.db, payment({ feeCoveredMinor: 99999 }))).rejects.toMatchObject({
      status: 400,
    });
    expect(await count(sql`SELECT count(*)::int AS n FROM donations`)).toBe(before);
  });

  it('tells the staff once, with a link to the new donation, whoever confirms it', async () => {
    const input = payment({
      providerReference: 'pi_notified',
      notify: { kind: 'donation.received', title: 'New donation', message: 'Dee Donor gave $103.20.' },
    });
    const results = await Promise.all(Array.from({ length: 3 }, () => recordSucceededPayment(ctx.db, input)));
    const id = results[0]?.donation.id ?? 0;
    const notes = await ctx.db.execute<{
      title: string;
      message: string;
      link: string;
      donation_id: number;
      staff: number;
    }>(sql`
      SELECT n.title, n.message, n.metadata->>'link' AS link, (n.metadata->>'donation_id')::int AS donation_id,
        (SELECT count(*)::int FROM notification_recipients r WHERE r.notification_id = n.id) AS staff
      FROM notifications n WHERE n.npo_id = ${ids.riverside} AND n.metadata->>'donation_id' = ${String(id)}`);
    expect(notes.rows).toHaveLength(1);
    expect(notes.rows[0]).toMatchObject({
      title: 'New donation',
      message: 'Dee Donor gave $103.20.',
      link: `/dashboard/donation/${id}`,
      donation_id: id,
    });
    expect(notes.rows[0]?.staff).toBeGreaterThan(0);
  });

  it('returns the donation exactly as it reads back, with a receipt number that grows past six digits', async () => {
    await ctx.db.execute(sql`SELECT setval(pg_get_serial_sequence('donations', 'id'), 1234566)`);
    const { donation, created } = await recordSucceededPayment(
      ctx.db,
      payment({ occurredAt: new Date('2026-03-01T10:00:00Z') }),
    );
    expect(created).toBe(true);
    expect(donation.id).toBe(1234567);
    expect(donation.receiptNumber).toBe(`${ids.riverside}-1234567`);
    const stored = await ctx.db.query.donations.findFirst({ where: (d, { eq }) => eq(d.id, donation.id) });
    expect(donation).toEqual(stored);
    expect(donation.createdAt.toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });
});
