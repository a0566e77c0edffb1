import { ZCrowdfundingDetail, ZUpdateAdmin } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { recordSucceededPayment } from '../donations/index.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { sendUpdateEmails } from './crowdfunding-updates.service.ts';

const API = '/api/v1/npo_admin';
const REWARD = { amount_minor: 5000, title: 'Tote bag', fair_market_value_minor: 1200, quantity: 3 };

describe('the staff crowdfunding editor and update e-mails', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  let outsider: TestClient;
  let page: ReturnType<typeof ZCrowdfundingDetail.parse>;

  const mailCount = async (subject: string) =>
    (
      await ctx.db.execute<{ recipients: string }>(
        sql`SELECT recipients FROM mail_outbox WHERE subject = ${subject} ORDER BY recipients`,
      )
    ).rows.map((r) => r.recipients);

  let gift = 0;
  const back = async (email: string) => {
    gift += 1;
    await recordSucceededPayment(ctx.db, {
      npoId: (await ctx.db.execute<{ npo_id: number }>(sql`SELECT npo_id FROM campaigns WHERE id = ${page.id}`)).rows[0]
        ?.npo_id as number,
      campaignId: page.id,
      provider: 'sandbox',
      providerReference: `test_editor_${gift}`,
      amountMinor: 2500,
      currency: 'USD',
      donor: { email, firstName: 'Backer', lastName: String(gift) },
    });
  };

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    staff = await signedIn(ctx, 'staff@kindling.test');
    outsider = (await outsiderOrganisation(ctx, 'cf-outsider@example.org', 'Elsewhere Trust')).client;
    const created = await admin.post(`${API}/crowdfunding`, {
      name: 'Library Van',
      campaign_url: 'library-van',
      goal_minor: 500000,
      funding_model: 'all_or_nothing',
    });
    expect(created.statusCode, created.body).toBe(201);
    page = ZCrowdfundingDetail.parse(created.json());
  });

  it('creates a draft page that the staff list and the preview show, and refuses a taken address', async () => {
    expect(page).toMatchObject({ name: 'Library Van', status: 'draft', funding_model: 'all_or_nothing', rewards: [] });
    const list = (await staff.get(`${API}/crowdfunding`)).json() as { campaigns: { name: string }[] };
    expect(list.campaigns.map((c) => c.name)).toContain('Library Van');
    expect((await admin.get(`/api/v1/crowdfunding_page/library-van`)).statusCode).toBe(200);
    expect((await new TestClient(ctx.app).get(`/api/v1/crowdfunding_page/library-van`)).statusCode).toBe(404);
    const again = await admin.post(`${API}/crowdfunding`, { name: 'Again', campaign_url: 'library-van' });
    expect(again.statusCode).toBe(409);
  });

  it('saves rewards and the gallery in order, keeps a reward id, and archives a reward left out', async () => {
    const saved = await admin.put(`${API}/crowdfunding/${page.id}`, {
      funding_model: 'keep_what_you_raise',
      deadline: '2030-05-01T12:00:00Z',
      rewards: [REWARD, { amount_minor: 1000, title: 'Sticker' }],
      images: [
        { url: '/uploads/1/crowdfunding/a.webp', alt: 'The van' },
        { url: 'https://example.org/b.jpg', alt: 'Books' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = ZCrowdfundingDetail.parse(saved.json());
    expect(detail.rewards.map((r) => [r.title, r.quantity, r.fair_market_value_minor])).toEqual([
      ['Tote bag', 3, 1200],
      ['Sticker', null, 0],
    ]);
    expect(detail.images.map((i) => i.alt)).toEqual(['The van', 'Books']);
    expect(detail.deadline).toBe('2030-05-01T12:00:00.000Z');
    const tote = detail.rewards[0]?.id;
    const again = ZCrowdfundingDetail.parse(
      (
        await admin.put(`${API}/crowdfunding/${page.id}`, {
          funding_model: 'keep_what_you_raise',
          deadline: null,
          rewards: [{ ...REWARD, id: tote, title: 'Tote bag (blue)' }],
          images: [{ url: 'https://example.org/b.jpg', alt: 'Books' }],
        })
      ).json(),
    );
    expect(again.rewards.map((r) => [r.id, r.title])).toEqual([[tote, 'Tote bag (blue)']]);
    const publicPage = (await admin.get('/api/v1/crowdfunding_page/library-van')).json() as {
      rewards: { title: string }[];
      images: { alt: string }[];
    };
    expect(publicPage.rewards.map((r) => r.title)).toEqual(['Tote bag (blue)']);
    expect(publicPage.images.map((i) => i.alt)).toEqual(['Books']);
  });

  it('refuses bad rewards with a field message and changes nothing', async () => {
    const tote = ZCrowdfundingDetail.parse((await admin.get(`${API}/crowdfunding/${page.id}`)).json()).rewards[0]?.id;
    // Two of the tote bags are taken: the limit cannot go below them.
    await ctx.db.execute(sql`UPDATE crowdfunding_rewards SET taken = 2 WHERE id = ${tote}`);
    const before = (await admin.get(`${API}/crowdfunding/${page.id}`)).json();
    const fmv = await admin.put(`${API}/crowdfunding/${page.id}`, {
      funding_model: 'keep_what_you_raise',
      deadline: null,
      rewards: [{ amount_minor: 1000, title: 'Mug', fair_market_value_minor: 2000 }],
      images: [],
    });
    expect(fmv.statusCode).toBe(400);
    expect(fmv.body).toContain('The fair-market value cannot be more than the pledge amount.');
    const stranger = await admin.put(`${API}/crowdfunding/${page.id}`, {
      funding_model: 'keep_what_you_raise',
      deadline: null,
      rewards: [{ id: 999999, amount_minor: 1000, title: 'Mug' }],
      images: [],
    });
    expect(stranger.statusCode).toBe(404);
    const lower = await admin.put(`${API}/crowdfunding/${page.id}`, {
      funding_model: 'keep_what_you_raise',
      deadline: null,
      rewards: [{ ...REWARD, id: tote, quantity: 1 }],
      images: [],
    });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toContain('already claimed or held');
    expect((await admin.get(`${API}/crowdfunding/${page.id}`)).json()).toEqual(before);
  });

  it('keeps the editor to its organisation and roles', async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(`${API}/crowdfunding/${page.id}`)).statusCode).toBe(401);
    expect((await staff.get(`${API}/crowdfunding/${page.id}`)).statusCode).toBe(200);
    const body = { funding_model: 'keep_what_you_raise', deadline: null, rewards: [], images: [] };
    expect((await staff.put(`${API}/crowdfunding/${page.id}`, body)).statusCode).toBe(403);
    expect((await staff.post(`${API}/crowdfunding/${page.id}/updates`, { title: 'x' })).statusCode).toBe(403);
    expect((await outsider.get(`${API}/crowdfunding/${page.id}`)).statusCode).toBe(404);
    expect((await outsider.put(`${API}/crowdfunding/${page.id}`, body)).statusCode).toBe(404);
    expect((await outsider.post(`${API}/crowdfunding/${page.id}/updates`, { title: 'x' })).statusCode).toBe(404);
    const update = ZUpdateAdmin.parse(
      (await admin.post(`${API}/crowdfunding/${page.id}/updates`, { title: 'Mine' })).json(),
    );
    expect((await outsider.post(`${API}/crowdfunding_updates/${update.id}/publish`, {})).statusCode).toBe(404);
    expect((await outsider.put(`${API}/crowdfunding_updates/${update.id}`, { title: 'Theirs' })).statusCode).toBe(404);
  });

  it('e-mails each backer once per update, even when the job runs twice at once or again, and honours unsubscribe', async () => {
    await back('ana@example.org');
    await back('ANA@example.org');
    await back('ben@example.org');
    await back('cy@example.org');
    const created = await admin.post(`${API}/crowdfunding/${page.id}/updates`, {
      title: 'The van is painted',
      body_html: '<p>Bright <strong>blue</strong>.</p><script>alert(1)</script>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const update = ZUpdateAdmin.parse(created.json());
    expect(update.body_html).not.toContain('script');
    const published = await admin.post(`${API}/crowdfunding_updates/${update.id}/publish`, { email_backers: true });
    expect(published.statusCode, published.body).toBe(200);

    // The queued job and two more runs at once, as after a restart: each backer's row is written with
    // their e-mail, so none is sent twice.
    const deps = { db: ctx.db, mailer: ctx.mailer, origin: 'http://localhost' };
    const { rows: owner } = await ctx.db.execute<{ npo_id: number }>(
      sql`SELECT npo_id FROM campaigns WHERE id = ${page.id}`,
    );
    const job = { npoId: Number(owner[0]?.npo_id), updateId: update.id };
    await Promise.all([sendUpdateEmails(deps, job), sendUpdateEmails(deps, job)]);
    expect(await sendUpdateEmails(deps, job)).toBe(0);
    const subject = 'Library Van: The van is painted';
    await expect
      .poll(() => mailCount(subject), { timeout: 10_000 })
      .toEqual(['ana@example.org', 'ben@example.org', 'cy@example.org']);
    const detail = ZCrowdfundingDetail.parse((await staff.get(`${API}/crowdfunding/${page.id}`)).json());
    expect(detail.updates.find((u) => u.id === update.id)).toMatchObject({ emails_sent: 3 });

    // Ben unsubscribes through his link (a GET only shows the button); the next update skips him.
    const { rows } = await ctx.db.execute<{ token: string }>(
      sql`SELECT token FROM crowdfunding_update_emails WHERE update_id = ${update.id} AND email = 'ben@example.org'`,
    );
    const link = `/api/v1/crowdfunding_updates/unsubscribe?token=${rows[0]?.token}`;
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(link)).body).toContain('Stop update e-mails');
    expect((await anonymous.post(link)).statusCode).toBe(200);
    expect((await anonymous.post('/api/v1/crowdfunding_updates/unsubscribe?token=not-a-real-token')).statusCode).toBe(
      404,
    );
    const second = ZUpdateAdmin.parse(
      (await admin.post(`${API}/crowdfunding/${page.id}/updates`, { title: 'Keys handed over' })).json(),
    );
    await admin.post(`${API}/crowdfunding_updates/${second.id}/publish`, { email_backers: true });
    await sendUpdateEmails(deps, { ...job, updateId: second.id });
    expect(await mailCount('Library Van: Keys handed over')).toEqual(['ana@example.org', 'cy@example.org']);
  });
});
