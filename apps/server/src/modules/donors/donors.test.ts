// Donor API: the list with its flags and filters, the donor page, merges, the giving-year setting
// and the annual statement, against the real database through HTTP.
import type { TDonorDetail, TDonorListResponse, TDonorSummary } from '@kindling/contracts';
import { givingYearOf, givingYearRange, retentionFlagsOfGifts } from '@kindling/contracts/giving-year-rules.ts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { donorIdOf, failedAttempt, gift, note, plan, recomputedTotals, refund } from '../../../test/records.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { findMergedInto } from './index.ts';

const ctx = useTestApp();
const DAY = 86_400_000;
const now = new Date();
const calendar = givingYearRange(givingYearOf(now, 1), 1);
const previousCalendar = givingYearRange(givingYearOf(now, 1) - 1, 1);
// Noon of New Year's Day in UTC: the new year in Riverside's time zone (New York) as well.
const inCurrent = new Date(Math.min(calendar.start.getTime() + 12 * 3_600_000, now.getTime() - 60_000));
const inPrevious = new Date(calendar.start.getTime() - 10 * DAY);
const longAgo = new Date(previousCalendar.start.getTime() - 40 * DAY);

let admin: TestClient;
let staff: TestClient;
let fundraiser: TestClient;
let outsider: TestClient;
let riverside = 0;

/** The list, narrowed to this file's donors (the demo seed has its own) unless the query searches. */
const list = async (query = '', client = staff) => {
  const scoped = query.includes('search=') ? query : `${query}${query ? '&' : '?'}search=donors.test`;
  const res = await client.get(`/api/v1/npo_admin/donors${scoped}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TDonorListResponse;
};
const rowOf = (body: TDonorListResponse, email: string) => body.donors.find((d) => d.email === email) as TDonorSummary;
const patch = (client: TestClient, url: string, body: unknown) =>
  client.request('PATCH', url, { body: body as object });

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
    email: 'donor-outsider@example.org',
    password: 'outsider-pass',
  });
  await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Shelter' });
  riverside = Number(
    (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).rows[0]?.id,
  );
  await ctx.db.execute(sql`UPDATE npos SET fiscal_year_start_month = 1 WHERE id = ${riverside}`);
});

describe('donors list', () => {
  beforeAll(async () => {
    // Loyal: gave this year and last year, one gift partly refunded. Lapsed: last gave last year
    // (LYBUNT). Gone: last gave two or more years ago (SYBUNT). Refunded: one gift, fully refunded.
    await gift(
      ctx,
      riverside,
      { email: 'loyal@donors.test', firstName: 'Lola', lastName: 'Loyal', postalCode: 'AB1 2CD' },
      5000,
      inPrevious,
    );
    const partly = await gift(ctx, riverside, { email: 'loyal@donors.test' }, 3000, inCurrent);
    await refund(ctx, partly, 1000, false);
    await gift(ctx, riverside, { email: 'lapsed@donors.test', firstName: 'Lars', lastName: 'Lapsed' }, 2500, longAgo);
    await gift(ctx, riverside, { email: 'lapsed@donors.test' }, 2500, inPrevious);
    await gift(ctx, riverside, { email: 'gone@donors.test', firstName: 'Gina', lastName: 'Gone' }, 10_000, longAgo);
    const full = await gift(
      ctx,
      riverside,
      { email: 'refunded@donors.test', firstName: 'Rita', lastName: 'Refund' },
      4000,
      inCurrent,
    );
    await refund(ctx, full, 4000, true);
    const first = await gift(
      ctx,
      riverside,
      { email: 'monthly@donors.test', firstName: 'Mo', lastName: 'Monthly' },
      1000,
      inCurrent,
    );
    await plan(ctx, riverside, await donorIdOf(ctx, riverside, 'monthly@donors.test'), first, 'active');
    const late = await gift(
      ctx,
      riverside,
      { email: 'late@donors.test', firstName: 'Lee', lastName: 'Late' },
      1000,
      inCurrent,
    );
    await plan(ctx, riverside, await donorIdOf(ctx, riverside, 'late@donors.test'), late, 'past_due');
  });

  it('shows lifetime total net of refunds, gift count, first and last gift, and the recurring status', async () => {
    const body = await list('?per_page=100');
    const loyal = rowOf(body, 'loyal@donors.test');
    expect(loyal).toMatchObject({ first_name: 'Lola', lifetime_total_minor: 7000, gift_count: 2, currency: 'USD' });
    expect(loyal.first_gift_at).toBe(inPrevious.toISOString());
    expect(loyal.last_gift_at).toBe(inCurrent.toISOString());
    expect(rowOf(body, 'refunded@donors.test')).toMatchObject({
      lifetime_total_minor: 0,
      gift_count: 0,
      last_gift_at: null,
    });
    expect(rowOf(body, 'monthly@donors.test').recurring_status).toBe('active');
    expect(rowOf(body, 'late@donors.test').recurring_status).toBe('past_due');
    expect(loyal.recurring_status).toBe('none');
    const stored = await recomputedTotals(ctx, riverside);
    expect(stored.stored).toEqual(stored.expected);
  });

  it('keeps totals exact when gifts and refunds for one donor arrive at the same time', async () => {
    const email = 'concurrent@donors.test';
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        gift(ctx, riverside, { email, firstName: 'Con', lastName: 'Current' }, 100 + i, inCurrent),
      ),
    );
    await Promise.all(ids.slice(0, 3).map((id) => refund(ctx, id, 10, false)));
    const row = rowOf(await list('?search=concurrent'), email);
    expect(row).toMatchObject({ gift_count: 8, lifetime_total_minor: 8 * 100 + 28 - 30 });
    const totals = await recomputedTotals(ctx, riverside);
    expect(totals.stored).toEqual(totals.expected);
  });

  it('flags LYBUNT and SYBUNT by the calendar year and filters by them', async () => {
    const body = await list('?per_page=100');
    expect(rowOf(body, 'loyal@donors.test')).toMatchObject({ lybunt: false, sybunt: false });
    expect(rowOf(body, 'lapsed@donors.test')).toMatchObject({ lybunt: true, sybunt: false });
    expect(rowOf(body, 'gone@donors.test')).toMatchObject({ lybunt: false, sybunt: true });
    expect((await list('?retention=lybunt')).donors.map((d) => d.email)).toEqual(['lapsed@donors.test']);
    expect((await list('?retention=sybunt')).donors.map((d) => d.email)).toEqual(['gone@donors.test']);
  });

  it('searches name, e-mail and postcode, filters by plan, gift dates and total, sorts and pages', async () => {
    expect((await list('?search=lola')).donors.map((d) => d.email)).toEqual(['loyal@donors.test']);
    expect((await list('?search=LAPSED%40donors')).donors.map((d) => d.email)).toEqual(['lapsed@donors.test']);
    expect((await list('?search=ab1%202c')).donors.map((d) => d.email)).toEqual(['loyal@donors.test']);
    expect((await list('?search=100%25')).total).toBe(0);
    expect((await list('?recurring=active')).donors.map((d) => d.email)).toEqual(['monthly@donors.test']);
    expect((await list('?recurring=past_due')).donors.map((d) => d.email)).toEqual(['late@donors.test']);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const gaveLastYear = await list(
      `?gave_from=${day(previousCalendar.start)}&gave_to=${day(new Date(calendar.start.getTime() - DAY))}&sort=name&direction=asc`,
    );
    expect(gaveLastYear.donors.map((d) => d.email)).toEqual(['lapsed@donors.test', 'loyal@donors.test']);
    const big = await list('?min_total_minor=5000&max_total_minor=10000&sort=lifetime_total&direction=desc');
    expect(big.donors.map((d) => d.email)).toEqual(['gone@donors.test', 'loyal@donors.test', 'lapsed@donors.test']);
    const page2 = await list('?sort=lifetime_total&direction=desc&min_total_minor=5000&per_page=2&page=2');
    expect(page2).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(page2.donors.map((d) => d.email)).toEqual(['lapsed@donors.test']);
    const asc = await list('?sort=lifetime_total&direction=asc&min_total_minor=5000');
    expect(asc.donors.map((d) => d.email)).toEqual(['lapsed@donors.test', 'loyal@donors.test', 'gone@donors.test']);
  });

  it('counts matching donors up to 10,000 and says when there are more', async () => {
    await ctx.db.execute(sql`
      INSERT INTO donors (npo_id, email, first_name, last_name)
      SELECT ${riverside}, 'many' || g || '@cap.example', 'Many', 'Donor' FROM generate_series(1, 10001) g`);
    const capped = await list('?search=cap.example&per_page=5');
    expect(capped).toMatchObject({ total: 10_000, total_capped: true });
    expect(capped.donors).toHaveLength(5);
    const exact = await list('?search=many1000'); // many1000, many10000 and many10001
    expect(exact).toMatchObject({ total: 3, total_capped: false });
  });

  it('refuses bad filters field by field', async () => {
    const res = await staff.get('/api/v1/npo_admin/donors?gave_from=2026-05-01&gave_to=2026-04-01&min_total_minor=-1');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('The end date must be on or after the start date.');
  });

  it('follows a fiscal giving year once an admin sets it, audited; staff cannot change it', async () => {
    // A fiscal year starting this month (July when it is January) puts the current year's start
    // elsewhere than 1 January; a gift between the two starts is read differently by each.
    const month = now.getUTCMonth() + 1 === 1 ? 7 : now.getUTCMonth() + 1;
    const fiscalStart = givingYearRange(givingYearOf(now, month), month).start;
    const between = new Date((fiscalStart.getTime() + calendar.start.getTime()) / 2);
    await gift(ctx, riverside, { email: 'between@donors.test', firstName: 'Bea', lastName: 'Between' }, 1500, between);
    const byCalendar = retentionFlagsOfGifts([between], now, 1);
    const byFiscal = retentionFlagsOfGifts([between], now, month);
    expect(byCalendar).not.toEqual(byFiscal);
    expect(rowOf(await list('?search=between'), 'between@donors.test')).toMatchObject(byCalendar);

    expect(
      (await patch(staff, '/api/v1/npo_admin/organisation/giving_year', { fiscal_year_start_month: month })).statusCode,
    ).toBe(403);
    const bad = await patch(admin, '/api/v1/npo_admin/organisation/giving_year', { fiscal_year_start_month: 13 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose a month from January to December.');
    const set = await patch(admin, '/api/v1/npo_admin/organisation/giving_year', { fiscal_year_start_month: month });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ fiscal_year_start_month: month, current_year: givingYearOf(now, month) });
    const after = await list('?search=between');
    expect(rowOf(after, 'between@donors.test')).toMatchObject(byFiscal);
    expect(after.giving_year.fiscal_year_start_month).toBe(month);
    const audit = await ctx.db.execute<{ data: { before: number; after: number } }>(
      sql`SELECT data FROM audit_log WHERE action = 'organisation.giving_year_changed' AND npo_id = ${riverside}`,
    );
    expect(audit.rows.map((r) => r.data)).toEqual([{ before: 1, after: month }]);
    await patch(admin, '/api/v1/npo_admin/organisation/giving_year', { fiscal_year_start_month: 1 });
  });

  it('is for the dashboard roles of the organisation only', async () => {
    expect((await fundraiser.get('/api/v1/npo_admin/donors')).statusCode).toBe(403);
    expect((await new TestClient(ctx.app).get('/api/v1/npo_admin/donors')).statusCode).toBe(401);
    const theirs = await list('', outsider);
    expect(theirs.total).toBe(0);
  });
});

describe('donor page', () => {
  let donorId = 0;
  let duplicateId = 0;
  let planId = 0;

  beforeAll(async () => {
    const email = 'page@donors.test';
    const first = await gift(
      ctx,
      riverside,
      { email, firstName: 'Pat', lastName: 'Page', postalCode: 'SW1Y 4JH' },
      2000,
      inPrevious,
      { giftAid: true },
    );
    const second = await gift(ctx, riverside, { email }, 3000, inCurrent);
    await refund(ctx, second, 500, false);
    donorId = await donorIdOf(ctx, riverside, email);
    planId = await plan(ctx, riverside, donorId, first, 'active');
    await gift(
      ctx,
      riverside,
      { email: 'pat.other@donors.test', firstName: 'pat', lastName: 'PAGE', postalCode: 'sw1y4jh' },
      700,
      inCurrent,
    );
    duplicateId = await donorIdOf(ctx, riverside, 'pat.other@donors.test');
  });

  const detail = async (id = donorId, client = staff) => {
    const res = await client.get(`/api/v1/npo_admin/donors/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TDonorDetail;
  };

  it('shows profile, a timeline with the refund, plans, Gift Aid and the likely duplicate', async () => {
    const d = await detail();
    expect(d.profile).toMatchObject({ first_name: 'Pat', last_name: 'Page', postal_code: 'SW1Y 4JH' });
    expect(d.summary).toMatchObject({ lifetime_total_minor: 4500, gift_count: 2 });
    expect(d.timeline.map((e) => [e.kind, e.amount_minor])).toEqual(
      expect.arrayContaining([
        ['donation', 2000],
        ['donation', 3000],
        ['refund', -500],
        ['plan_started', 1000],
      ]),
    );
    expect(d.plans.map((p) => p.id)).toEqual([planId]);
    expect(d.gift_aid_declarations).toHaveLength(1);
    expect(d.gift_aid_declarations[0]).toMatchObject({ postcode: 'SW1Y 4JH' });
    expect(d.duplicates.map((x) => [x.id, x.reason])).toEqual([[duplicateId, 'name_postcode']]);
    expect(d.statement_years).toEqual([givingYearOf(inCurrent, 1), givingYearOf(inPrevious, 1)]);
  });

  it('lets admins edit the profile (audited) but not take another donor\u2019s e-mail; staff only read', async () => {
    const body = {
      first_name: 'Patricia',
      last_name: 'Page',
      email: 'page@donors.test',
      address: '1 High St',
      city: 'London',
      postal_code: 'SW1Y 4JH',
      country: 'GB',
    };
    expect((await patch(staff, `/api/v1/npo_admin/donors/${donorId}`, body)).statusCode).toBe(403);
    const ok = await patch(admin, `/api/v1/npo_admin/donors/${donorId}`, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as TDonorDetail).profile).toMatchObject({
      first_name: 'Patricia',
      address: '1 High St',
      city: 'London',
    });
    const taken = await patch(admin, `/api/v1/npo_admin/donors/${donorId}`, {
      ...body,
      email: 'PAT.OTHER@donors.test',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('merge the two donors instead');
    const invalid = await patch(admin, `/api/v1/npo_admin/donors/${donorId}`, { ...body, email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    expect((await detail()).profile.email).toBe('page@donors.test');
  });

  it('answers 404 for another organisation\u2019s donor and changes nothing', async () => {
    expect((await outsider.get(`/api/v1/npo_admin/donors/${donorId}`)).statusCode).toBe(404);
    expect(
      (
        await patch(outsider, `/api/v1/npo_admin/donors/${donorId}`, {
          first_name: 'X',
          last_name: 'Y',
          email: 'x@donors.test',
        })
      ).statusCode,
    ).toBe(404);
    expect((await outsider.get(`/api/v1/npo_admin/donors/${donorId}/statement.pdf?year=2026`)).statusCode).toBe(404);
    expect(
      (await outsider.post(`/api/v1/npo_admin/donors/${donorId}/merge`, { duplicate_id: duplicateId })).statusCode,
    ).toBe(404);
    expect((await detail()).profile.first_name).toBe('Patricia');
  });

  it('writes the annual statement for a giving year, refunds netted', async () => {
    const year = givingYearOf(inCurrent, 1);
    const res = await staff.get(`/api/v1/npo_admin/donors/${donorId}/statement.pdf?year=${year}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = pdfText(res.rawPayload);
    // Issued as the receipts are: the profile's legal name, address and identifiers.
    expect(text).toContain('Riverside Community Food Bank, Inc.');
    expect(text).toContain('Hudson, NY, 12534');
    expect(text).toContain('EIN: 12-3456789');
    expect(text).toContain('Riverside Food Bank');
    expect(text).toContain(`Annual giving statement ${year}`);
    expect(text).toContain('Patricia Page');
    expect(text).toContain('$25.00 (refunded $5.00)');
    expect(text).toContain(`Total for ${year}: $25.00 (USD)`);
    expect(text).not.toContain('$20.00');
    const empty = await staff.get(`/api/v1/npo_admin/donors/${donorId}/statement.pdf?year=2001`);
    expect(pdfText(empty.rawPayload)).toContain('No gifts were recorded for 2001.');
    expect((await staff.get(`/api/v1/npo_admin/donors/${donorId}/statement.pdf?year=1999`)).statusCode).toBe(400);
  });

  it('merges a duplicate: every record moves, totals stay exact, the duplicate is gone, audited', async () => {
    await note(ctx, riverside, duplicateId, 'admin@kindling.test', 'Called about a cheque');
    await failedAttempt(ctx, riverside, duplicateId);
    const dupFirst = (
      await ctx.db.execute<{ id: number }>(sql`SELECT id FROM donations WHERE donor_id = ${duplicateId}`)
    ).rows[0]?.id;
    const dupPlan = await plan(ctx, riverside, duplicateId, Number(dupFirst), 'cancelled');
    const before = await detail();
    const dupBefore = await detail(duplicateId);

    expect(
      (await staff.post(`/api/v1/npo_admin/donors/${donorId}/merge`, { duplicate_id: duplicateId })).statusCode,
    ).toBe(403);
    const preview = await admin.get(`/api/v1/npo_admin/donors/${donorId}/merge_preview?duplicate_id=${duplicateId}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const moves = Object.fromEntries(
      preview.json().moves.map((m: { label: string; count: number }) => [m.label, m.count]),
    );
    expect(moves).toMatchObject({ 'Recurring plans': 1, 'Failed payment attempts': 1, Notes: 1 });
    expect(moves['Donations (with their Gift Aid declarations, receipts and refunds)']).toBe(1);
    expect((await admin.post(`/api/v1/npo_admin/donors/${donorId}/merge`, { duplicate_id: donorId })).statusCode).toBe(
      400,
    );

    const res = await admin.post(`/api/v1/npo_admin/donors/${donorId}/merge`, { duplicate_id: duplicateId });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as TDonorDetail;
    expect(after.summary.lifetime_total_minor).toBe(
      before.summary.lifetime_total_minor + dupBefore.summary.lifetime_total_minor,
    );
    expect(after.summary.gift_count).toBe(3);
    expect(after.plans.map((p) => p.id).sort()).toEqual([planId, dupPlan].sort());
    expect(after.duplicates).toEqual([]);
    expect((await staff.get(`/api/v1/npo_admin/donors/${duplicateId}`)).statusCode).toBe(404);
    const left = await ctx.db.execute<{ n: number }>(sql`
      SELECT ((SELECT count(*) FROM donations WHERE donor_id = ${duplicateId}) + (SELECT count(*) FROM recurring_plans WHERE donor_id = ${duplicateId})
        + (SELECT count(*) FROM payment_attempts WHERE donor_id = ${duplicateId})
        + (SELECT count(*) FROM notes WHERE subject_type = 'donor' AND subject_id = ${duplicateId}))::int AS n`);
    expect(left.rows[0]?.n).toBe(0);
    const moved = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notes WHERE subject_type = 'donor' AND subject_id = ${donorId}`,
    );
    expect(moved.rows[0]?.n).toBe(1);
    const audit = await ctx.db.execute<{ data: { duplicate: { email: string }; moved: Record<string, number[]> } }>(
      sql`SELECT data FROM audit_log WHERE action = 'donor.merged' AND target_id = ${String(donorId)}`,
    );
    expect(audit.rows[0]?.data.duplicate.email).toBe('pat.other@donors.test');
    expect(audit.rows[0]?.data.moved['donations.donor_id']).toEqual([Number(dupFirst)]);
    const totals = await recomputedTotals(ctx, riverside);
    expect(totals.stored).toEqual(totals.expected);
    // Links and accounts that name the removed donor find the kept one.
    expect(await findMergedInto(ctx.db, riverside, { donorId: duplicateId })).toBe(donorId);
    expect(await findMergedInto(ctx.db, riverside, { email: 'PAT.OTHER@donors.test' })).toBe(donorId);
    expect(await findMergedInto(ctx.db, riverside, { email: 'page@donors.test' })).toBeNull();
  });

  it('never merges another organisation\u2019s donor', async () => {
    const theirs = await outsider.get('/api/v1/auth/session');
    expect(theirs.statusCode).toBeLessThan(500);
    const outsiderNpo = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE name = 'Outsider Shelter'`)).rows[0]?.id,
    );
    await gift(ctx, outsiderNpo, { email: 'shelter.donor@donors.test' }, 900, inCurrent);
    const foreign = await donorIdOf(ctx, outsiderNpo, 'shelter.donor@donors.test');
    const res = await admin.post(`/api/v1/npo_admin/donors/${donorId}/merge`, { duplicate_id: foreign });
    expect(res.statusCode).toBe(404);
    expect(
      (await admin.get(`/api/v1/npo_admin/donors/${donorId}/merge_preview?duplicate_id=${foreign}`)).statusCode,
    ).toBe(404);
    const still = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM donations WHERE donor_id = ${foreign}`,
    );
    expect(still.rows[0]?.n).toBe(1);
  });
});

describe('giving years on the organisation\u2019s calendar', () => {
  // 3 am UTC on 1 January is still 31 December in Riverside's time zone (New York): that gift
  // belongs to last year's giving, for the flags, the filter, the statement years and the statement.
  const year = new Date().getUTCFullYear();
  const newYearsEve = new Date(`${year}-01-01T03:00:00Z`);
  const email = 'eve@zoned.example';
  let eveId = 0;

  beforeAll(async () => {
    const zone = await ctx.db.execute<{ time_zone: string }>(sql`SELECT time_zone FROM npos WHERE id = ${riverside}`);
    expect(zone.rows[0]?.time_zone).toBe('America/New_York');
    await gift(ctx, riverside, { email, firstName: 'Eve', lastName: 'Late' }, 4200, newYearsEve);
    eveId = await donorIdOf(ctx, riverside, email);
  });

  it('counts a gift at 10 pm on New Year\u2019s Eve there as last year\u2019s: LYBUNT, and in the LYBUNT filter', async () => {
    expect(rowOf(await list('?search=zoned.example'), email)).toMatchObject({ lybunt: true, sybunt: false });
    const lybunt = await list('?search=zoned.example&retention=lybunt');
    expect(lybunt.donors.map((d) => d.email)).toEqual([email]);
    expect((await list('?search=zoned.example')).giving_year.current_year).toBe(year);
  });

  it('offers and writes the statement of last year with that gift, dated in the organisation\u2019s zone', async () => {
    const d = (await staff.get(`/api/v1/npo_admin/donors/${eveId}`)).json() as TDonorDetail;
    expect(d.statement_years).toEqual([year - 1]);
    const text = pdfText(
      (await staff.get(`/api/v1/npo_admin/donors/${eveId}/statement.pdf?year=${year - 1}`)).rawPayload,
    );
    expect(text).toContain(`December 31, ${year - 1}`);
    expect(text).toContain(`Total for ${year - 1}: $42.00 (USD)`);
    const next = pdfText((await staff.get(`/api/v1/npo_admin/donors/${eveId}/statement.pdf?year=${year}`)).rawPayload);
    expect(next).toContain(`No gifts were recorded for ${year}.`);
  });
});
