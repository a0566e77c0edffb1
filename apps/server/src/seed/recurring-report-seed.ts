// The demo's recurring history for the recurring report (docs/product/reports.md#recurring): the
// seeded plans start with their first gift only, so two of the oldest active plans get a later
// charge each: one after a declined try and at a higher amount (recovered, expansion), one at a
// lower amount (contraction). Added once: a database that has these charges keeps them.
import { sql } from 'drizzle-orm';
import { recordSucceededPayment } from '../modules/donations/index.ts';
import { ensureSandboxPaymentsOfGifts } from '../modules/payments/index.ts';
import { recordPaymentAttempt } from '../modules/transactions/index.ts';
import type { Db } from '../platform/db/client.ts';

const DAY = 86_400_000;
const REFERENCE = 'seed_recurring_report';

type SeedPlan = {
  id: number;
  donor_id: number;
  campaign_id: number | null;
  amount_minor: number;
  currency: string;
  email: string;
  first_name: string;
  last_name: string;
};

export async function seedRecurringHistory(db: Db, npoIds: Map<string, number>, now = new Date()): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const { rows: had } = await db.execute(sql`
    SELECT 1 FROM donations WHERE npo_id = ${npoId} AND provider = 'sandbox'
      AND provider_reference LIKE ${`${REFERENCE}\\_%`} LIMIT 1`);
  if (had.length > 0) return;
  const { rows: plans } = await db.execute<SeedPlan>(sql`
    SELECT p.id, p.donor_id, p.campaign_id, p.amount_minor, p.currency, dn.email, dn.first_name, dn.last_name
    FROM recurring_plans p JOIN donors dn ON dn.id = p.donor_id
    WHERE p.npo_id = ${npoId} AND p.status = 'active' AND p.provider = 'sandbox'
      AND p.started_at < ${new Date(now.getTime() - 70 * DAY).toISOString()}::timestamptz
    ORDER BY p.started_at, p.id LIMIT 2`);
  const [upgraded, reduced] = plans;
  if (upgraded) {
    const failedAt = new Date(now.getTime() - 40 * DAY);
    await db.transaction((tx) =>
      recordPaymentAttempt(tx, {
        npoId,
        provider: 'sandbox',
        providerReference: `${REFERENCE}_decline_${upgraded.id}`,
        campaignId: upgraded.campaign_id,
        donorId: upgraded.donor_id,
        recurringPlanId: upgraded.id,
        email: upgraded.email,
        amountMinor: upgraded.amount_minor,
        currency: upgraded.currency,
        status: 'failed',
        failureCode: 'card_declined',
        failureMessage: 'Your card was declined.',
      }),
    );
    await db.execute(sql`
      UPDATE payment_attempts SET created_at = ${failedAt.toISOString()}::timestamptz
      WHERE npo_id = ${npoId} AND provider_reference = ${`${REFERENCE}_decline_${upgraded.id}`}`);
    await charge(db, npoId, upgraded, Math.round(upgraded.amount_minor * 1.5), new Date(now.getTime() - 37 * DAY));
  }
  if (reduced)
    await charge(db, npoId, reduced, Math.round(reduced.amount_minor * 0.8), new Date(now.getTime() - 20 * DAY));
  await ensureSandboxPaymentsOfGifts(db, npoId);
}

/** A charge of the plan at a new amount, which becomes the plan's amount (the donor changed it). */
async function charge(db: Db, npoId: number, plan: SeedPlan, amountMinor: number, at: Date): Promise<void> {
  await recordSucceededPayment(db, {
    npoId,
    campaignId: plan.campaign_id,
    provider: 'sandbox',
    providerReference: `${REFERENCE}_${plan.id}`,
    amountMinor,
    currency: plan.currency,
    interval: 'monthly',
    paymentMethod: 'card',
    donor: { email: plan.email, firstName: plan.first_name ?? '', lastName: plan.last_name ?? '' },
    recurringPlanId: plan.id,
    occurredAt: at,
  });
  await db.execute(sql`
    UPDATE recurring_plans SET amount_minor = ${amountMinor}, last_charged_at = ${at.toISOString()}::timestamptz
    WHERE id = ${plan.id}`);
}
