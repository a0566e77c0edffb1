// The donations import at migration size (docs/product/imports.md#the-file): a file past the old
// 20,000-row limit is previewed at once, checked and recorded by jobs with progress, a run killed
// half-way resumes without recording a row twice, and a file over the limits is refused clearly.
// The limits are lowered here (2 MB, 30,000 rows) so the files stay small for a test.
import { ZImportResponse, ZImportUploadResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { createDb } from '../../platform/db/client.ts';
import { resumImportRun } from './import-run-end.ts';
import { csvUpload } from './imports.test-support.ts';
import { runImport } from './index.ts';

const HEADER = 'date,first_name,last_name,email,amount,currency,campaign_url,payment_method,reference';
const gift = (i: number) =>
  `2024-02-${String((i % 28) + 1).padStart(2, '0')},Ann,Row${i},big${i}@example.org,1.00,USD,,,`;

describe('donations import at migration size', () => {
  const ctx = useTestApp({ env: { DONATION_IMPORT_MAX_MB: '2', DONATION_IMPORT_MAX_ROWS: '30000' } });
  let admin: TestClient;
  let npoId = 0;
  let othersCampaign = '';

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    npoId = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).rows[0]?.id,
    );
    othersCampaign = String(
      (
        await ctx.db.execute<{ url: string }>(
          sql`SELECT campaign_url AS url FROM campaigns WHERE npo_id <> ${npoId} LIMIT 1`,
        )
      ).rows[0]?.url,
    );
  });

  const upload = async (text: string, filename?: string) => {
    const { body, headers } = csvUpload(text, filename);
    return admin.request('POST', '/api/v1/npo_admin/imports', { body, headers });
  };
  const summary = async (id: number) =>
    ZImportResponse.parse((await admin.get(`/api/v1/npo_admin/imports/${id}`)).json()).import;
  /** Polls the import as the page does until `done` holds (generous: the machine may be busy). */
  const until = async (id: number, done: (s: Awaited<ReturnType<typeof summary>>) => boolean) => {
    for (let i = 0; i < 1500; i += 1) {
      const s = await summary(id);
      if (done(s)) return s;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`import ${id} did not get there: ${JSON.stringify(await summary(id))}`);
  };
  const recorded = async (id: number) =>
    (
      await ctx.db.execute<{ n: number; distinct_refs: number }>(sql`
        SELECT count(*)::int AS n, count(DISTINCT provider_reference)::int AS distinct_refs FROM donations
        WHERE provider = 'import' AND provider_reference LIKE ${`import-${id}-%`}`)
    ).rows[0];

  /**
   * The donors' totals (with last year's giving) and year rows (with their campaigns) are what the
   * re-sum functions leave from their gifts: the import's batches defer them to one re-sum at the
   * end of the run (decision 102, "Recording speed").
   */
  const expectDonorSumsAsResummed = async (touched: ReturnType<typeof sql>) => {
    const snapshot = async () =>
      (
        await ctx.db.execute<{ giving: string; years: string }>(sql`
          SELECT (SELECT jsonb_agg(to_jsonb(g) ORDER BY g.donor_id)::text FROM donor_giving g WHERE donor_id IN ${touched}) AS giving,
            (SELECT jsonb_agg(to_jsonb(r) - 'id' ORDER BY r.donor_id, r.year)::text FROM report_donor_years r
              WHERE donor_id IN ${touched}) AS years`)
      ).rows[0];
    const left = await snapshot();
    expect(left?.giving).toBeTruthy();
    await ctx.db.execute(sql`
      SELECT refresh_donor_giving(array_agg(k.donor_id)), refresh_report_donor_years(array_agg(k.npo_id), array_agg(k.year), array_agg(k.donor_id))
      FROM (SELECT DISTINCT d.npo_id, date_trunc('year', d.created_at AT TIME ZONE n.time_zone)::date AS year, d.donor_id
        FROM donations d JOIN npos n ON n.id = d.npo_id WHERE d.donor_id IN ${touched}) k`);
    expect(await snapshot()).toEqual(left);
  };

  /** The income report's gross of February 2024 (every gift of this file is in USD, the base currency). */
  const februaryGross = async () =>
    Number(
      (
        await ctx.db.execute<{ n: string }>(sql`
          SELECT coalesce(sum(gross), 0)::text AS n FROM report_days
          WHERE npo_id = ${npoId} AND day BETWEEN '2024-02-01' AND '2024-02-29'`)
      ).rows[0]?.n,
    );

  /** Uploads and runs a file to its end; answers the import and the donors of its gifts. */
  async function importedWhole(rows: string[], name: string, count: number) {
    const res = await upload([HEADER, ...rows].join('\n'), name);
    const id = ZImportUploadResponse.parse(res.json()).import.id;
    await until(id, (s) => s.status !== 'checking');
    expect((await admin.post(`/api/v1/npo_admin/imports/${id}/start`)).statusCode).toBe(202);
    expect(await until(id, (s) => s.status === 'finished' || s.status === 'failed')).toMatchObject({
      status: 'finished',
      imported_count: count,
    });
    const touched = sql`(SELECT DISTINCT donor_id FROM donations WHERE provider = 'import'
      AND provider_reference LIKE ${`import-${id}-%`})`;
    return { id, touched };
  }

  it('imports a file past the old 20,000-row limit whole, previewing its first rows at once', async () => {
    // The nightly close has summed every day through yesterday (decision 014): the file's days are closed.
    await ctx.db.execute(sql`
      SELECT close_giving_days(n.id, (now() AT TIME ZONE n.time_zone)::date - 1) FROM npos n WHERE n.id = ${npoId}`);
    const grossBefore = await februaryGross();
    const rows = Array.from({ length: 25_000 }, (_, i) => gift(i));
    rows[1] = `2024-02-02,Other,Org,other.org@example.org,5.00,USD,${othersCampaign},,`;
    rows[24_000] = '2024-02-31,Bad,Day,bad.day@example.org,5.00,USD,,,';
    // Donors who give again: five giving four times over February, and a demo donor whose later
    // gifts (December 2024 on, closed days too) now follow an earlier one (their returns rows change).
    for (let i = 100; i < 120; i += 1) rows[i] = gift(i).replace(`Row${i},big${i}@`, `Again${i % 5},again${i % 5}@`);
    rows[120] = '2024-02-03,Tom,Okafor,tom.okafor@example.org,7.00,USD,,,';
    const res = await upload([HEADER, ...rows].join('\n'), 'migration.csv');
    expect(res.statusCode, res.body).toBe(201);
    const answer = ZImportUploadResponse.parse(res.json());
    // The preview is the head of the file, with its errors; the rest is checked by a job.
    expect(answer.import.status).toBe('checking');
    expect(answer.preview).toHaveLength(20);
    expect(answer.preview[1]).toMatchObject({
      row: 3,
      errors: [`campaign_url: no campaign of yours has the address "${othersCampaign}".`],
    });
    const id = answer.import.id;
    const checked = await until(id, (s) => s.status !== 'checking');
    expect(checked).toMatchObject({
      status: 'previewed',
      total_rows: 25_000,
      valid_rows: 24_998,
      failed_count: 2,
      checked_rows: 25_000,
    });
    expect(checked.checked_bytes).toBe(checked.file_bytes);
    expect(await recorded(id)).toEqual({ n: 0, distinct_refs: 0 });

    expect((await admin.post(`/api/v1/npo_admin/imports/${id}/start`)).statusCode).toBe(202);
    // What the page is told as the run goes: its stages in order (a poll may miss a short one) and a
    // count of recorded rows that never goes back.
    const seen: string[] = [];
    let processed = 0;
    const done = await until(id, (s) => {
      if (s.status === 'running') {
        if (s.run_stage && seen.at(-1) !== s.run_stage) seen.push(s.run_stage);
        expect(s.processed_rows).toBeGreaterThanOrEqual(processed);
        processed = s.processed_rows;
        if (s.run_stage === 'donors') expect(s.stage_done).toBeLessThanOrEqual(s.stage_total);
      }
      return s.status === 'finished' || s.status === 'failed';
    });
    expect(done).toMatchObject({ status: 'finished', imported_count: 24_998, failed_count: 2, processed_rows: 24_998 });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual(['donors', 'gifts', 'totals'].filter((stage) => seen.includes(stage)));
    // The run reached its last stage; a finished import shows none.
    expect(done).toMatchObject({ run_stage: null, stage_done: 0, stage_total: 0 });
    const stage = await ctx.db.execute<{ s: string }>(
      sql`SELECT run_stage AS s FROM donation_imports WHERE id = ${id}`,
    );
    expect(stage.rows[0]?.s).toBe('totals');
    expect(await recorded(id)).toEqual({ n: 24_998, distinct_refs: 24_998 });
    // Recorded a batch per statement (2,000 gifts), not a gift at a time: few inserting transactions.
    const batches = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(DISTINCT xmin::text)::int AS n FROM donations
      WHERE provider = 'import' AND provider_reference LIKE ${`import-${id}-%`}`);
    expect(batches.rows[0]?.n).toBeLessThanOrEqual(13);
    // February 2024 is closed for the analysis and the income report: the sums the import left are
    // those a re-sum from the gifts gives (docs/product/analysis.md), to the cent; the returning-donor
    // rows through the last closed day (a gift changes its donor's later gifts' rows).
    const sums = async () =>
      (
        await ctx.db.execute<{ days: string; returns: string; report: string }>(sql`
          SELECT
            (SELECT jsonb_agg(to_jsonb(t) ORDER BY to_jsonb(t)::text)::text FROM giving_days t
              WHERE npo_id = ${npoId} AND day BETWEEN '2024-02-01' AND '2024-02-29') AS days,
            (SELECT jsonb_agg(to_jsonb(t) ORDER BY to_jsonb(t)::text)::text FROM giving_day_returns t
              WHERE npo_id = ${npoId} AND day >= '2024-02-01') AS returns,
            (SELECT jsonb_agg(to_jsonb(t) ORDER BY to_jsonb(t)::text)::text FROM report_days t
              WHERE npo_id = ${npoId} AND day BETWEEN '2024-02-01' AND '2024-02-29') AS report`)
      ).rows[0];
    const left = await sums();
    expect(await februaryGross()).toBe(grossBefore + 2_500_400);
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT rebuild_giving_days(${npoId}::bigint, '2024-02-01', '2024-02-29')`);
      await tx.execute(sql`
        SELECT rebuild_giving_day_returns(${npoId}::bigint, '2024-02-01', c.through)
        FROM giving_days_closed c WHERE c.npo_id = ${npoId}`);
    });
    expect(await sums()).toEqual(left);
    // The row naming another organisation's campaign wrote nothing: no donor, no gift.
    const other = await ctx.db.execute(sql`SELECT 1 FROM donors WHERE email = 'other.org@example.org'`);
    expect(other.rows).toEqual([]);
    const errors = await admin.get(`/api/v1/npo_admin/imports/${id}/errors.csv`);
    expect(errors.body.trim().split('\n')).toEqual([
      'row,reason',
      `3,"campaign_url: no campaign of yours has the address ""${othersCampaign}""."`,
      '24002,date: not a real date.',
    ]);
    // Each gift counts for its donor like any other.
    const donor = await admin.get('/api/v1/npo_admin/donors?search=big7%40example.org');
    expect(donor.json().donors).toEqual([
      expect.objectContaining({ email: 'big7@example.org', gift_count: 1, lifetime_total_minor: 100 }),
    ]);
  }, 300_000);

  it('resumes a run killed half-way without recording any row twice', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => gift(100_000 + i));
    const res = await upload([HEADER, ...rows].join('\n'), 'killed.csv');
    const id = ZImportUploadResponse.parse(res.json()).import.id;
    // Small enough to be checked in the request: previewed at once.
    expect((await summary(id)).status).toBe('previewed');
    // Another session is recording a gift under row 4,002's reference and has not committed: the
    // run's batch with that row waits for it on the unique reference, after the batches before it
    // were committed.
    const blocker = await ctx.db.$client.connect();
    const runner = createDb(String(ctx.db.$client.options.connectionString), { max: 2 });
    // The cut connection reports its end on the pool and on its client: both are expected here.
    runner.$client.on('error', () => {});
    runner.$client.on('connect', (client) => client.on('error', () => {}));
    try {
      await blocker.query('BEGIN');
      // As an import's batch writes it (decision 102): its triggers leave the days and totals alone.
      await blocker.query(`SELECT set_config('kindling.defer_closed_days', 'on', true),
        set_config('kindling.defer_donor_giving', 'on', true)`);
      await blocker.query(
        `INSERT INTO donations (npo_id, donor_id, amount_minor, currency, base_amount_minor, base_currency, status, provider, provider_reference)
         SELECT npo_id, id, 100, 'USD', 100, 'USD', 'succeeded', 'import', $2 FROM donors WHERE npo_id = $1 LIMIT 1`,
        [npoId, `import-${id}-4002`],
      );
      const blockerPid = Number((await blocker.query('SELECT pg_backend_pid() AS pid')).rows[0]?.pid);
      const run = runImport(runner, { npoId, importId: id });
      run.catch(() => {});
      // The run's connection that waits for the blocker (its batches run two at a time).
      const waiting = sql`SELECT pid FROM pg_stat_activity WHERE ${blockerPid}::int = ANY(pg_blocking_pids(pid))`;
      await expect
        .poll(async () => (await ctx.db.execute<{ pid: number }>(waiting)).rows.length, {
          timeout: 180_000,
          interval: 200,
        })
        .toBe(1);
      await expect.poll(async () => (await summary(id)).processed_rows, { timeout: 60_000 }).toBe(4_000);
      expect(await summary(id)).toMatchObject({
        status: 'running',
        run_stage: 'gifts',
        processed_rows: 4_000,
        imported_count: 4_000,
      });
      // The job's process dies: its connection is cut mid-batch.
      await ctx.db.execute(sql`SELECT pg_terminate_backend(pid) FROM (${waiting}) w`);
      await expect(run).rejects.toThrow();
      await blocker.query('ROLLBACK');
    } finally {
      blocker.release();
      await runner.$client.end().catch(() => {});
    }
    expect(await recorded(id)).toEqual({ n: 4_000, distinct_refs: 4_000 });
    // Restarted, it goes on after the last committed batch.
    expect(await runImport(ctx.db, { npoId, importId: id })).toBe('finished');
    expect(await recorded(id)).toEqual({ n: 5_000, distinct_refs: 5_000 });
    expect(await summary(id)).toMatchObject({ status: 'finished', imported_count: 5_000, processed_rows: 5_000 });
    const ledger = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ledger_entries l JOIN donations d ON d.id = l.donation_id
      WHERE d.provider = 'import' AND d.provider_reference LIKE ${`import-${id}-%`}`);
    expect(ledger.rows[0]?.n).toBe(5_000);
    // The killed run's batches deferred their donors' totals and year rows; the run that resumed
    // re-summed the donors of every gift of the import, the killed run's too.
    const touched = sql`(SELECT DISTINCT donor_id FROM donations WHERE provider = 'import'
      AND provider_reference LIKE ${`import-${id}-%`})`;
    const giving = await ctx.db.execute<{ donors: number; gifts: number; total: string; years: number }>(sql`
      SELECT count(*)::int AS donors, sum(gift_count)::int AS gifts, sum(lifetime_base_minor)::text AS total,
        (SELECT count(*)::int FROM report_donor_years WHERE donor_id IN ${touched}) AS years
      FROM donor_giving WHERE donor_id IN ${touched}`);
    expect(giving.rows[0]).toEqual({ donors: 5_000, gifts: 5_000, total: '500000', years: 5_000 });
    await expectDonorSumsAsResummed(touched);
  }, 300_000);

  it("leaves each donor's totals and year rows as a re-sum from their gifts gives them, to the cent", async () => {
    // A demo donor with gifts of their own, and donors whose gifts span batches and years (back-dated
    // ones too): the insert triggers add each batch's gifts to their totals and year rows (decision 102).
    const demo = (
      await ctx.db.execute<{ email: string }>(sql`
        SELECT d.email FROM donors d JOIN donor_giving g ON g.donor_id = d.id
        WHERE d.npo_id = ${npoId} AND g.gift_count > 0 AND d.email <> ''
          AND NOT EXISTS (SELECT 1 FROM donations x WHERE x.donor_id = d.id AND x.status <> 'succeeded')
        ORDER BY d.id LIMIT 1`)
    ).rows[0]?.email;
    const rows = Array.from({ length: 6_000 }, (_, i) => {
      const day = new Date(Date.UTC(2019, 0, 1) + ((i * 7919) % 2190) * 86_400_000).toISOString().slice(0, 10);
      const email = i % 1_000 === 7 ? demo : `spread${i % 2_500}@example.org`;
      return `${day},Sam,Spread${i % 2_500},${email},${1 + (i % 97)}.${String(i % 100).padStart(2, '0')},USD,,,`;
    });
    const { touched } = await importedWhole(rows, 'spread.csv', 6_000);
    // Counted straight from the gifts (none of these donors has a refund or dispute).
    const fromGifts = await ctx.db.execute<{ wrong: number; donors: number }>(sql`
      SELECT count(*) FILTER (WHERE g.gift_count IS DISTINCT FROM s.n OR g.lifetime_base_minor IS DISTINCT FROM s.total
          OR g.first_gift_at IS DISTINCT FROM s.first_at OR g.last_gift_at IS DISTINCT FROM s.last_at)::int AS wrong,
        count(*)::int AS donors
      FROM (SELECT donor_id, count(*) FILTER (WHERE status = 'succeeded') AS n, sum(base_amount_minor) AS total,
          min(created_at) FILTER (WHERE status = 'succeeded') AS first_at, max(created_at) FILTER (WHERE status = 'succeeded') AS last_at
        FROM donations WHERE donor_id IN ${touched} AND status IN ('succeeded', 'refunded') GROUP BY donor_id) s
      LEFT JOIN donor_giving g ON g.donor_id = s.donor_id`);
    expect(fromGifts.rows[0]).toEqual({ wrong: 0, donors: 2_501 });
    const yearsWrong = await ctx.db.execute<{ wrong: number }>(sql`
      SELECT count(*)::int AS wrong FROM (
        SELECT d.donor_id, date_trunc('year', d.created_at AT TIME ZONE n.time_zone)::date AS year, count(*)::int AS gifts,
          sum(d.base_amount_minor)::bigint AS gross, max(d.created_at) AS last_at
        FROM donations d JOIN npos n ON n.id = d.npo_id
        WHERE d.donor_id IN ${touched} AND d.status IN ('succeeded', 'refunded') GROUP BY 1, 2) s
      FULL JOIN (SELECT * FROM report_donor_years WHERE donor_id IN ${touched}) r
        ON r.donor_id = s.donor_id AND r.year = s.year
      WHERE r.gifts IS DISTINCT FROM s.gifts OR r.gross IS DISTINCT FROM s.gross OR r.last_at IS DISTINCT FROM s.last_at`);
    expect(yearsWrong.rows[0]?.wrong).toBe(0);
    await expectDonorSumsAsResummed(touched);
  }, 300_000);

  it('leaves the same figures when its run end is done again, as a run resumed after it does', async () => {
    // Back-dated gifts over closed days and years, donors giving again and a demo donor among them.
    const demo = (
      await ctx.db.execute<{ email: string }>(sql`
        SELECT d.email FROM donors d JOIN donor_giving g ON g.donor_id = d.id
        WHERE d.npo_id = ${npoId} AND g.gift_count > 0 AND d.email <> '' ORDER BY d.id DESC LIMIT 1`)
    ).rows[0]?.email;
    await ctx.db.execute(sql`
      SELECT close_giving_days(n.id, (now() AT TIME ZONE n.time_zone)::date - 1) FROM npos n WHERE n.id = ${npoId}
        AND NOT EXISTS (SELECT 1 FROM giving_days_closed c WHERE c.npo_id = n.id)`);
    const rows = Array.from({ length: 3_000 }, (_, i) => {
      const day = new Date(Date.UTC(2020, 0, 1) + ((i * 3571) % 1800) * 86_400_000).toISOString().slice(0, 10);
      const email = i % 500 === 3 ? demo : `twice${i % 900}@example.org`;
      return `${day},Tia,Twice${i % 900},${email},${2 + (i % 89)}.${String(i % 100).padStart(2, '0')},USD,,,`;
    });
    const { id, touched } = await importedWhole(rows, 'twice.csv', 3_000);
    const figures = async () =>
      (
        await ctx.db.execute<Record<string, string>>(sql`
          SELECT
            (SELECT jsonb_agg(to_jsonb(g) ORDER BY g.donor_id)::text FROM donor_giving g WHERE donor_id IN ${touched}) AS giving,
            (SELECT jsonb_agg(to_jsonb(r) - 'id' ORDER BY r.donor_id, r.year)::text FROM report_donor_years r
              WHERE donor_id IN ${touched}) AS years,
            (SELECT jsonb_agg(to_jsonb(t) ORDER BY to_jsonb(t)::text)::text FROM giving_days t
              WHERE npo_id = ${npoId} AND day >= '2020-01-01') AS days,
            (SELECT jsonb_agg(to_jsonb(t) ORDER BY to_jsonb(t)::text)::text FROM giving_day_returns t
              WHERE npo_id = ${npoId} AND day >= '2020-01-01') AS returns,
            (SELECT jsonb_agg(to_jsonb(t) ORDER BY to_jsonb(t)::text)::text FROM report_days t
              WHERE npo_id = ${npoId} AND day >= '2020-01-01') AS report`)
      ).rows[0];
    const left = await figures();
    expect(left?.giving).toBeTruthy();
    expect(left?.days).toBeTruthy();
    // The run end once more, as a run that resumes after a crash before the finishing transaction does.
    await resumImportRun(ctx.db, { id, npoId });
    expect(await figures()).toEqual(left);
    await expectDonorSumsAsResummed(touched);
  }, 300_000);

  it('refuses a file over the size or row limit with a clear message, keeping nothing of it', async () => {
    const big = Buffer.concat([Buffer.from(`${HEADER}\n`), Buffer.alloc(2 * 1024 * 1024 + 10, 'a')]);
    const before = Number((await ctx.db.execute(sql`SELECT count(*)::int AS n FROM donation_imports`)).rows[0]?.n);
    const tooLarge = await admin.request('POST', '/api/v1/npo_admin/imports', csvUpload(big));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('The file is larger than 2 MB; split it into smaller files.');
    expect(Number((await ctx.db.execute(sql`SELECT count(*)::int AS n FROM donation_imports`)).rows[0]?.n)).toBe(
      before,
    );

    const tooMany = Array.from({ length: 30_001 }, (_, i) => gift(200_000 + i));
    const res = await upload([HEADER, ...tooMany].join('\n'), 'too-many.csv');
    expect(res.statusCode, res.body).toBe(201);
    const id = ZImportUploadResponse.parse(res.json()).import.id;
    const refused = await until(id, (s) => s.status !== 'checking');
    expect(refused).toMatchObject({
      status: 'refused',
      failure_message: 'The file has more than 30,000 rows; split it into smaller files.',
    });
    const left = await ctx.db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM donation_import_rows WHERE import_id = ${id})
        + (SELECT count(*) FROM donation_import_chunks WHERE import_id = ${id}) AS n`);
    expect(Number(left.rows[0]?.n)).toBe(0);
    expect((await admin.post(`/api/v1/npo_admin/imports/${id}/start`)).statusCode).toBe(400);
  }, 300_000);
});
