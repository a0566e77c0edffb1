// Organisation-locale formatting of the import's messages (decision 027): a de-DE organisation
// reads its counts as it writes them.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { failureMessageOf } from './import-failure.ts';
import { runImport } from './index.ts';

const HEADER = 'date,first_name,last_name,email,amount,currency,campaign_url,payment_method,reference';

function csvUpload(text: string) {
  const boundary = '----kindlingImportBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gifts.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return {
    body: Buffer.from(`${head}${text}\r\n--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('import messages in the organisation’s locale', () => {
  // The row limit lowered to the old 20,000, so a file over it stays small enough for this test.
  const ctx = useTestApp({ env: { DONATION_IMPORT_MAX_ROWS: '20000' } });
  let admin: TestClient;
  let npoId = 0;

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`UPDATE npos SET locale = 'de-DE' WHERE slug = 'riverside-food-bank' RETURNING id`,
    );
    npoId = Number(rows[0]?.id);
  });

  const upload = (text: string) => admin.request('POST', '/api/v1/npo_admin/imports', csvUpload(text));

  it('counts the imported and refused rows in the notification as de-DE writes them', async () => {
    const bad = Array.from({ length: 1234 }, (_, i) => `2024-13-01,Bad,Date,bad${i}@example.org,10,USD,,,`);
    const good = '2024-03-15,Ada,Lovelace,ada.locale@example.org,25.00,USD,,cheque,';
    const res = await upload([HEADER, good, ...bad].join('\n'));
    expect(res.statusCode).toBe(201);
    const id = Number(res.json().import.id);
    expect((await admin.post(`/api/v1/npo_admin/imports/${id}/start`)).statusCode).toBe(202);
    expect(await runImport(ctx.db, { npoId, importId: id })).toBe('finished');
    const notes = await ctx.db.execute<{ message: string }>(sql`
      SELECT message FROM notifications WHERE kind = 'import.finished' AND (metadata->>'import_id')::bigint = ${id}`);
    expect(notes.rows).toEqual([{ message: '1 donation imported, 1.234 rows could not be imported.' }]);
  });

  it('names the row limit as de-DE writes it', async () => {
    const tooMany = [HEADER, ...Array.from({ length: 20_001 }, () => '2024-01-01,A,B,a@example.org,1,USD,,,')];
    const res = await upload(tooMany.join('\n'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file has more than 20.000 rows; split it into smaller files.');
  });

  it('writes the kept gifts of a stopped import in the organisation’s locale', () => {
    expect(failureMessageOf(new Error('gone'), false, 1234, 'de-DE')).toContain(
      'The 1.234 gifts recorded before it stopped are kept and counted',
    );
  });
});
