// The conversion features through the real API: funnel beacons and the staff funnel, reminder
// e-mails (once, after the delay, never after an unsubscribe), consented abandoned gifts, and
// tribute gifts with their e-card (once, only for a gift that succeeded).
import { ZCampaignConversion, ZDonationDetailResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTo, payForGift } from '../../../test/gift.ts';
import { readOutboxTable } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import { CONVERSION_LIMIT_MESSAGES, CONVERSION_LIMITS } from './conversion-limits.ts';
import { sendDueReminders } from './reminders.ts';
import { sendEcard } from './tribute-ecard.ts';

const ctx = useTestApp();
let admin: TestClient;
let staff: TestClient;
let fundraiser: TestClient;
let outsider: TestClient;
let donor: TestClient;
let campaignId = 0;
let springId = 0;
let draftId = 0;

const conversionOf = async (client: TestClient, id = campaignId) => {
  const res = await client.get(`/api/v1/npo_admin/campaigns/${id}/conversion?days=7`);
  expect(res.statusCode, res.body).toBe(200);
  return ZCampaignConversion.parse(res.json());
};
const beacon = (event: string, id = campaignId) =>
  donor.post('/api/v1/npo_admin/funnel_event', { campaign_id: id, event });
const fieldsOf = (res: { json: () => unknown }) => (res.json() as { fields: Record<string, string> }).fields;

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
    email: 'conversion-outsider@example.org',
    password: 'outsider-pass',
  });
  await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Shelter' });
  donor = new TestClient(ctx.app);
  const created = await admin.post('/api/v1/npo_admin/campaigns', {
    name: 'Funnel Test',
    campaign_url: 'conversion-funnel-test',
    status: 'active',
    currency: 'USD',
    user_amount_enable: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  campaignId = created.json().campaign.id;
  const ids = await ctx.db.execute<{ id: number; campaign_url: string }>(
    sql`SELECT id, campaign_url FROM campaigns WHERE campaign_url IN ('spring-appeal', 'summer-lunch-club')`,
  );
  springId = Number(ids.rows.find((r) => r.campaign_url === 'spring-appeal')?.id);
  draftId = Number(ids.rows.find((r) => r.campaign_url === 'summer-lunch-club')?.id);
});

describe('funnel', () => {
  it("counts the page's beacons per day of the organisation's time zone and gifts from donations", async () => {
    for (const event of ['view', 'view', 'view', 'step1', 'step1', 'payment', 'upsell_offered', 'upsell_accepted']) {
      expect((await beacon(event)).statusCode).toBe(204);
    }
    const before = await conversionOf(staff);
    expect(before.time_zone).toBe('America/New_York');
    expect(before.days).toHaveLength(7);
    const today = before.days.at(-1);
    expect(today?.day).toBe(dayIn(new Date(), 'America/New_York'));
    expect(today).toMatchObject({ views: 3, step1: 2, payment: 1, gifts: 0 });
    expect(before.totals).toEqual({ views: 3, step1: 2, payment: 1, gifts: 0 });
    expect(before.upsell).toEqual({ offered: 1, accepted: 1 });
    const gift = await payForGift(ctx, {
      amount: 2000,
      currency: 'USD',
      email: 'funnel-giver@example.org',
      campaign_url: 'conversion-funnel-test',
    });
    await gift.confirm();
    await gift.confirm();
    const after = await conversionOf(staff);
    expect(after.totals.gifts).toBe(1);
    expect(after.days.at(-1)?.gifts).toBe(1);
  });

  it('refuses an unknown step and a campaign that takes no gifts, counting nothing', async () => {
    const bad = await beacon('checkout');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).event).toBe('Unknown funnel step');
    expect((await beacon('view', draftId)).statusCode).toBe(404);
    expect((await beacon('view', 999_999)).statusCode).toBe(404);
    expect((await conversionOf(staff)).totals.views).toBe(3);
  });

  it('accepts the beacon body as text, as navigator.sendBeacon may send it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/npo_admin/funnel_event',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ campaign_id: campaignId, event: 'view' }),
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await conversionOf(staff)).totals.views).toBe(4);
  });

  it("shows a campaign's funnel to its organisation's staff only", async () => {
    const url = `/api/v1/npo_admin/campaigns/${campaignId}/conversion`;
    expect((await new TestClient(ctx.app).get(url)).statusCode).toBe(401);
    expect((await fundraiser.get(url)).statusCode).toBe(403);
    expect((await outsider.get(url)).statusCode).toBe(404);
    const bad = await staff.get(`${url}?days=0`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).days).toBe('Show at least one day');
  });
});

describe('remind me later', () => {
  const ask = (body: Record<string, unknown>) => donor.post('/api/v1/npo_admin/remind_me', body);
  const remindersTo = async (email: string) =>
    (await readOutboxTable(ctx.db)).filter((m) => m.headers.includes(`To: ${email}`));
  const deps = () => ({ db: ctx.db, mailer: ctx.mailer, origin: 'https://give.example.org' });

  it('sends one reminder once its delay has passed, never twice', async () => {
    const email = 'remind-tomorrow@example.org';
    const res = await ask({ campaign_id: springId, email, first_name: 'Rae', delay: 'tomorrow' });
    expect(res.statusCode, res.body).toBe(201);
    const due = new Date(res.json().due_at);
    expect(due.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    await sendDueReminders(deps(), new Date(due.getTime() - 60_000));
    expect(await remindersTo(email)).toHaveLength(0);
    await sendDueReminders(deps(), new Date(due.getTime() + 60_000));
    await sendDueReminders(deps(), new Date(due.getTime() + 120_000));
    const mails = await remindersTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Hello Rae,');
    expect(mails[0]?.text).toContain('https://give.example.org/spring-appeal');
    expect(mails[0]?.text).toMatch(/https:\/\/give\.example\.org\/api\/v1\/npo_admin\/reminders\/unsubscribe\?token=/);
  });

  it('never sends a reminder after its unsubscribe link was used', async () => {
    const email = 'remind-week@example.org';
    const res = await ask({ campaign_id: springId, email, delay: 'week' });
    expect(res.statusCode).toBe(201);
    const { rows } = await ctx.db.execute<{ token: string }>(
      sql`SELECT token FROM donation_reminders WHERE email = ${email}`,
    );
    const token = rows[0]?.token ?? '';
    const page = await donor.get(`/api/v1/npo_admin/reminders/unsubscribe?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Cancel the reminder');
    const done = await donor.post(`/api/v1/npo_admin/reminders/unsubscribe?token=${token}`);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You will not get this reminder.');
    await sendDueReminders(deps(), new Date(Date.now() + 8 * 86_400_000));
    expect(await remindersTo(email)).toHaveLength(0);
    const unknown = await donor.post(`/api/v1/npo_admin/reminders/unsubscribe?token=${'x'.repeat(32)}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses bad input and campaigns that take no gifts, saving nothing', async () => {
    const bad = await ask({ campaign_id: springId, email: 'not-an-email', delay: 'someday' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toMatchObject({
      email: 'Enter a valid email address',
      delay: 'Choose tomorrow or in a week',
    });
    const draft = await ask({ campaign_id: draftId, email: 'draft-remind@example.org', delay: 'tomorrow' });
    expect(draft.statusCode).toBe(404);
    const { rows } = await ctx.db.execute(
      sql`SELECT 1 FROM donation_reminders WHERE email IN ('not-an-email', 'draft-remind@example.org')`,
    );
    expect(rows).toHaveLength(0);
  });
});

describe('abandoned gifts', () => {
  const start = (body: Record<string, unknown>) => donor.post('/api/v1/npo_admin/checkout_started', body);
  const started = {
    campaign_id: 0,
    email: 'Left.Early@example.org',
    first_name: 'Lee',
    last_name: 'Early',
    amount: 4000,
    currency: 'usd',
    interval: 'once',
    consent: true,
  };

  it('keeps a started checkout only with consent, and lists it once it was left', async () => {
    const refused = await start({ ...started, campaign_id: campaignId, consent: false });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused).consent).toBe('Abandoned gifts are kept only with the donor’s consent');
    expect((await start({ ...started, campaign_id: campaignId })).statusCode).toBe(204);
    expect((await start({ ...started, campaign_id: campaignId, email: 'gave-later@example.org' })).statusCode).toBe(
      204,
    );
    // Just started: not abandoned yet.
    expect((await conversionOf(staff)).abandoned).toEqual([]);
    await ctx.db.execute(
      sql`UPDATE checkout_starts SET started_at = now() - interval '2 hours' WHERE campaign_id = ${campaignId}`,
    );
    const listed = await conversionOf(staff);
    expect(listed.abandoned.map((a) => a.email).sort()).toEqual(['gave-later@example.org', 'left.early@example.org']);
    expect(listed.abandoned.find((a) => a.email === 'left.early@example.org')).toMatchObject({
      name: 'Lee Early',
      amount_minor: 4000,
      currency: 'USD',
    });
    // A gift by the same e-mail to the campaign after the start completes it.
    const gift = await payForGift(ctx, {
      amount: 4000,
      currency: 'USD',
      email: 'gave-later@example.org',
      campaign_url: 'conversion-funnel-test',
    });
    await gift.confirm();
    expect((await conversionOf(staff)).abandoned.map((a) => a.email)).toEqual(['left.early@example.org']);
    // Another organisation never sees them.
    expect((await outsider.get(`/api/v1/npo_admin/campaigns/${campaignId}/conversion`)).statusCode).toBe(404);
  });
});

describe('tribute gifts', () => {
  const tribute = {
    type: 'memory',
    honoree_name: 'Grace Hopper',
    recipient_name: 'Walter Hopper',
    recipient_email: 'walter@example.org',
    message: 'She would have loved this.',
  };
  const detailOf = async (id: number) => {
    const res = await staff.get(`/api/v1/npo_admin/donations/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZDonationDetailResponse.parse(res.json()).donation;
  };

  it('records the tribute with the gift and e-mails the e-card once after it succeeded', async () => {
    const gift = await payForGift(ctx, {
      amount: 3000,
      currency: 'USD',
      email: 'tribute-giver@example.org',
      extra: { tribute },
    });
    const donation = await gift.confirm();
    await gift.confirm();
    expect((await gift.webhook()).statusCode).toBe(200);
    const cards = await mailTo(ctx.dataDir, 'walter@example.org', 1, 800);
    expect(cards).toHaveLength(1);
    expect(cards[0]?.subject).toBe('Ada Lovelace made a gift in memory of Grace Hopper');
    expect(cards[0]?.text).toContain('She would have loved this.');
    const detail = await detailOf(donation.id);
    expect(detail.tribute).toEqual(tribute);
    expect(detail.tribute_ecard_sent_at).not.toBeNull();
    const riverside = detail.npo_id;
    expect(await sendEcard({ db: ctx.db, mailer: ctx.mailer }, { npoId: riverside, donationId: donation.id })).toBe(
      'already-sent',
    );
    expect(await mailTo(ctx.dataDir, 'walter@example.org', 1, 300)).toHaveLength(1);
  });

  it('sends no e-card for a declined gift, and a job finds nothing due for a gift that is not succeeded', async () => {
    const client = new TestClient(ctx.app);
    const amounts = { campaign_id: springId, peer_campaign_id: null, amount: 3000, currency: 'usd', interval: 'once' };
    const intent = (await client.post('/api/v1/npo_admin/intent', amounts)).json().intent;
    await client.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      card_number: '4000000000000002',
      exp: '12/34',
      cvc: '123',
    });
    const declined = await client.post('/api/v1/npo_admin/confirm_payment', {
      ...amounts,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'tribute-declined@example.org',
      payment_intent: intent.id,
      tribute: { ...tribute, recipient_email: 'never-carded@example.org' },
    });
    expect(declined.json().status).toBe('failed');
    expect(await mailTo(ctx.dataDir, 'never-carded@example.org', 0, 600)).toHaveLength(0);
    const { rows } = await ctx.db.execute<{ id: number; npo_id: number }>(
      sql`SELECT id, npo_id FROM donations WHERE tribute IS NOT NULL AND status = 'succeeded' LIMIT 1`,
    );
    const row = rows[0];
    if (!row) throw new Error('no tribute gift');
    await ctx.db.execute(
      sql`UPDATE donations SET tribute_ecard_sent_at = NULL, status = 'refunded' WHERE id = ${row.id}`,
    );
    const job = { npoId: Number(row.npo_id), donationId: Number(row.id) };
    expect(await sendEcard({ db: ctx.db, mailer: ctx.mailer }, job)).toBe('not-due');
  });

  it('refuses a tribute without a name or with a bad e-card address', async () => {
    const client = new TestClient(ctx.app);
    const res = await client.post('/api/v1/npo_admin/confirm_payment', {
      campaign_id: springId,
      amount: 2500,
      currency: 'usd',
      interval: 'once',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.org',
      payment_intent: 'pi_unknown',
      tribute: { type: 'honour', honoree_name: '', recipient_email: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toMatchObject({
      'tribute.honoree_name': 'Enter the name of the person the gift honours',
      'tribute.recipient_email': 'Enter a valid email address for the e-card',
    });
  });

  it('drops the tribute of a gift to a campaign that does not offer tributes', async () => {
    const gift = await payForGift(ctx, {
      amount: 2000,
      currency: 'USD',
      email: 'no-tributes@example.org',
      campaign_url: 'conversion-funnel-test',
      extra: { tribute: { ...tribute, recipient_email: 'not-offered@example.org' } },
    });
    const donation = await gift.confirm();
    expect((await detailOf(donation.id)).tribute).toBeNull();
    expect(await mailTo(ctx.dataDir, 'not-offered@example.org', 0, 600)).toHaveLength(0);
  });
});

// fix15: the anonymous routes are limited per address (decision 037).
describe('limits per address', () => {
  const from = (address: string) => new TestClient(ctx.app, { remoteAddress: address });
  const tooMany = (res: { statusCode: number; json: () => unknown }, message: string) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message });
  };

  it('refuses the 11th reminder from one address within the hour, saving nothing, and not another address', async () => {
    const busy = from('198.51.100.21');
    const ask = (client: TestClient, email: string) =>
      client.post('/api/v1/npo_admin/remind_me', { campaign_id: springId, email, delay: 'tomorrow' });
    for (let i = 0; i < CONVERSION_LIMITS.reminder; i++) {
      expect((await ask(busy, `limit-${i}@example.org`)).statusCode).toBe(201);
    }
    tooMany(await ask(busy, 'limit-over@example.org'), CONVERSION_LIMIT_MESSAGES.reminder);
    const { rows } = await ctx.db.execute(sql`SELECT 1 FROM donation_reminders WHERE email = 'limit-over@example.org'`);
    expect(rows).toHaveLength(0);
    expect((await ask(from('198.51.100.22'), 'limit-other@example.org')).statusCode).toBe(201);
  });

  it('stops counting beacons from one address for a campaign once over the limit', async () => {
    const busy = from('198.51.100.31');
    const send = (client: TestClient, id: number) =>
      client.post('/api/v1/npo_admin/funnel_event', { campaign_id: id, event: 'view' });
    const viewsBefore = (await conversionOf(staff, springId)).totals.views;
    for (let i = 0; i < CONVERSION_LIMITS.beacon; i++) expect((await send(busy, springId)).statusCode).toBe(204);
    tooMany(await send(busy, springId), CONVERSION_LIMIT_MESSAGES.beacon);
    expect((await conversionOf(staff, springId)).totals.views).toBe(viewsBefore + CONVERSION_LIMITS.beacon);
    // Another campaign from the same address, and the same campaign from another, still count.
    expect((await send(busy, campaignId)).statusCode).toBe(204);
    expect((await send(from('198.51.100.32'), springId)).statusCode).toBe(204);
  });

  it('refuses started checkouts from one address past the limit', async () => {
    const busy = from('198.51.100.41');
    const start = (i: number) =>
      busy.post('/api/v1/npo_admin/checkout_started', {
        campaign_id: springId,
        email: `started-${i}@example.org`,
        amount: 1000,
        currency: 'usd',
        consent: true,
      });
    for (let i = 0; i < CONVERSION_LIMITS.checkout; i++) expect((await start(i)).statusCode).toBe(204);
    tooMany(await start(99), CONVERSION_LIMIT_MESSAGES.checkout);
  });
});
