import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { recordSucceededPayment } from '../donations/index.ts';
import { exportColumns } from './donation-export.ts';

const EXPORT = '/api/v1/npo_admin/donations/export';
// Riverside Food Bank counts its days in New York (decision 027): the export's dates are its clock.
const HEADERS = exportColumns('America/New_York').map((c) => c.header);

/** Reads CSV text back with exceljs's CSV reader (a real parser, quotes and all). */
async function parseCsv(text: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  const sheet = await workbook.csv.read(Readable.from([text.replace(/^\uFEFF/, '')]), {
    parserOptions: { delimiter: ',' },
    map: (value: unknown) => value,
  });
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
  });
  return rows;
}

describe('donations export', () => {
  const ctx = useTestApp();
  let staff: TestClient;
  let fundraiser: TestClient;
  let campaignId = 0;

  beforeAll(async () => {
    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    fundraiser = new TestClient(ctx.app);
    await fundraiser.signIn('fundraiser@kindling.test');
    const riverside = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).rows[0]?.id,
    );
    const created = await admin.post('/api/v1/npo_admin/campaigns', {
      name: 'Export Drive, North',
      campaign_url: 'export-drive',
      status: 'active',
      currency: 'USD',
      currencies: ['USD', 'JPY'],
      user_amount_enable: true,
    });
    campaignId = created.json().campaign.id;
    const gift = (ref: string, first: string, last: string, amountMinor: number, currency: string, on: string) =>
      recordSucceededPayment(ctx.db, {
        npoId: riverside,
        campaignId,
        provider: 'sandbox',
        providerReference: ref,
        amountMinor,
        currency,
        feeCoveredMinor: currency === 'USD' ? 75 : 0,
        paymentMethod: 'card',
        interval: 'monthly',
        donor: { email: `${ref}@example.org`, firstName: first, lastName: last },
        occurredAt: new Date(on),
      });
    await gift('pi_export_1', 'Grace', 'Hopper', 2_575, 'USD', '2026-04-01T09:30:00Z');
    await gift('pi_export_2', '=HYPERLINK("http://evil")', 'Smith', 1_000, 'USD', '2026-04-02T10:00:00Z');
    await gift('pi_export_3', 'Kenji', 'Sato', 5_000, 'JPY', '2026-04-03T11:00:00Z');
  });

  it('streams the filtered donations as CSV with the row count first', async () => {
    const res = await staff.get(`${EXPORT}?format=csv&campaign_id=${campaignId}&sort=date&order=asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="donations-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['x-total-count']).toBe('3');
    const [header, ...rows] = await parseCsv(res.body);
    expect(header).toEqual(HEADERS);
    expect(rows).toHaveLength(3);
    const byColumn = (row: string[] | undefined) => Object.fromEntries(HEADERS.map((h, i) => [h, row?.[i] ?? '']));
    expect(byColumn(rows[0])).toMatchObject({
      // 09:30 UTC is 05:30 in New York (daylight saving time).
      'Date (America/New_York)': '2026-04-01 05:30:00',
      'Donor name': 'Grace Hopper',
      'Donor e-mail': 'pi_export_1@example.org',
      Amount: '25.75',
      Currency: 'USD',
      'Base amount': '25.75',
      'Base currency': 'USD',
      'Fee covered': '0.75',
      Campaign: 'Export Drive, North',
      'Payment method': 'card',
      Interval: 'Monthly',
      Status: 'succeeded',
      'Gift Aid': 'No',
      Provider: 'sandbox',
      'Provider reference': 'pi_export_1',
    });
    expect(byColumn(rows[0])['Receipt number']).toMatch(/^\d+-\d+$/);
    // A value that a spreadsheet would run as a formula stays text.
    expect(byColumn(rows[1])['Donor name']).toBe(`'=HYPERLINK("http://evil") Smith`);
    // JPY has no minor unit: 5000 is ¥5000, not ¥50.00.
    expect(byColumn(rows[2])).toMatchObject({ Amount: '5000', Currency: 'JPY' });
  });

  it('writes an XLSX workbook that reads back with numbers and dates', async () => {
    const res = await staff.get(`${EXPORT}?format=xlsx&campaign_id=${campaignId}&sort=amount&order=desc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['x-total-count']).toBe('3');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Donations');
    expect(sheet).toBeDefined();
    if (!sheet) return;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(sheet.actualRowCount).toBe(4);
    const column = (name: string) => HEADERS.indexOf(name) + 1;
    // Sorted by base amount, largest first (the yen gift sorts by its value in dollars).
    const names = [2, 3, 4].map((r) => sheet.getRow(r).getCell(column('Donor name')).value);
    expect(names).toContain('Grace Hopper');
    const grace = [2, 3, 4]
      .map((r) => sheet.getRow(r))
      .find((r) => r.getCell(column('Donor name')).value === 'Grace Hopper');
    expect(grace?.getCell(column('Amount')).value).toBe(25.75);
    expect(grace?.getCell(column('Amount')).numFmt).toBe('#,##0.00');
    expect(grace?.getCell(column('Fee covered')).value).toBe(0.75);
    // A spreadsheet date has no zone: the cell holds New York's wall clock.
    expect(grace?.getCell(column('Date (America/New_York)')).value).toEqual(new Date('2026-04-01T05:30:00Z'));
    const bases = [2, 3, 4].map((r) => Number(sheet.getRow(r).getCell(column('Base amount')).value));
    expect(bases).toEqual([...bases].sort((a, b) => b - a));
  });

  it('tells the staff member who exported when it finishes, and keeps it in the audit log', async () => {
    const res = await staff.get(`${EXPORT}?format=csv&campaign_id=${campaignId}`);
    expect(res.statusCode).toBe(200);
    await expect
      .poll(async () => {
        const list = (await staff.get('/api/v1/notifications')).json() as {
          notifications: Array<{ kind?: string; notification_type?: string; message: string; title: string }>;
        };
        return list.notifications.map((n) => `${n.title}: ${n.message}`);
      })
      .toContain('Export finished: Your export of 3 donations is ready.');
    const audit = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'donations.exported'`,
    );
    expect(audit.rows[0]?.n).toBeGreaterThan(0);
  });

  it('never exports another organisation’s donations, and refuses bad queries and peer fundraisers', async () => {
    const outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'export-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Export Outsider' });
    const theirs = await outsider.get(`${EXPORT}?format=csv`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['x-total-count']).toBe('0');
    // Their organisation was made without a time zone: its dates are UTC's, and the header says so.
    expect(await parseCsv(theirs.body)).toEqual([exportColumns('UTC').map((c) => c.header)]);
    const bad = await staff.get(`${EXPORT}?format=pdf`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.format).toBe('Export as csv or xlsx');
    expect((await fundraiser.get(`${EXPORT}?format=csv`)).statusCode).toBe(403);
  });

  it('stops reading the database and gives its connection back when the download is cancelled', async () => {
    // Copies of a gift, enough that the file outgrows what the sockets hold, so the server is still
    // streaming rows from its cursor when the browser goes away.
    const { rows: columns } = await ctx.db.execute<{ name: string }>(sql`
      SELECT column_name AS name FROM information_schema.columns
      WHERE table_name = 'donations' AND table_schema = current_schema() AND column_name <> 'id'
        AND is_generated = 'NEVER'`);
    const copied = (name: string) =>
      name === 'provider_reference' || name === 'receipt_number' ? `${name} || '-' || g` : name;
    await ctx.db.execute(
      sql.raw(`INSERT INTO donations (${columns.map((c) => c.name).join(', ')})
        SELECT ${columns.map((c) => copied(c.name)).join(', ')}
        FROM donations, generate_series(1, 60000) g WHERE provider_reference = 'pi_export_1'`),
    );
    const finishedBefore = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notifications WHERE kind = 'export.finished'`,
    );
    const base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const cancel = new AbortController();
    const res = await fetch(`${base}${EXPORT}?format=csv&campaign_id=${campaignId}`, {
      headers: { cookie: [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      signal: cancel.signal,
    });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThan(60_000);
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(first?.value?.byteLength).toBeGreaterThan(0);
    cancel.abort();
    await reader?.cancel().catch(() => {});

    // The cursor's transaction ends and its connection goes back to the pool...
    const pool = ctx.db.$client;
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5000 }).toBe(0);
    const open = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND state LIKE 'idle in transaction%'`);
    expect(open.rows[0]?.n).toBe(0);
    // ...and nobody is told an export finished that did not.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const finishedAfter = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notifications WHERE kind = 'export.finished'`,
    );
    expect(finishedAfter.rows[0]?.n).toBe(finishedBefore.rows[0]?.n);
    // The same export still works afterwards, to the end.
    const again = await staff.get(`${EXPORT}?format=csv&campaign_id=${campaignId}`);
    expect(again.body.split('\n').length - 2).toBe(Number(res.headers.get('x-total-count')));
    // The listening server would otherwise keep the test's HTTP connection open until its timeout.
    ctx.app.server.closeAllConnections();
    // 60,000 copied gifts and two whole exports: 10-20 s on a quiet 2-CPU machine, 30 s when loaded.
  }, 120_000);
});
