// After staff merge donor B into donor A, every later gift made with B's e-mail is A's: by card
// (confirm_payment), entered by hand (offline gift) and imported; and the signed-in donor with B's
// e-mail sees A. Real database, real HTTP.
import { type TDonorDetail, ZImportResponse, ZImportUploadResponse, ZPortalOverview } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTo, payForGift } from '../../../test/gift.ts';
import { give } from '../../../test/portal.ts';
import { recomputedTotals } from '../../../test/records.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

const ctx = useTestApp();
// The seeded peer fundraiser's account e-mail: B gave with it before the merge.
const MERGED_EMAIL = 'fundraiser@kindling.test';
const KEPT_EMAIL = 'fern.home@merge.test';

let admin: TestClient;
let npoId = 0;
let keptId = 0;
let mergedId = 0;

const detail = async (id: number) => {
  const res = await admin.get(`/api/v1/npo_admin/donors/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TDonorDetail).summary;
};

const donorCount = async () =>
  Number(
    (await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM donors WHERE npo_id = ${npoId}`)).rows[0]
      ?.n,
  );

const donorOfDonation = async (donationId: number) =>
  Number(
    (await ctx.db.execute<{ donor_id: number }>(sql`SELECT donor_id FROM donations WHERE id = ${donationId}`)).rows[0]
      ?.donor_id,
  );

/** What a merged-away address must never bring back: a donor row of its own. */
const donorsWithMergedEmail = async () =>
  (
    await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM donors WHERE npo_id = ${npoId} AND lower(email) = ${MERGED_EMAIL}`,
    )
  ).rows;

beforeAll(async () => {
  admin = new TestClient(ctx.app);
  await admin.signIn('admin@kindling.test');
  const kept = await give(ctx, KEPT_EMAIL, 'once', 5000);
  const merged = await give(ctx, 'Fundraiser@Kindling.test', 'once', 2000);
  keptId = kept.donor.id;
  mergedId = merged.donor.id;
  npoId = Number(
    (await ctx.db.execute<{ npo_id: number }>(sql`SELECT npo_id FROM donors WHERE id = ${keptId}`)).rows[0]?.npo_id,
  );
  const res = await admin.post(`/api/v1/npo_admin/donors/${keptId}/merge`, { duplicate_id: mergedId });
  expect(res.statusCode, res.body).toBe(200);
});

describe('gifts with a merged-away e-mail', () => {
  it('a card gift (confirm_payment) counts for the kept donor and makes no donor', async () => {
    const before = await detail(keptId);
    const donors = await donorCount();
    // Any spelling of the address: donors are one per e-mail, case-insensitive.
    const gift = await give(ctx, 'FUNDRAISER@kindling.test', 'once', 1500);
    expect(gift.donor.id).toBe(keptId);
    expect(await donorOfDonation(gift.id)).toBe(keptId);
    expect(await donorCount()).toBe(donors);
    expect(await donorsWithMergedEmail()).toEqual([]);
    const after = await detail(keptId);
    expect(after.gift_count).toBe(before.gift_count + 1);
    expect(after.lifetime_total_minor).toBe(before.lifetime_total_minor + 1500);
    // The kept donor keeps their own address.
    expect((await admin.get(`/api/v1/npo_admin/donors/${keptId}`)).json().profile.email).toBe(KEPT_EMAIL);
  });

  it('an offline gift staff enter for the address counts for the kept donor', async () => {
    const spring = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM campaigns WHERE campaign_url = 'spring-appeal'`)).rows[0]
        ?.id,
    );
    const before = await detail(keptId);
    const donors = await donorCount();
    const res = await admin.post('/api/v1/npo_admin/offline_donations', {
      donor: { first_name: 'Fern', last_name: 'Field', email: MERGED_EMAIL },
      campaign_id: spring,
      method: 'cash',
      received_on: new Date().toISOString().slice(0, 10),
      amount_minor: 700,
      currency: 'USD',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await donorOfDonation(res.json().donation.id)).toBe(keptId);
    expect(await donorCount()).toBe(donors);
    expect(await donorsWithMergedEmail()).toEqual([]);
    const after = await detail(keptId);
    expect(after.gift_count).toBe(before.gift_count + 1);
    expect(after.lifetime_total_minor).toBe(before.lifetime_total_minor + 700);
  });

  it('an imported row with the address counts for the kept donor', async () => {
    const before = await detail(keptId);
    const donors = await donorCount();
    const csv = [
      'date,first_name,last_name,email,amount,currency,campaign_url,payment_method,reference',
      `2025-02-03,Fern,Field,${MERGED_EMAIL},9.00,USD,,cheque,`,
    ].join('\n');
    const boundary = '----mergeImport';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="merged.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    );
    const uploaded = await admin.request('POST', '/api/v1/npo_admin/imports', {
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = ZImportUploadResponse.parse(uploaded.json()).import.id;
    expect((await admin.post(`/api/v1/npo_admin/imports/${id}/start`)).statusCode).toBe(202);
    let status = 'queued';
    for (let i = 0; i < 100 && status !== 'finished'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      status = ZImportResponse.parse((await admin.get(`/api/v1/npo_admin/imports/${id}`)).json()).import.status;
    }
    expect(status).toBe('finished');
    const imported = await ctx.db.execute<{ donor_id: number }>(
      sql`SELECT donor_id FROM donations WHERE provider = 'import' AND provider_reference = ${`import-${id}-2`}`,
    );
    expect(imported.rows.map((r) => Number(r.donor_id))).toEqual([keptId]);
    expect(await donorCount()).toBe(donors);
    expect(await donorsWithMergedEmail()).toEqual([]);
    const after = await detail(keptId);
    expect(after.gift_count).toBe(before.gift_count + 1);
    expect(after.lifetime_total_minor).toBe(before.lifetime_total_minor + 900);
    // Every donor's stored totals equal their gifts summed again.
    const totals = await recomputedTotals(ctx, npoId);
    expect(totals.stored).toEqual(totals.expected);
  });

  it('the signed-in donor with the merged-away e-mail sees the kept donor and all the gifts', async () => {
    const browser = new TestClient(ctx.app);
    await browser.signIn(MERGED_EMAIL);
    const overview = ZPortalOverview.parse((await browser.get('/api/v1/portal/account/overview')).json());
    expect(overview.donor?.id).toBe(keptId);
    const gifts = (await browser.get('/api/v1/portal/account/donations')).json().gifts as Array<{ id: number }>;
    const keptGifts = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM donations WHERE donor_id = ${keptId} ORDER BY id`,
    );
    expect(gifts.map((g) => g.id).sort((a, b) => a - b)).toEqual(keptGifts.rows.map((r) => Number(r.id)));
    expect(gifts).toHaveLength(5);
  });

  it('a donor account asked for with the address is opened for the kept donor, at their e-mail', async () => {
    const accountMail = async (to: string) =>
      (await mailTo(ctx.dataDir, to, 0, 0)).filter((m) => m.subject.startsWith('Your donor account'));
    const gift = await payForGift(ctx, {
      amount: 1200,
      currency: 'USD',
      email: MERGED_EMAIL,
      extra: { create_donor_account: true },
    });
    const donation = await gift.confirm();
    expect(await donorOfDonation(donation.id)).toBe(keptId);
    // The invitation follows the donor record: the kept donor's address, where their receipts go.
    for (let i = 0; i < 100 && (await accountMail(KEPT_EMAIL)).length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await accountMail(KEPT_EMAIL)).map((m) => m.subject)).toEqual([
      'Your donor account at Riverside Food Bank',
    ]);
    expect(await accountMail(MERGED_EMAIL)).toEqual([]);
    expect(await donorsWithMergedEmail()).toEqual([]);
  });

  it('an address that belongs to a donor again is theirs, not the kept donor’s', async () => {
    // Staff give the address to another donor: from then on its gifts are that donor's.
    const other = await give(ctx, 'someone.else@merge.test', 'once', 300);
    const edit = await admin.request('PATCH', `/api/v1/npo_admin/donors/${other.donor.id}`, {
      body: { first_name: 'Sam', last_name: 'Else', email: MERGED_EMAIL },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const gift = await give(ctx, MERGED_EMAIL, 'once', 400);
    expect(gift.donor.id).toBe(other.donor.id);
  });
});
