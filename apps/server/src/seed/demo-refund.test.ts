// The demo's gifts are recorded by the seed, not through the sandbox card form: each must still be
// refundable as a real gift is, on a fresh demo and on one seeded before the fix (docs/decisions/022-request-input.md).
import { ZDonationDetailResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { TestClient } from '../../test/test-client.ts';
import { seedDemo } from './demo-seed.ts';

describe('refunding a demo gift', () => {
  const ctx = useTestApp();
  let admin: TestClient;

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
  });

  /** Demo gifts of Riverside with nothing refunded yet, each with its amount. */
  const demoGifts = async (limit: number) =>
    (
      await ctx.db.execute<{ id: number; amount_minor: number }>(sql`
        SELECT d.id::int AS id, d.amount_minor::int AS amount_minor FROM donations d
        WHERE d.provider = 'sandbox' AND d.provider_reference LIKE 'seed_spring_%'
          AND NOT EXISTS (SELECT 1 FROM donation_refunds r WHERE r.donation_id = d.id)
        ORDER BY d.id LIMIT ${limit}`)
    ).rows;

  const refundAndCheck = async (gift: { id: number; amount_minor: number }) => {
    const res = await admin.post(`/api/v1/npo_admin/donations/${gift.id}/refunds`, {
      idempotency_key: crypto.randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const donation = ZDonationDetailResponse.parse(res.json()).donation;
    expect(donation.refunded_minor).toBe(gift.amount_minor);
    const ledger = await ctx.db.execute<{ amount_minor: number }>(
      sql`SELECT amount_minor::int AS amount_minor FROM ledger_entries WHERE donation_id = ${gift.id} AND kind = 'refund'`,
    );
    expect(ledger.rows).toEqual([{ amount_minor: -gift.amount_minor }]);
  };

  it('refunds seeded gifts in full, with their ledger rows', async () => {
    const gifts = await demoGifts(3);
    expect(gifts).toHaveLength(3);
    for (const gift of gifts) await refundAndCheck(gift);
  });

  it('mends a demo seeded before its gifts had sandbox payments when the seed runs again (each start)', async () => {
    await ctx.db.execute(sql`DELETE FROM sandbox_payments WHERE id LIKE 'seed_spring_%'`);
    await seedDemo(ctx.db, ctx.config.totpKey);
    const [gift] = await demoGifts(1);
    expect(gift).toBeDefined();
    if (gift) await refundAndCheck(gift);
  });
});
