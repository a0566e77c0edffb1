// Test support for the donor API tests: gifts, refunds, plans and notes written the way the rest of
// the app writes them (recordSucceededPayment for gifts; a refund is a status plus a negative ledger
// row, as docs/product/payments.md#money prescribes).
// Test support for the donor and campaign API tests: gifts, refunds, plans and notes written the way
// the rest of the app writes them (recordSucceededPayment for gifts; a refund is a status plus a negative ledger
// row, as DESIGN section 3 prescribes).
import { sql } from 'drizzle-orm';
import { recordSucceededPayment } from '../src/modules/donations/index.ts';
import type { TestContext } from './test-app.ts';

let reference = 0;

export async function gift(
  ctx: TestContext,
  npoId: number,
  donor: { email: string; firstName?: string; lastName?: string; postalCode?: string },
  amountMinor: number,
  at: Date,
  extra: { currency?: string; giftAid?: boolean; campaignId?: number } = {},
): Promise<number> {
  reference += 1;
  const { donation } = await recordSucceededPayment(ctx.db, {
    npoId,
    campaignId: extra.campaignId ?? null,
    provider: 'sandbox',
    providerReference: `donor_test_${reference}_${Date.now()}`,
    amountMinor,
    currency: extra.currency ?? 'USD',
    donor: {
      email: donor.email,
      firstName: donor.firstName ?? '',
      lastName: donor.lastName ?? '',
      postalCode: donor.postalCode ?? '',
    },
    giftAid: extra.giftAid ? { name: 'Ada Lovelace', address: '12 St James Square', postcode: 'SW1Y 4JH' } : null,
    occurredAt: at,
  });
  return donation.id;
}

/** A refund of `amountMinor` (in the gift's currency): a negative ledger row; full ones mark the gift refunded. */
export async function refund(ctx: TestContext, donationId: number, amountMinor: number, full: boolean): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO ledger_entries (npo_id, donation_id, kind, amount_minor, currency, base_amount_minor, base_currency)
      SELECT npo_id, id, 'refund', ${-amountMinor}, currency,
        -round(${amountMinor}::numeric * base_amount_minor / amount_minor)::bigint, base_currency
      FROM donations WHERE id = ${donationId}`);
    if (full)
      await tx.execute(sql`UPDATE donations SET status = 'refunded', refunded_at = now() WHERE id = ${donationId}`);
  });
}

export async function donorIdOf(ctx: TestContext, npoId: number, email: string): Promise<number> {
  const { rows } = await ctx.db.execute<{ id: number }>(
    sql`SELECT id FROM donors WHERE npo_id = ${npoId} AND lower(email) = lower(${email})`,
  );
  if (!rows[0]) throw new Error(`no donor ${email}`);
  return Number(rows[0].id);
}

export async function plan(
  ctx: TestContext,
  npoId: number,
  donorId: number,
  firstDonationId: number,
  status: 'active' | 'past_due' | 'cancelled' | 'paused',
): Promise<number> {
  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    INSERT INTO recurring_plans (npo_id, donor_id, amount_minor, currency, interval, provider, status, anchor_at,
      started_at, first_donation_id, next_charge_at, cancelled_at)
    VALUES (${npoId}, ${donorId}, 1000, 'USD', 'monthly', 'sandbox', ${status}, now(), now(), ${firstDonationId},
      now() + interval '1 month', ${status === 'cancelled' ? sql`now()` : sql`NULL`})
    RETURNING id`);
  return Number(rows[0]?.id);
}

export async function note(ctx: TestContext, npoId: number, donorId: number, authorEmail: string, body: string) {
  await ctx.db.execute(sql`
    INSERT INTO notes (npo_id, subject_type, subject_id, author_user_id, body)
    SELECT ${npoId}, 'donor', ${donorId}, id, ${body} FROM users WHERE email = ${authorEmail}`);
}

export async function failedAttempt(ctx: TestContext, npoId: number, donorId: number) {
  await ctx.db.execute(sql`
    INSERT INTO payment_attempts (npo_id, provider, provider_reference, donor_id, amount_minor, currency, status, failure_code)
    VALUES (${npoId}, 'sandbox', ${`pa_${donorId}_${Date.now()}`}, ${donorId}, 1000, 'USD', 'failed', 'card_declined')`);
}

/** The organisation's donors recomputed from the source rows: what donor_giving must equal. */
export async function recomputedTotals(ctx: TestContext, npoId: number) {
  const { rows } = await ctx.db.execute<{ id: number; total: number; n: number }>(sql`
    SELECT dn.id,
      (coalesce((SELECT sum(base_amount_minor) FROM donations WHERE donor_id = dn.id AND status IN ('succeeded', 'refunded')), 0)
       + coalesce((SELECT sum(l.base_amount_minor) FROM ledger_entries l JOIN donations d ON d.id = l.donation_id
                   WHERE d.donor_id = dn.id AND l.kind IN ('refund', 'dispute')), 0))::bigint AS total,
      (SELECT count(*) FROM donations WHERE donor_id = dn.id AND status = 'succeeded')::int AS n
    FROM donors dn WHERE dn.npo_id = ${npoId} ORDER BY dn.id`);
  const giving = await ctx.db.execute<{ id: number; total: number; n: number }>(sql`
    SELECT donor_id AS id, lifetime_base_minor AS total, gift_count AS n FROM donor_giving WHERE npo_id = ${npoId} ORDER BY donor_id`);
  const norm = (r: { id: number; total: number; n: number }) => ({
    id: Number(r.id),
    total: Number(r.total),
    n: Number(r.n),
  });
  return { expected: rows.map(norm), stored: giving.rows.map(norm) };
}
