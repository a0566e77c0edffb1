// Organisation-locale formatting of the export's notice (decision 027): a de-DE organisation reads
// the row count as it writes it.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

describe('the export’s notice in the organisation’s locale', () => {
  const ctx = useTestApp();
  let staff: TestClient;

  beforeAll(async () => {
    staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`UPDATE npos SET locale = 'de-DE' WHERE slug = 'riverside-food-bank' RETURNING id`,
    );
    // Copies of one of its gifts, so the count needs a thousands separator.
    const { rows: columns } = await ctx.db.execute<{ name: string }>(sql`
      SELECT column_name AS name FROM information_schema.columns
      WHERE table_name = 'donations' AND table_schema = current_schema() AND column_name <> 'id'
        AND is_generated = 'NEVER'`);
    const copied = (name: string) =>
      name === 'provider_reference' || name === 'receipt_number' ? `${name} || '-copy-' || g` : name;
    await ctx.db.execute(
      sql.raw(`INSERT INTO donations (${columns.map((c) => c.name).join(', ')})
        SELECT ${columns.map((c) => copied(c.name)).join(', ')}
        FROM (SELECT * FROM donations WHERE npo_id = ${Number(rows[0]?.id)} ORDER BY id LIMIT 1) d,
          generate_series(1, 1200) g`),
    );
  });

  it('counts the exported rows as de-DE writes them', async () => {
    const res = await staff.get('/api/v1/npo_admin/donations/export?format=csv');
    expect(res.statusCode).toBe(200);
    const total = Number(res.headers['x-total-count']);
    expect(total).toBeGreaterThan(1200);
    const expected = `Your export of ${new Intl.NumberFormat('de-DE').format(total)} donations is ready.`;
    expect(expected).toMatch(/of \d\.\d{3} donations/);
    await expect
      .poll(async () => {
        const { rows } = await ctx.db.execute<{ message: string }>(
          sql`SELECT message FROM notifications WHERE kind = 'export.finished'`,
        );
        return rows.map((r) => r.message);
      })
      .toEqual([expected]);
  });
});
