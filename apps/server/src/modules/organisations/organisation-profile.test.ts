// The organisation profile: who may read and change it, what it refuses, the currency-change
// confirmation, the logo upload, the launchpad's status, and what receipts print from it.
import { ORGANISATION_PROFILE_MESSAGES, type TOrganisationProfile, ZOrganisationProfile } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, PNG } from '../../../test/multipart.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { profileStatus } from './index.ts';

const PROFILE = '/api/v1/npo_admin/organisation_profile';
const ctx = useTestApp();

const signedIn = async (who: string) => {
  const c = new TestClient(ctx.app);
  await c.signIn(`${who}@kindling.test`);
  return c;
};

/** The profile as a PUT body: what the page sends back, with `changes` on top. */
const bodyOf = (p: TOrganisationProfile, changes: Record<string, unknown> = {}) => {
  const { logo_url: _l, receipt_signature_url: _s, has_gifts: _g, ...body } = p;
  return { ...body, ...changes };
};

const npoIdOf = async (slug: string) =>
  Number((await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = ${slug}`)).rows[0]?.id);
const rowOf = async (npoId: number) =>
  (await ctx.db.execute(sql`SELECT * FROM npos WHERE id = ${npoId}`)).rows[0] as Record<string, unknown>;

let riverside = 0;
let northern = 0;
beforeAll(async () => {
  riverside = await npoIdOf('riverside-food-bank');
  northern = await npoIdOf('northern-lights-rescue');
});

describe('reading and writing the profile', () => {
  it('shows an admin the demo organisation’s complete profile', async () => {
    const res = await (await signedIn('admin')).get(PROFILE);
    expect(res.statusCode).toBe(200);
    const profile = ZOrganisationProfile.parse(res.json());
    expect(profile).toMatchObject({
      legal_name: 'Riverside Community Food Bank, Inc.',
      display_name: 'Riverside Food Bank',
      country: 'US',
      ein: '12-3456789',
      base_currency: 'USD',
      time_zone: 'America/New_York',
      receipt_signatory_name: 'Dana Rivers',
      has_gifts: true,
    });
    expect(profile.logo_url).toMatch(/^\/uploads\/\d+\/organisation\/logo-demo\.png$/);
    expect(await profileStatus(ctx.db, riverside)).toEqual({ complete: true, missing: [], hasLogo: true });
  });

  it('is for admins and managers only: not finance, staff, fundraisers or anonymous callers', async () => {
    const before = await rowOf(riverside);
    const profile = (await (await signedIn('admin')).get(PROFILE)).json();
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(PROFILE)).statusCode).toBe(401);
    expect((await anonymous.put(PROFILE, bodyOf(profile, { legal_name: 'Taken over' }))).statusCode).toBe(401);
    const upload = multipartBody(PNG, 'logo.png', 'image/png');
    for (const who of ['finance', 'staff', 'fundraiser']) {
      const c = await signedIn(who);
      expect((await c.get(PROFILE)).statusCode, who).toBe(403);
      expect((await c.put(PROFILE, bodyOf(profile, { legal_name: 'Taken over' }))).statusCode, who).toBe(403);
      const posted = await c.request('POST', `${PROFILE}/logo`, { body: upload.payload, headers: upload.headers });
      expect(posted.statusCode, who).toBe(403);
    }
    expect((await (await signedIn('manager')).get(PROFILE)).statusCode).toBe(200);
    expect(await rowOf(riverside)).toEqual(before);
  });

  it('reads and writes only the selected organisation', async () => {
    const multi = await signedIn('multi');
    await multi.get(`/api/v1/npo_admin/select_npo?npo_id=${northern}&role_name=admin&code=5150`);
    const theirs = (await multi.get(PROFILE)).json();
    expect(theirs).toMatchObject({ legal_name: 'Northern Lights Animal Rescue CIO', uk_charity_number: 'SC045123' });
    const northernBefore = await rowOf(northern);

    const admin = await signedIn('admin');
    const mine = (await admin.get(PROFILE)).json();
    const saved = await admin.put(PROFILE, bodyOf(mine, { receipt_footer: 'Thank you, neighbours.' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().receipt_footer).toBe('Thank you, neighbours.');
    expect(await rowOf(northern)).toEqual(northernBefore);
    expect((await multi.get(PROFILE)).json().receipt_footer).toBe(theirs.receipt_footer);
  });

  it('refuses malformed identifiers and addresses with a message per field, changing nothing', async () => {
    const admin = await signedIn('admin');
    const profile = (await admin.get(PROFILE)).json();
    const before = await rowOf(riverside);
    const res = await admin.put(
      PROFILE,
      bodyOf(profile, {
        legal_name: ' ',
        ein: '12-345',
        uk_charity_number: 'CHARITY',
        contact_email: 'not-an-address',
        website: 'riverside',
        country: 'XX',
        fiscal_year_start_month: 13,
        monthly_goal: -5,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      legal_name: ORGANISATION_PROFILE_MESSAGES.legalName,
      ein: ORGANISATION_PROFILE_MESSAGES.ein,
      uk_charity_number: ORGANISATION_PROFILE_MESSAGES.ukCharityNumber,
      contact_email: ORGANISATION_PROFILE_MESSAGES.email,
      website: ORGANISATION_PROFILE_MESSAGES.website,
      country: ORGANISATION_PROFILE_MESSAGES.country,
      fiscal_year_start_month: ORGANISATION_PROFILE_MESSAGES.month,
      monthly_goal: ORGANISATION_PROFILE_MESSAGES.goal,
    });
    expect(await rowOf(riverside)).toEqual(before);
  });

  it('writes identifiers in their usual form', async () => {
    const admin = await signedIn('admin');
    const profile = (await admin.get(PROFILE)).json();
    const res = await admin.put(
      PROFILE,
      bodyOf(profile, { ein: '987654321', uk_charity_number: 'sc 012345', hmrc_reference: 'ab12345', country: 'us' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ein: '98-7654321',
      uk_charity_number: 'SC012345',
      hmrc_reference: 'AB12345',
      country: 'US',
    });
  });
});

describe('base currency', () => {
  it('needs an explicit confirmation once the organisation has gifts', async () => {
    const admin = await signedIn('admin');
    const profile = (await admin.get(PROFILE)).json();
    const refused = await admin.put(PROFILE, bodyOf(profile, { base_currency: 'EUR' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: ORGANISATION_PROFILE_MESSAGES.currencyConfirm,
      fields: { base_currency: ORGANISATION_PROFILE_MESSAGES.currencyConfirm },
    });
    expect((await rowOf(riverside)).base_currency).toBe('USD');

    const confirmed = await admin.put(
      PROFILE,
      bodyOf(profile, { base_currency: 'EUR', confirm_currency_change: true }),
    );
    expect(confirmed.statusCode).toBe(200);
    expect((await rowOf(riverside)).base_currency).toBe('EUR');
    const audit = await ctx.db.execute(
      sql`SELECT action FROM audit_log WHERE npo_id = ${riverside} AND action = 'organisation.base_currency_changed'`,
    );
    expect(audit.rows).toHaveLength(1);
    const back = await admin.put(PROFILE, bodyOf(profile, { base_currency: 'USD', confirm_currency_change: true }));
    expect(back.statusCode).toBe(200);
  });

  it('changes freely before the first gift, and a new organisation’s profile is incomplete', async () => {
    const c = new TestClient(ctx.app);
    await c.post('/api/v1/signup', {
      first_name: 'Nia',
      last_name: 'New',
      email: 'nia@example.org',
      password: 'nia-password-1',
    });
    const created = await c.post('/api/v1/npo_admin/organisations', { name: 'Harbour Lights', base_currency: 'CAD' });
    const npoId = created.json().npo.id;
    expect(await profileStatus(ctx.db, npoId)).toEqual({
      complete: false,
      missing: ['legal_name', 'address', 'country', 'contact_email', 'tax_identifier'],
      hasLogo: false,
    });
    const profile = (await c.get(PROFILE)).json();
    expect(profile).toMatchObject({ has_gifts: false, legal_name: '', display_name: 'Harbour Lights' });
    const saved = await c.put(
      PROFILE,
      bodyOf(profile, {
        legal_name: 'Harbour Lights Society',
        base_currency: 'USD',
        address: { line1: '1 Quay', line2: '', city: 'Halifax', region: 'NS', postcode: 'B3H 1A1' },
        country: 'CA',
        contact_email: 'Hi@Harbour.example.org',
        other_tax_ids: 'CRA 123456789RR0001',
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ base_currency: 'USD', contact_email: 'hi@harbour.example.org' });
    expect(await profileStatus(ctx.db, npoId)).toEqual({ complete: true, missing: [], hasLogo: false });
  });
});

describe('logo and signature', () => {
  it('stores an uploaded logo, serves it and shows it to the session; refuses what is not an image', async () => {
    const admin = await signedIn('admin');
    const upload = multipartBody(PNG, 'logo.png', 'image/png');
    const res = await admin.request('POST', `${PROFILE}/logo`, { body: upload.payload, headers: upload.headers });
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().url;
    expect(url).toMatch(new RegExp(`^/uploads/${riverside}/organisation/logo-[0-9a-f]+\\.png$`));
    expect((await admin.get(PROFILE)).json().logo_url).toBe(url);
    expect((await admin.get('/api/v1/refresh')).json().npo_user.npo.logo).toBe(url);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const svg = multipartBody(Buffer.from('<svg onload="alert(1)"></svg>'), 'logo.svg', 'image/svg+xml');
    const refused = await admin.request('POST', `${PROFILE}/signature`, { body: svg.payload, headers: svg.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Upload a JPEG, PNG or WebP image.');
    expect((await admin.get(PROFILE)).json().receipt_signature_url).toMatch(/signature-demo\.png$/);
    const unknown = await admin.request('POST', `${PROFILE}/banner`, { body: upload.payload, headers: upload.headers });
    expect(unknown.statusCode).toBe(400);
  });
});
