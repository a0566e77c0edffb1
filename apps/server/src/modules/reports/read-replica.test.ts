import { ZDonationListTotals, ZIncomeReport } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { createReadDb } from '../../platform/db/client.ts';

// READ_DATABASE_URL (decision 077): the reports read from a second connection. The "replica" here
// is another copy of the seeded database whose one gift differs by a cent, so the figures say
// which pool served them.
describe('reports read from READ_DATABASE_URL when it is set', () => {
  let replica: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    replica = await createTestDatabase({ seeded: true, poolMax: 2 });
    await replica.db.execute(sql`
      UPDATE donations SET base_amount_minor = base_amount_minor + 1
      WHERE id = (SELECT d.id FROM donations d JOIN npos n ON n.id = d.npo_id AND n.slug = 'riverside-food-bank'
        WHERE d.status = 'succeeded' ORDER BY d.id LIMIT 1)`);
  });
  afterAll(async () => {
    await replica?.drop();
  });
  const ctx = useTestApp({ env: () => ({ READ_DATABASE_URL: replica.url }) });

  it('the income report comes from the read pool; the donations list from the primary', async () => {
    const finance = new TestClient(ctx.app);
    await finance.signIn('finance@kindling.test');
    const year = new Date().getUTCFullYear();
    const range = { from: `${year - 8}-01-01`, to: `${year + 1}-06-30` };
    const income = ZIncomeReport.parse(
      (await finance.get(`/api/v1/npo_admin/reports/income?${new URLSearchParams(range)}`)).json(),
    );
    const list = ZDonationListTotals.parse(
      (
        await finance.get(
          `/api/v1/npo_admin/donations/totals?date_from=${range.from}&date_to=${range.to}&status=succeeded,refunded`,
        )
      ).json(),
    );
    expect(income.totals.gross).toBe(list.base_amount_minor + 1);
    // The download is written from the same pool, and its audit row lands on the primary.
    const csv = await finance.get(`/api/v1/npo_admin/reports/income/download?format=csv&${new URLSearchParams(range)}`);
    expect(csv.statusCode).toBe(200);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'reports.downloaded'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('the read pool refuses writes', async () => {
    const readDb = createReadDb(replica.url, { max: 1 });
    try {
      const error = await readDb.execute(sql`UPDATE npos SET name = name`).then(
        () => null,
        (e: Error) => e,
      );
      expect(String((error?.cause as Error | undefined)?.message)).toMatch(/read-only transaction/);
    } finally {
      await readDb.$client.end();
    }
  });
});
