// All-or-nothing pledges and their settlement (docs/decisions/065-all-or-nothing-settlement.md): through the
// public API and the sandbox card form's confirm endpoint, then the settlement job's work at the deadline.
import { ZCrowdfundingDetail, ZCrowdfundingPage, ZPledgeStarted, ZPledgeSummary } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { createPaymentProviders, type PaymentProviders } from '../payments/index.ts';
import { signedIn } from '../team/team.test-support.ts';
import { type SettlementDeps, settleCampaign } from './crowdfunding-settlement.service.ts';

const SAVES = '4242 4242 4242 4242';
/** Saved without trouble, declined when charged later (the sandbox's off-session decline). */
const DECLINES_LATER = '4000 0000 0000 0341';
const MINUTE = 60_000;

describe('all-or-nothing pledges and their settlement', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let visitor: TestClient;
  let providers: PaymentProviders;
  let deps: SettlementDeps;
  let n = 0;

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    visitor = new TestClient(ctx.app);
    providers = createPaymentProviders(ctx.config, ctx.db);
    deps = { db: ctx.db, providers, mailer: ctx.mailer, origin: 'http://kindling.test' };
  });

  /** An active all-or-nothing campaign with this goal, its deadline still ahead. */
  const campaign = async (goalMinor: number) => {
    n += 1;
    const created = await admin.post('/api/v1/npo_admin/crowdfunding', {
      name: `Pledge Drive ${n}`,
      campaign_url: `pledge-drive-${n}`,
      goal_minor: goalMinor,
      funding_model: 'all_or_nothing',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = ZCrowdfundingDetail.parse(created.json()).id;
    await ctx.db.execute(sql`UPDATE campaigns SET status = 'active' WHERE id = ${id}`);
    await ctx.db.execute(
      sql`UPDATE crowdfunding_campaigns SET deadline = now() + interval '3 days' WHERE campaign_id = ${id}`,
    );
    return { id, url: `pledge-drive-${n}` };
  };
  const pastDeadline = (id: number) =>
    ctx.db.execute(
      sql`UPDATE crowdfunding_campaigns SET deadline = now() - interval '1 minute' WHERE campaign_id = ${id}`,
    );

  const pledge = async (url: string, email: string, amountMinor: number, card = SAVES) => {
    const started = await visitor.post(`/api/v1/crowdfunding_page/${url}/pledges`, {
      amount_minor: amountMinor,
      email,
      first_name: email.split('@')[0],
    });
    expect(started.statusCode, started.body).toBe(201);
    const setup = ZPledgeStarted.parse(started.json());
    const confirmed = await visitor.post(`/api/v1/sandbox/payments/${setup.setup_id}/confirm`, {
      client_secret: setup.client_secret,
      card_number: card,
      exp: '12/34',
      cvc: '123',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const done = await visitor.post(`/api/v1/crowdfunding_pledges/${setup.reference}/confirm`);
    return { setup, done };
  };

  const pledges = async (campaignId: number) =>
    (
      await ctx.db.execute<{ email: string; status: string; donation_id: number | null }>(sql`
        SELECT email, status, donation_id FROM crowdfunding_pledges WHERE campaign_id = ${campaignId} ORDER BY email`)
    ).rows.map((p) => [p.email, p.status, p.donation_id !== null]);
  const donations = async (campaignId: number) =>
    (
      await ctx.db.execute<{ email: string; amount_minor: number }>(sql`
        SELECT o.email, d.amount_minor FROM donations d JOIN donors o ON o.id = d.donor_id
        WHERE d.campaign_id = ${campaignId} AND d.status = 'succeeded' ORDER BY o.email`)
    ).rows.map((d) => [d.email, Number(d.amount_minor)]);
  /** The sandbox's charges for this campaign's pledges: one per pledge, ever, is the rule. */
  const charges = async (campaignId: number) =>
    Number(
      (
        await ctx.db.execute<{ count: string }>(sql`
          SELECT count(*) FROM sandbox_payments WHERE kind = 'charge' AND metadata->>'campaign_id' = ${String(campaignId)}`)
      ).rows[0]?.count,
    );
  const mails = async (subjectStart: string) =>
    (
      await ctx.db.execute<{ recipients: string }>(sql`
        SELECT recipients FROM mail_outbox WHERE subject LIKE ${`${subjectStart}%`} ORDER BY recipients`)
    ).rows.map((r) => r.recipients);

  it('saves the card without charging it, counts the pledge on the page, and refuses what it cannot take', async () => {
    const drive = await campaign(100_000);
    const declined = await pledge(drive.url, 'declined@example.org', 5000, '4000 0000 0000 0002');
    expect(declined.done.statusCode).toBe(409);
    const { setup, done } = await pledge(drive.url, 'ada@example.org', 5000);
    expect(done.statusCode, done.body).toBe(200);
    expect(ZPledgeSummary.parse(done.json())).toMatchObject({ status: 'pledged', amount_minor: 5000 });
    expect(await charges(drive.id)).toBe(0);
    const page = ZCrowdfundingPage.parse((await visitor.get(`/api/v1/crowdfunding_page/${drive.url}`)).json());
    expect(page).toMatchObject({ raised_minor: 5000, backers: 1 });
    // Confirming again changes nothing; an unknown pledge is 404; bad input is 400.
    expect((await visitor.post(`/api/v1/crowdfunding_pledges/${setup.reference}/confirm`)).statusCode).toBe(200);
    expect((await visitor.post('/api/v1/crowdfunding_pledges/nope-nope-nope-nope/confirm')).statusCode).toBe(404);
    const bad = await visitor.post(`/api/v1/crowdfunding_page/${drive.url}/pledges`, { amount_minor: 0, email: 'x' });
    expect(bad.statusCode).toBe(400);
    // A keep-what-you-raise campaign charges at once: no pledges there.
    const garden = await visitor.post('/api/v1/crowdfunding_page/community-garden/pledges', {
      amount_minor: 5000,
      email: 'ada@example.org',
    });
    expect(garden.statusCode).toBe(422);
    // After the deadline, no more pledges.
    await pastDeadline(drive.id);
    const late = await visitor.post(`/api/v1/crowdfunding_page/${drive.url}/pledges`, {
      amount_minor: 5000,
      email: 'late@example.org',
    });
    expect(late.statusCode).toBe(422);
  });

  it('charges every pledge when the goal is met, asks a declined backer for another card, and does it once', async () => {
    const drive = await campaign(10_000);
    await pledge(drive.url, 'met-a@example.org', 6000);
    await pledge(drive.url, 'met-b@example.org', 3000);
    await pledge(drive.url, 'met-c@example.org', 2000, DECLINES_LATER);
    // Before the deadline the job does nothing.
    expect(await settleCampaign(deps, drive.id)).toBeNull();
    await pastDeadline(drive.id);
    expect(await settleCampaign(deps, drive.id)).toMatchObject({ outcome: 'met', charged: 2, failed: 1 });
    expect(await pledges(drive.id)).toEqual([
      ['met-a@example.org', 'charged', true],
      ['met-b@example.org', 'charged', true],
      ['met-c@example.org', 'failed', false],
    ]);
    expect(await donations(drive.id)).toEqual([
      ['met-a@example.org', 6000],
      ['met-b@example.org', 3000],
    ]);
    expect(await mails(`Pledge Drive ${n} reached its goal`)).toEqual(['met-a@example.org', 'met-b@example.org']);
    expect(await mails(`Please update your card for Pledge Drive ${n}`)).toEqual(['met-c@example.org']);
    // Again: nobody charged or e-mailed twice.
    expect(await settleCampaign(deps, drive.id)).toMatchObject({ outcome: 'met', charged: 0, failed: 0 });
    expect(await charges(drive.id)).toBe(3);
    expect(await mails(`Pledge Drive ${n} reached`)).toHaveLength(2);
  });

  it('charges nobody when the goal is missed, and tells every backer', async () => {
    const drive = await campaign(1_000_000);
    await pledge(drive.url, 'miss-a@example.org', 6000);
    await pledge(drive.url, 'miss-b@example.org', 3000);
    await pastDeadline(drive.id);
    expect(await settleCampaign(deps, drive.id)).toMatchObject({ outcome: 'missed', released: 2, charged: 0 });
    expect(await settleCampaign(deps, drive.id)).toMatchObject({ outcome: 'missed', released: 0 });
    expect(await charges(drive.id)).toBe(0);
    expect(await donations(drive.id)).toEqual([]);
    expect(await mails(`Pledge Drive ${n} did not reach its goal`)).toEqual([
      'miss-a@example.org',
      'miss-b@example.org',
    ]);
    // A pledge cannot be added to a settled campaign.
    const after = await visitor.get(`/api/v1/crowdfunding_page/${drive.url}`);
    expect(ZCrowdfundingPage.parse(after.json()).raised_minor).toBe(0);
  });

  it('survives a crash between the charge and its record: the rerun charges nobody twice', async () => {
    const drive = await campaign(9000);
    for (const who of ['crash-a', 'crash-b', 'crash-c']) await pledge(drive.url, `${who}@example.org`, 3000);
    await pastDeadline(drive.id);
    // The process dies right after the provider charged the second pledge, before anything was recorded.
    let calls = 0;
    const crashing: PaymentProviders = {
      ...providers,
      byName: (name) => {
        const real = providers.byName(name);
        return {
          ...real,
          chargeSaved: async (input) => {
            const payment = await real.chargeSaved(input);
            calls += 1;
            if (calls === 2) throw new Error('the process died');
            return payment;
          },
        };
      },
    };
    await expect(settleCampaign({ ...deps, providers: crashing }, drive.id)).rejects.toThrow('the process died');
    expect(await pledges(drive.id)).toEqual([
      ['crash-a@example.org', 'charged', true],
      ['crash-b@example.org', 'charging', false],
      ['crash-c@example.org', 'pledged', false],
    ]);
    // A rerun at once leaves the crashed claim alone (it may still be running elsewhere)…
    expect(await settleCampaign(deps, drive.id)).toMatchObject({ charged: 1 });
    // …and takes it over once its lease ran out, asking the provider with the same key.
    expect(await settleCampaign(deps, drive.id, new Date(Date.now() + 11 * MINUTE))).toMatchObject({ charged: 1 });
    expect(await charges(drive.id)).toBe(3);
    expect(await donations(drive.id)).toEqual([
      ['crash-a@example.org', 3000],
      ['crash-b@example.org', 3000],
      ['crash-c@example.org', 3000],
    ]);
    expect(await mails(`Pledge Drive ${n} reached its goal`)).toEqual([
      'crash-a@example.org',
      'crash-b@example.org',
      'crash-c@example.org',
    ]);
  });

  it('shares the work between two runs at once: each pledge charged and e-mailed once', async () => {
    const drive = await campaign(6000);
    const backers = Array.from({ length: 6 }, (_, i) => `both-${i}@example.org`);
    for (const email of backers) await pledge(drive.url, email, 1000);
    await pastDeadline(drive.id);
    const [one, two] = await Promise.all([settleCampaign(deps, drive.id), settleCampaign(deps, drive.id)]);
    expect((one?.charged ?? 0) + (two?.charged ?? 0)).toBe(6);
    expect(await charges(drive.id)).toBe(6);
    expect((await donations(drive.id)).map(([email]) => email)).toEqual(backers);
    expect(await mails(`Pledge Drive ${n} reached its goal`)).toEqual(backers);
  });

  it('a run presumed dead that wakes after another settled its pledge neither records nor e-mails it again', async () => {
    const drive = await campaign(4000);
    await pledge(drive.url, 'late-run@example.org', 4000);
    await pastDeadline(drive.id);
    let wake = () => {};
    const asleep = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const slow: PaymentProviders = {
      ...providers,
      byName: (name) => {
        const real = providers.byName(name);
        return {
          ...real,
          chargeSaved: async (input) => {
            const payment = await real.chargeSaved(input);
            await asleep;
            return payment;
          },
        };
      },
    };
    const stuck = settleCampaign({ ...deps, providers: slow }, drive.id);
    for (let i = 0; i < 100 && (await pledges(drive.id))[0]?.[1] !== 'charging'; i += 1)
      await new Promise((r) => setTimeout(r, 20));
    expect(await settleCampaign(deps, drive.id, new Date(Date.now() + 11 * MINUTE))).toMatchObject({ charged: 1 });
    wake();
    await stuck;
    expect(await charges(drive.id)).toBe(1);
    expect(await donations(drive.id)).toEqual([['late-run@example.org', 4000]]);
    expect(await mails(`Pledge Drive ${n} reached its goal`)).toEqual(['late-run@example.org']);
  });
});
