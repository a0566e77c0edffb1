// The donations import at migration size (docs/product/imports.md#the-file): a file over the
// limits is refused clearly, the size at once and the rows by the check of a large file.
// The limits are lowered here (2 MB, 30,000 rows) so the files stay small for a test.
import { ZImportResponse, ZImportUploadResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { csvUpload } from './imports.test-support.ts';

const HEADER = 'date,first_name,last_name,email,amount,currency,campaign_url,payment_method,reference';
const gift = (i: number) =>
  `2024-02-${String((i % 28) + 1).padStart(2, '0')},Ann,Row${i},big${i}@example.org,1.00,USD,,,`;

describe('donations import at migration size', () => {
  const ctx = useTestApp({ env: { DONATION_IMPORT_MAX_MB: '2', DONATION_IMPORT_MAX_ROWS: '30000' } });
  let admin: TestClient;

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
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
