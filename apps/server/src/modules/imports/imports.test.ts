import { ZImportListResponse, ZImportResponse, ZImportUploadResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { stagedColumns } from './import-file.ts';
import { deleteImport, stageRows } from './imports.repository.ts';
import { csvUpload } from './imports.test-support.ts';
import { runImport } from './index.ts';

const HEADER = 'date,first_name,last_name,email,amount,currency,campaign_url,payment_method,reference';
const MIXED = [
  HEADER,
  '2024-03-15,Ada,Lovelace,ada.import@example.org,25.00,USD,spring-appeal,cheque,CHQ-1042',
  '2024-04-02,Hiro,Tanaka,hiro.import@example.org,5000,JPY,,bank_transfer,',
  '2024-05-01,Bad,Amount,bad.amount@example.org,12.345,USD,,,',
  '2024-13-01,Bad,Date,bad.date@example.org,10,USD,,,',
  '2024-05-01,No,Campaign,no.campaign@example.org,10,EUR,no-such-campaign,,',
  '2024-05-02,Eve,Pound,eve.import@example.org,"1,234.50",GBP,,Cash,',
  '2024-05-03,Not,Mail,not-an-email,10,USD,,,',
  '2024-05-03,Yen,Fraction,yen.fraction@example.org,12.5,JPY,,,',
].join('\n');

describe('donations import', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let outsider: TestClient;

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'import-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Import Trust' });
  });

  const upload = async (client: TestClient, text: string | Buffer, filename?: string) => {
    const { body, headers } = csvUpload(text, filename);
    return client.request('POST', '/api/v1/npo_admin/imports', { body, headers });
  };

  const importedGifts = async () =>
    (
      await ctx.db.execute<{
        provider_reference: string;
        amount_minor: number;
        currency: string;
        payment_method: string | null;
        day: string;
        email: string;
        campaign_url: string | null;
        ledger_minor: number;
      }>(sql`
        SELECT d.provider_reference, d.amount_minor::int AS amount_minor, d.currency, d.payment_method,
               to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, dn.email, c.campaign_url,
               (SELECT sum(l.amount_minor)::int FROM ledger_entries l WHERE l.donation_id = d.id) AS ledger_minor
        FROM donations d JOIN donors dn ON dn.id = d.donor_id LEFT JOIN campaigns c ON c.id = d.campaign_id
        WHERE d.provider = 'import' ORDER BY d.id`)
    ).rows;

  const waitUntilFinished = async (id: number) => {
    for (let i = 0; i < 100; i += 1) {
      const res = await admin.get(`/api/v1/npo_admin/imports/${id}`);
      const summary = ZImportResponse.parse(res.json()).import;
      if (summary.status === 'finished') return summary;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error('the import did not finish');
  };

  let mixedId = 0;

  it('previews the rows with per-row errors and records nothing before staff confirm', async () => {
    const res = await upload(admin, MIXED, 'historic.csv');
    expect(res.statusCode, res.body).toBe(201);
    const answer = ZImportUploadResponse.parse(res.json());
    mixedId = answer.import.id;
    expect(answer.import).toMatchObject({
      file_name: 'historic.csv',
      status: 'previewed',
      total_rows: 8,
      valid_rows: 3,
      failed_count: 5,
      imported_count: 0,
    });
    const errorsByRow = Object.fromEntries(answer.preview.map((p) => [p.row, p.errors.join(' ')]));
    expect(errorsByRow[2]).toBe('');
    expect(errorsByRow[4]).toBe('amount: USD amounts have at most 2 decimals.');
    expect(errorsByRow[5]).toBe('date: not a real date.');
    expect(errorsByRow[6]).toBe('campaign_url: no campaign of yours has the address "no-such-campaign".');
    expect(errorsByRow[8]).toBe('email: not a valid e-mail address.');
    expect(errorsByRow[9]).toBe('amount: JPY amounts are whole numbers.');
    expect(answer.preview[0]?.cells).toMatchObject({ amount: '25.00', currency: 'USD', reference: 'CHQ-1042' });
    expect(await importedGifts()).toEqual([]);
  });

  it('records the valid rows with exact amounts when confirmed, and tells the staff', async () => {
    const start = await admin.post(`/api/v1/npo_admin/imports/${mixedId}/start`);
    expect(start.statusCode, start.body).toBe(202);
    const done = await waitUntilFinished(mixedId);
    expect(done).toMatchObject({ imported_count: 3, failed_count: 5, processed_rows: 3, created_by: 'Ada Admin' });
    // Each imported gift names who entered it: the person who uploaded the file.
    const enteredBy = await ctx.db.execute<{ email: string }>(sql`
      SELECT DISTINCT u.email FROM donations d JOIN users u ON u.id = d.created_by_user_id
      WHERE d.provider = 'import' AND d.provider_reference LIKE ${`import-${mixedId}-%`}`);
    expect(enteredBy.rows).toEqual([{ email: 'admin@kindling.test' }]);
    expect(await importedGifts()).toEqual([
      {
        provider_reference: `import-${mixedId}-2`,
        amount_minor: 2500,
        currency: 'USD',
        payment_method: 'cheque',
        day: '2024-03-15',
        email: 'ada.import@example.org',
        campaign_url: 'spring-appeal',
        ledger_minor: 2500,
      },
      {
        provider_reference: `import-${mixedId}-3`,
        amount_minor: 5000,
        currency: 'JPY',
        payment_method: 'bank_transfer',
        day: '2024-04-02',
        email: 'hiro.import@example.org',
        campaign_url: null,
        ledger_minor: 5000,
      },
      {
        provider_reference: `import-${mixedId}-7`,
        amount_minor: 123450,
        currency: 'GBP',
        payment_method: 'cash',
        day: '2024-05-02',
        email: 'eve.import@example.org',
        campaign_url: null,
        ledger_minor: 123450,
      },
    ]);
    // The gift counts for its donor like any other (totals kept by the donor_giving triggers).
    const donors = await admin.get('/api/v1/npo_admin/donors?search=ada.import%40example.org');
    expect(donors.json().donors).toEqual([
      expect.objectContaining({ email: 'ada.import@example.org', gift_count: 1, lifetime_total_minor: 2500 }),
    ]);
    expect(donors.json().donors[0].last_gift_at).toMatch(/^2024-03-15/);
    // History, not new gifts: no webhook receiver or workflow hears of them or of their new donors
    // (docs/decisions/107-imported-gifts-are-not-announced.md).
    const announced = await ctx.db.execute<{ type: string }>(sql`
      SELECT e.type FROM webhook_events e
      WHERE (e.type = 'donation.succeeded' AND (e.data->>'donation_id')::bigint IN (SELECT id FROM donations
          WHERE provider = 'import' AND provider_reference LIKE ${`import-${mixedId}-%`}))
        OR (e.type = 'donor.created' AND e.data->>'email' LIKE '%.import@example.org')`);
    expect(announced.rows).toEqual([]);
    const notes = await ctx.db.execute<{ title: string; message: string; link: string }>(sql`
      SELECT title, message, metadata->>'link' AS link FROM notifications WHERE kind = 'import.finished'`);
    expect(notes.rows).toEqual([
      {
        title: 'Import finished',
        message: '3 donations imported, 5 rows could not be imported.',
        link: '/dashboard/imports',
      },
    ]);
    // A second confirm does not start it again.
    expect((await admin.post(`/api/v1/npo_admin/imports/${mixedId}/start`)).statusCode).toBe(202);
  });

  it('offers the failed rows and their reasons as a CSV', async () => {
    const res = await admin.get(`/api/v1/npo_admin/imports/${mixedId}/errors.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.trim().split('\n')).toEqual([
      'row,reason',
      '4,amount: USD amounts have at most 2 decimals.',
      '5,date: not a real date.',
      '6,"campaign_url: no campaign of yours has the address ""no-such-campaign""."',
      '8,email: not a valid e-mail address.',
      '9,amount: JPY amounts are whole numbers.',
    ]);
  });

  it('records nothing twice when the job runs again', async () => {
    const [npo] = (
      await ctx.db.execute<{ npo_id: number }>(sql`SELECT npo_id FROM donation_imports WHERE id = ${mixedId}`)
    ).rows;
    const before = await importedGifts();
    // As after a crash between the last gift and the final stamp: the job is retried from the start.
    await ctx.db.execute(sql`UPDATE donation_imports SET status = 'running' WHERE id = ${mixedId}`);
    expect(await runImport(ctx.db, { npoId: Number(npo?.npo_id), importId: mixedId })).toBe('finished');
    expect(await importedGifts()).toEqual(before);
    const summary = ZImportResponse.parse((await admin.get(`/api/v1/npo_admin/imports/${mixedId}`)).json()).import;
    expect(summary).toMatchObject({ status: 'finished', imported_count: 3, failed_count: 5 });
    expect(await runImport(ctx.db, { npoId: Number(npo?.npo_id), importId: mixedId })).toBe('already-finished');
  });

  it('lists past imports with who, when and the counts', async () => {
    const res = await admin.get('/api/v1/npo_admin/imports');
    expect(res.statusCode).toBe(200);
    const { imports } = ZImportListResponse.parse(res.json());
    expect(imports[0]).toMatchObject({ id: mixedId, file_name: 'historic.csv', imported_count: 3, failed_count: 5 });
  });

  it('lets only the admin group import; every dashboard role sees the list', async () => {
    const csv = `${HEADER}\n2024-01-10,Role,Check,role.check@example.org,5,USD,,,`;
    for (const email of ['finance@kindling.test', 'manager@kindling.test']) {
      const client = new TestClient(ctx.app);
      await client.signIn(email);
      expect((await upload(client, csv)).statusCode, email).toBe(201);
    }
    const staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    expect((await upload(staff, csv)).statusCode).toBe(403);
    expect((await staff.get('/api/v1/npo_admin/imports')).statusCode).toBe(200);
    expect((await staff.post(`/api/v1/npo_admin/imports/${mixedId}/start`)).statusCode).toBe(403);
    const fundraiser = new TestClient(ctx.app);
    await fundraiser.signIn('fundraiser@kindling.test');
    expect((await fundraiser.get('/api/v1/npo_admin/imports')).statusCode).toBe(403);
  });

  it("answers 404 for another organisation's import and changes nothing", async () => {
    const url = `/api/v1/npo_admin/imports/${mixedId}`;
    expect((await outsider.get(url)).statusCode).toBe(404);
    expect((await outsider.get(`${url}/errors.csv`)).statusCode).toBe(404);
    expect((await outsider.post(`${url}/start`)).statusCode).toBe(404);
    const { imports } = ZImportListResponse.parse((await outsider.get('/api/v1/npo_admin/imports')).json());
    expect(imports).toEqual([]);
    // An outsider's file cannot name our campaign either.
    const res = await upload(outsider, `${HEADER}\n2024-01-10,Out,Sider,o@example.org,5,USD,spring-appeal,,`);
    expect(ZImportUploadResponse.parse(res.json()).preview[0]?.errors).toEqual([
      'campaign_url: no campaign of yours has the address "spring-appeal".',
    ]);
  });

  it('marks an import that cannot go on as failed, tells staff why, and keeps what it recorded', async () => {
    const csv = [
      HEADER,
      '2024-06-01,Kept,Row,kept.stop@example.org,11.00,USD,,,',
      '2024-06-02,Broken,Row,broken.stop@example.org,12.00,USD,,,',
      '2024-06-03,Never,Reached,never.stop@example.org,13.00,USD,,,',
    ].join('\n');
    const id = ZImportUploadResponse.parse((await upload(admin, csv, 'stops.csv')).json()).import.id;
    // The stored row 3 is damaged after its check (as by a bug or a hand edit): no run can record it.
    await ctx.db.execute(sql`
      UPDATE donation_import_rows SET date = '2024-06-xx' WHERE import_id = ${id} AND file_row = 3`);
    expect((await admin.post(`/api/v1/npo_admin/imports/${id}/start`)).statusCode).toBe(202);
    let summary = ZImportResponse.parse((await admin.get(`/api/v1/npo_admin/imports/${id}`)).json()).import;
    for (let i = 0; i < 100 && (summary.status === 'queued' || summary.status === 'running'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      summary = ZImportResponse.parse((await admin.get(`/api/v1/npo_admin/imports/${id}`)).json()).import;
    }
    expect(summary).toMatchObject({ status: 'failed', imported_count: 1, failed_count: 0 });
    expect(summary.finished_at).not.toBeNull();
    expect(summary.failure_message).toBe(
      'The import stopped at row 3: the database refused the row’s values. The 1 gift recorded before it stopped is kept and counted; the rows after it were not imported. Correct that row and import the rows from it on in a new file.',
    );
    const { imports } = ZImportListResponse.parse((await admin.get('/api/v1/npo_admin/imports')).json());
    expect(imports.find((i) => i.id === id)).toMatchObject({ status: 'failed', imported_count: 1 });
    const recorded = async () =>
      (
        await ctx.db.execute<{ provider_reference: string; email: string }>(sql`
          SELECT d.provider_reference, dn.email FROM donations d JOIN donors dn ON dn.id = d.donor_id
          WHERE d.provider = 'import' AND d.provider_reference LIKE ${`import-${id}-%`} ORDER BY d.id`)
      ).rows;
    expect(await recorded()).toEqual([{ provider_reference: `import-${id}-2`, email: 'kept.stop@example.org' }]);
    const kept = await admin.get('/api/v1/npo_admin/donors?search=kept.stop%40example.org');
    expect(kept.json().donors).toEqual([expect.objectContaining({ gift_count: 1, lifetime_total_minor: 1100 })]);
    const notes = await ctx.db.execute<{ title: string; message: string; link: string }>(sql`
      SELECT title, message, metadata->>'link' AS link FROM notifications
      WHERE kind = 'import.failed' AND (metadata->>'import_id')::bigint = ${id}`);
    expect(notes.rows).toEqual([
      {
        title: 'Import failed',
        message: 'The import of stops.csv stopped before the end. The 1 gift recorded before it stopped is kept.',
        link: '/dashboard/imports',
      },
    ]);
    const audit = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM audit_log WHERE action = 'import.failed' AND target_id = ${String(id)}`);
    expect(audit.rows[0]?.n).toBe(1);
    // A later run (a retry that was already queued) changes nothing and records nothing twice.
    const [npo] = (await ctx.db.execute<{ npo_id: number }>(sql`SELECT npo_id FROM donation_imports WHERE id = ${id}`))
      .rows;
    expect(await runImport(ctx.db, { npoId: Number(npo?.npo_id), importId: id })).toBe('already-failed');
    expect(await recorded()).toHaveLength(1);

    // Staff run it again once the cause is gone: the recorded row counts once, the rest go in.
    await ctx.db.execute(sql`
      UPDATE donation_import_rows SET date = '2024-06-02' WHERE import_id = ${id} AND file_row = 3`);
    const staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    expect((await staff.post(`/api/v1/npo_admin/imports/${id}/retry`)).statusCode).toBe(403);
    expect((await outsider.post(`/api/v1/npo_admin/imports/${id}/retry`)).statusCode).toBe(404);
    const again = await admin.post(`/api/v1/npo_admin/imports/${id}/retry`);
    expect(again.statusCode, again.body).toBe(202);
    expect(ZImportResponse.parse(again.json()).import).toMatchObject({ status: 'queued', failure_message: null });
    const done = await waitUntilFinished(id);
    expect(done).toMatchObject({ status: 'finished', imported_count: 3, failure_message: null });
    expect((await recorded()).map((r) => r.provider_reference)).toEqual([2, 3, 4].map((row) => `import-${id}-${row}`));
    const keptAfter = await admin.get('/api/v1/npo_admin/donors?search=kept.stop%40example.org');
    expect(keptAfter.json().donors).toEqual([expect.objectContaining({ gift_count: 1, lifetime_total_minor: 1100 })]);
    // A finished import is not run again.
    expect(
      ZImportResponse.parse((await admin.post(`/api/v1/npo_admin/imports/${id}/retry`)).json()).import.status,
    ).toBe('finished');
  });

  it('marks an import failed when its job died on the last attempt (pg-boss dead letter)', async () => {
    const csv = [HEADER, '2024-07-01,Lost,Run,lost.run@example.org,5.00,USD,,,'].join('\n');
    const id = ZImportUploadResponse.parse((await upload(admin, csv, 'died.csv')).json()).import.id;
    const [npo] = (await ctx.db.execute<{ npo_id: number }>(sql`SELECT npo_id FROM donation_imports WHERE id = ${id}`))
      .rows;
    // As when the last attempt's process died mid-run: the import says running, and pg-boss, once it
    // times the job out for good, puts its data on the dead-letter queue (what failJobs inserts).
    await ctx.db.execute(sql`UPDATE donation_imports SET status = 'running' WHERE id = ${id}`);
    await ctx.db.execute(sql`
      INSERT INTO pgboss.job (name, data) VALUES ('donations.import.gave_up', ${JSON.stringify({ npoId: Number(npo?.npo_id), importId: id })}::jsonb)`);
    let summary = ZImportResponse.parse((await admin.get(`/api/v1/npo_admin/imports/${id}`)).json()).import;
    for (let i = 0; i < 100 && summary.status === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      summary = ZImportResponse.parse((await admin.get(`/api/v1/npo_admin/imports/${id}`)).json()).import;
    }
    expect(summary).toMatchObject({
      status: 'failed',
      imported_count: 0,
      failure_message:
        'The import stopped: the server could not finish it after several attempts. No gift was recorded.',
    });
    const notes = await ctx.db.execute<{ message: string }>(sql`
      SELECT message FROM notifications WHERE kind = 'import.failed' AND (metadata->>'import_id')::bigint = ${id}`);
    expect(notes.rows).toEqual([{ message: 'The import of died.csv stopped before the end. No gift was recorded.' }]);
  });

  it('refuses a file that lacks columns with a clear message (the size and row limits: imports-large.test.ts)', async () => {
    const noColumns = await upload(admin, 'date,name\n2024-01-01,Ada');
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toBe(
      'The file lacks the columns first_name, last_name, email, amount, currency. Start from the template.',
    );
    // The header names the columns, not the first row: a short first row is that row's problem.
    const shortRow = await upload(
      admin,
      'date,first_name,last_name,email,amount,currency\n2024-01-01,Ada',
      'short.csv',
    );
    expect(shortRow.statusCode, shortRow.body).toBe(201);
    const [first] = ZImportUploadResponse.parse(shortRow.json()).preview;
    expect(first?.cells).toMatchObject({ date: '2024-01-01', first_name: 'Ada', email: '' });
    expect(first?.errors.join(' ')).toMatch(/email/);
  });

  it('leaves no staged rows of a deleted import, and stages none for it afterwards (migration 0227)', async () => {
    const res = await upload(admin, MIXED, 'deleted.csv');
    expect(res.statusCode, res.body).toBe(201);
    const { id } = ZImportUploadResponse.parse(res.json()).import;
    const npoId = Number(
      (await ctx.db.execute<{ n: number }>(sql`SELECT npo_id AS n FROM donation_imports WHERE id = ${id}`)).rows[0]?.n,
    );
    const staged = async () =>
      Number(
        (
          await ctx.db.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM donation_import_rows WHERE import_id = ${id}`,
          )
        ).rows[0]?.n,
      );
    expect(await staged()).toBe(8);
    await deleteImport(ctx.db, id);
    expect(await staged()).toBe(0);
    const late = stagedColumns([{ row: 2, gift: null, reason: 'late batch' }]);
    await expect(stageRows(ctx.db, { npoId, importId: id }, late, { rows: 1, bytes: 10 })).rejects.toThrow(/is gone/);
    expect(await staged()).toBe(0);
  });

  it('refuses a file with NUL characters (a UTF-16 export, a binary file) whole, naming the fix', async () => {
    const before = Number((await ctx.db.execute(sql`SELECT count(*)::int AS n FROM donation_imports`)).rows[0]?.n);
    const utf16 = Buffer.from(`${HEADER}\n2024-01-10,Ada,Lovelace,ada@example.org,5,USD,spring-appeal,,`, 'utf16le');
    const nul = await upload(admin, `${HEADER}\n2024-01-10,Ada\u0000,Lovelace,ada@example.org,5,USD,spring-appeal,,`);
    for (const res of [await upload(admin, utf16), nul]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields.file).toBe(
        'The file contains NUL characters: save it as CSV (UTF-8) and upload it again.',
      );
    }
    const named = await upload(
      admin,
      `${HEADER}\n2024-01-10,Ada,Lovelace,ada@example.org,5,USD,spring-appeal,,`,
      'a\u0000.csv',
    );
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().import.file_name).toBe('a.csv');
    expect(Number((await ctx.db.execute(sql`SELECT count(*)::int AS n FROM donation_imports`)).rows[0]?.n)).toBe(
      before + 1,
    );
  });

  it('records an imported day as the organisation\u2019s, and the export gives the same day back', async () => {
    // Auckland is 13 hours ahead in December: noon UTC on the 31st would be 1 am on 1 January there.
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`UPDATE npos SET time_zone = 'Pacific/Auckland' WHERE slug = 'riverside-food-bank' RETURNING id`,
    );
    expect(rows).toHaveLength(1);
    const csv = `${HEADER}\n2025-12-31,Eve,Kiwi,eve.zone@example.org,12.00,USD,,cash,\n`;
    const res = await upload(admin, csv, 'new-years-eve.csv');
    expect(res.statusCode, res.body).toBe(201);
    const id = ZImportUploadResponse.parse(res.json()).import.id;
    expect((await admin.post(`/api/v1/npo_admin/imports/${id}/start`)).statusCode).toBe(202);
    await waitUntilFinished(id);
    const exported = await admin.get('/api/v1/npo_admin/donations/export?format=csv&search=eve.zone@example.org');
    expect(exported.statusCode, exported.body).toBe(200);
    const [header, row] = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header?.split(',')[0]).toBe('Date (Pacific/Auckland)');
    expect(row?.split(',')[0]).toBe('2025-12-31 12:00:00');
  });
});
