import { CAMPAIGN_MESSAGES, CAMPAIGN_URL_MESSAGES } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, PNG } from '../../../test/multipart.ts';
import { gift as recordGift } from '../../../test/records.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { ZStaffCampaignResponse } from './campaigns.schemas.ts';

const campaignBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Winter Coats',
  campaign_url: 'winter-coats',
  status: 'draft',
  currency: 'USD',
  currencies: ['USD', 'EUR'],
  goal_minor: 500_000,
  user_amount_enable: true,
  include_payment_fees: true,
  designation_label: 'Where should it go?',
  amounts: [
    { amount_minor: 2500, interval: 'once', description: 'A coat for a child' },
    { amount_minor: 1000, interval: 'monthly', description: 'Warm all winter' },
  ],
  questions: [
    {
      content: 'How did you hear of us?',
      answer_type: 'dropdown',
      options: ['Friend', 'Radio'],
      response_required: true,
    },
  ],
  designations: [{ name: 'Children', description: 'Coats for children' }, { name: 'Adults' }],
  campaign_settings: { theme_color: '#0ea5e9', form_padding: 28 },
  ...overrides,
});

describe('campaign API', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  let outsider: TestClient;
  let riverside = 0;

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'campaign-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Shelter' });
    riverside = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).rows[0]?.id,
    );
  });

  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/v1/npo_admin/campaigns', campaignBody(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return ZStaffCampaignResponse.parse(res.json()).campaign;
  };
  const rowOf = async (id: number) =>
    (await ctx.db.execute(sql`SELECT name, status, image_url, updated_at FROM campaigns WHERE id = ${id}`)).rows[0];

  it('creates a campaign with presets, questions and designations, and audits it', async () => {
    const created = await create();
    expect(created).toMatchObject({
      editable: true,
      name: 'Winter Coats',
      campaign_url: 'winter-coats',
      status: 'draft',
      npo_id: riverside,
      npo: 'Riverside Food Bank',
      currencies: ['USD', 'EUR'],
      intervals: ['once', 'monthly'],
      amounts: [
        { amount_minor: 2500, interval: 'once', description: 'A coat for a child' },
        { amount_minor: 1000, interval: 'monthly' },
      ],
      questions: [
        {
          content: 'How did you hear of us?',
          answer_type: 'dropdown',
          options: ['Friend', 'Radio'],
          response_required: true,
        },
      ],
      designations: [{ name: 'Children' }, { name: 'Adults', description: '' }],
      campaign_settings: { theme_color: '#0ea5e9', form_padding: '28px' },
      goal_minor: 500_000,
      raised_minor: 0,
      donors: 0,
      card_provider: 'sandbox',
      card_enabled: true,
      wallet_enabled: true,
    });
    const audit = await ctx.db.execute(
      sql`SELECT action FROM audit_log WHERE target_type = 'campaign' AND target_id = ${String(created.id)}`,
    );
    expect(audit.rows).toEqual([{ action: 'campaign.created' }]);
  });

  it('refuses a taken, unsafe or reserved campaign URL with the field named', async () => {
    await create({ campaign_url: 'taken-url' });
    const taken = await admin.post('/api/v1/npo_admin/campaigns', campaignBody({ campaign_url: 'Taken-URL' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'CONFLICT',
      fields: { campaign_url: CAMPAIGN_URL_MESSAGES.taken },
    });
    const unsafe = await admin.post('/api/v1/npo_admin/campaigns', campaignBody({ campaign_url: 'spring appeal!' }));
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json().fields.campaign_url).toBe(CAMPAIGN_URL_MESSAGES.format);
    for (const reserved of ['dashboard', 'raise', 'login', 'api', 'uploads']) {
      const res = await admin.post('/api/v1/npo_admin/campaigns', campaignBody({ campaign_url: reserved }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.campaign_url).toBe(CAMPAIGN_URL_MESSAGES.reserved);
    }
  });

  it('refuses an active campaign without amounts, choice questions without options and bad CSS', async () => {
    const res = await admin.post(
      '/api/v1/npo_admin/campaigns',
      campaignBody({
        campaign_url: 'no-amounts',
        status: 'active',
        amounts: [],
        user_amount_enable: false,
        questions: [{ content: 'Pick one', answer_type: 'Radio', options: [] }],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: CAMPAIGN_MESSAGES.amountOrUserAmount,
      fields: {
        amounts: CAMPAIGN_MESSAGES.amountOrUserAmount,
        'questions.0.options': CAMPAIGN_MESSAGES.optionsRequired,
      },
    });
    const css = await admin.post(
      '/api/v1/npo_admin/campaigns',
      campaignBody({ campaign_url: 'css', custom_css: '</style><script>' }),
    );
    expect(css.statusCode).toBe(400);
    const currency = await admin.post(
      '/api/v1/npo_admin/campaigns',
      campaignBody({ campaign_url: 'bad-currency', currency: 'GBP', currencies: ['USD'] }),
    );
    expect(currency.json().fields.currency).toBe(CAMPAIGN_MESSAGES.defaultCurrencyListed);
  });

  it('saves everything in one go, keeping the ids of items sent back with their id', async () => {
    const created = await create({ campaign_url: 'saved-campaign' });
    const children = created.designations.find((d) => d.name === 'Children');
    if (!children) throw new Error('the Children designation was not created');
    const res = await admin.put(
      `/api/v1/npo_admin/campaigns/${created.id}`,
      campaignBody({
        campaign_url: 'saved-campaign',
        name: 'Saved',
        amounts: [{ amount_minor: 5000, interval: 'yearly' }],
        questions: [],
        designations: [{ name: 'Families' }, { id: children.id, name: 'Kids', description: 'Updated' }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign).toMatchObject({
      name: 'Saved',
      intervals: ['yearly'],
      questions: [],
      designations: [{ name: 'Families' }, { id: children.id, name: 'Kids', description: 'Updated' }],
    });
  });

  it('changes status, refusing to activate a campaign that cannot take an amount', async () => {
    const created = await create({ campaign_url: 'status-campaign', amounts: [], user_amount_enable: false });
    const refused = await admin.post(`/api/v1/npo_admin/campaigns/${created.id}/status`, { status: 'active' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.amounts).toBeDefined();
    await admin.put(`/api/v1/npo_admin/campaigns/${created.id}`, campaignBody({ campaign_url: 'status-campaign' }));
    const ok = await admin.post(`/api/v1/npo_admin/campaigns/${created.id}/status`, { status: 'active' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().campaign.status).toBe('active');
    const bad = await admin.post(`/api/v1/npo_admin/campaigns/${created.id}/status`, { status: 'paused' });
    expect(bad.statusCode).toBe(400);
  });

  it('lists with search, status filter, raised and donors, and pages', async () => {
    const listed = await create({ campaign_url: 'listed-drive', name: 'Listed Drive', status: 'active' });
    const gift = (email: string, amountMinor: number) =>
      recordGift(ctx, riverside, { email, firstName: 'A', lastName: 'Donor' }, amountMinor, new Date(), {
        campaignId: listed.id,
      });
    await gift('a@example.org', 1500);
    await gift('b@example.org', 2500);
    await gift('a@example.org', 1000);
    const res = await staff.get('/api/v1/npo_admin/campaigns?search=listed&status=active');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      page: 1,
      campaigns: [
        {
          id: listed.id,
          name: 'Listed Drive',
          status: 'active',
          raised_minor: 5000,
          raised_currency: 'USD',
          donors: 2,
          donations_count: 3,
          goal_minor: 500_000,
        },
      ],
    });
    const byUrl = await staff.get('/api/v1/npo_admin/campaigns?search=listed-dr');
    expect(byUrl.json().total).toBe(1);
    const drafts = (await staff.get('/api/v1/npo_admin/campaigns?status=draft&per_page=1')).json();
    expect(drafts.campaigns).toHaveLength(1);
    expect(drafts.total).toBeGreaterThan(1);
    expect((await staff.get('/api/v1/npo_admin/campaigns?search=%25')).json().total).toBe(0);
    const donations = await staff.get(`/api/v1/npo_admin/campaigns/${listed.id}/donations?per_page=2`);
    expect(donations.statusCode).toBe(200);
    expect(donations.json()).toMatchObject({
      total: 3,
      donations: [
        { amount_minor: 1000, campaign_name: 'Listed Drive', donor: { email: 'a@example.org' } },
        { amount_minor: 2500 },
      ],
    });
  });

  it("lists a peer campaign's donations under the peer and under its parent", async () => {
    const parent = await create({ campaign_url: 'parent-drive', status: 'active' });
    const peer = await create({ campaign_url: 'parent-drive-team', parent_campaign_id: parent.id, status: 'active' });
    await recordGift(
      ctx,
      riverside,
      { email: 'peer-donor@example.org', firstName: 'Pia', lastName: 'Peer' },
      4000,
      new Date(),
      {
        campaignId: peer.id,
      },
    );
    const underPeer = (await staff.get(`/api/v1/npo_admin/campaigns/${peer.id}/donations`)).json();
    expect(underPeer.donations).toMatchObject([
      { campaign_id: parent.id, peer_campaign_id: peer.id, amount_minor: 4000 },
    ]);
    expect((await staff.get(`/api/v1/npo_admin/campaigns/${parent.id}/donations`)).json().total).toBe(1);
    const listed = (await staff.get('/api/v1/npo_admin/campaigns?search=parent-drive')).json();
    expect(listed.campaigns).toMatchObject([{ id: parent.id, peer_campaigns: 1, raised_minor: 4000 }]);
    const self = await admin.put(
      `/api/v1/npo_admin/campaigns/${parent.id}`,
      campaignBody({ campaign_url: 'parent-drive', parent_campaign_id: parent.id }),
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().fields).toHaveProperty('parent_campaign_id');
  });

  it('lets staff read but not write, and refuses anonymous staff calls', async () => {
    expect(
      (await staff.post('/api/v1/npo_admin/campaigns', campaignBody({ campaign_url: 'staff-made' }))).statusCode,
    ).toBe(403);
    expect((await new TestClient(ctx.app).get('/api/v1/npo_admin/campaigns')).statusCode).toBe(401);
    const peer = new TestClient(ctx.app);
    await peer.signIn('fundraiser@kindling.test');
    expect((await peer.get('/api/v1/npo_admin/campaigns')).statusCode).toBe(403);
  });

  it("answers 404 to another organisation's staff and changes nothing", async () => {
    const created = await create({ campaign_url: 'private-draft' });
    const before = await rowOf(created.id);
    const url = `/api/v1/npo_admin/campaigns/${created.id}`;
    expect((await outsider.get(url)).statusCode).toBe(404);
    const edit = await outsider.put(url, campaignBody({ campaign_url: 'private-draft', name: 'Hijacked' }));
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Campaign not found.' });
    expect((await outsider.post(`${url}/status`, { status: 'ended' })).statusCode).toBe(404);
    const upload = multipartBody(PNG, 'a.png', 'image/png');
    expect(
      (await outsider.request('POST', `${url}/image`, { body: upload.payload, headers: upload.headers })).statusCode,
    ).toBe(404);
    expect((await outsider.get(`${url}/donations`)).statusCode).toBe(404);
    expect(await rowOf(created.id)).toEqual(before);
    expect((await outsider.get('/api/v1/npo_admin/campaigns')).json().total).toBe(0);
  });

  it('stores an uploaded image, serves it, and refuses a file that is not an image', async () => {
    const created = await create({ campaign_url: 'with-image' });
    const url = `/api/v1/npo_admin/campaigns/${created.id}/image`;
    const upload = multipartBody(PNG, 'photo.png', 'image/png');
    const res = await admin.request('POST', url, { body: upload.payload, headers: upload.headers });
    expect(res.statusCode, res.body).toBe(200);
    const imageUrl: string = res.json().image_url;
    expect(imageUrl).toMatch(new RegExp(`^/uploads/${riverside}/campaigns/${created.id}-[0-9a-f]+\\.png$`));
    expect((await rowOf(created.id))?.image_url).toBe(imageUrl);
    const served = await ctx.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const fake = multipartBody(Buffer.from('<svg onload="alert(1)"></svg>'), 'evil.png', 'image/png');
    const refused = await admin.request('POST', url, { body: fake.payload, headers: fake.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Upload a JPEG, PNG or WebP image.');
    expect((await rowOf(created.id))?.image_url).toBe(imageUrl);
    const preset = await admin.request('POST', `${url}?purpose=preset`, {
      body: upload.payload,
      headers: upload.headers,
    });
    expect(preset.statusCode).toBe(200);
    expect(preset.json().image_url).not.toBe(imageUrl);
    expect((await rowOf(created.id))?.image_url).toBe(imageUrl);
    const big = multipartBody(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'big.png', 'image/png');
    expect((await admin.request('POST', url, { body: big.payload, headers: big.headers })).statusCode).toBe(413);
  });
});
