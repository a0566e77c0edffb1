// Renewals paid (docs/decisions/049-memberships.md). An automatic membership renews through its
// plan: the recurring scheduler tells us of each successful charge inside its transaction (the hook
// wired in app.ts). A manual one renews when its renewal link's payment is recorded (the donation
// follow-up). Either way the payment's donation is recorded on membership_payments first, and its
// unique index makes a replayed charge or confirmation (the same donation) renew nothing twice.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import type { PlanChargeHook } from '../plans/index.ts';

export type Renewing = { id: number; next_tier_id: number | null };

/** A tier's term in SQL (termOf's rule), read where the tier is joined as `t`. */
const TERM = sql`CASE t.billing WHEN 'monthly' THEN interval '1 month' WHEN 'yearly' THEN interval '1 year'
  ELSE make_interval(months => coalesce(t.term_months, 12)) END`;

/**
 * Renews the locked membership one term for this donation, once. A tier change the organisation set
 * for the next renewal takes effect first, so the new term is the new tier's.
 */
export async function applyRenewal(
  tx: Tx,
  membership: Renewing,
  payment: { donationId: number; at: Date },
  detail: string,
): Promise<boolean> {
  const { rows: paid } = await tx.execute(sql`
    INSERT INTO membership_payments (membership_id, donation_id) VALUES (${membership.id}, ${payment.donationId})
    ON CONFLICT DO NOTHING RETURNING donation_id`);
  if (paid.length === 0) return false;
  if (membership.next_tier_id !== null) await switchTierAtRenewal(tx, membership.id, Number(membership.next_tier_id));
  const at = payment.at.toISOString();
  // From the old expiry, not the payment's day: a renewal paid early or in grace keeps the calendar.
  await tx.execute(sql`
    UPDATE supporter_memberships m SET status = 'active', period_start = coalesce(m.period_end, ${at}),
      period_end = coalesce(m.period_end, ${at}) + ${TERM}, updated_at = now()
    FROM membership_tiers t WHERE m.id = ${membership.id} AND t.id = m.tier_id`);
  await tx.execute(sql`
    INSERT INTO membership_history (membership_id, kind, detail) VALUES (${membership.id}, 'renewed', ${detail})`);
  return true;
}

/** The new tier's place is taken now, only while it has room; a full tier keeps the member where they are. */
async function switchTierAtRenewal(tx: Tx, membershipId: number, nextTierId: number) {
  const { rows: room } = await tx.execute<{ name: string }>(sql`
    UPDATE membership_tiers SET taken = taken + 1
    WHERE id = ${nextTierId} AND NOT archived AND (capacity IS NULL OR taken < capacity) RETURNING name`);
  const name = room[0]?.name;
  if (name) {
    await tx.execute(sql`
      UPDATE membership_tiers SET taken = taken - 1 WHERE id = (SELECT tier_id FROM supporter_memberships WHERE id = ${membershipId})`);
    await tx.execute(sql`
      UPDATE supporter_memberships m SET tier_id = t.id, price_minor = t.price_minor,
        fair_market_value_minor = t.fair_market_value_minor, next_tier_id = NULL
      FROM membership_tiers t WHERE m.id = ${membershipId} AND t.id = ${nextTierId}`);
  } else {
    await tx.execute(sql`UPDATE supporter_memberships SET next_tier_id = NULL WHERE id = ${membershipId}`);
  }
  await tx.execute(sql`
    INSERT INTO membership_history (membership_id, kind, detail)
    VALUES (${membershipId}, 'tier_changed', ${name ? `Moved to the ${name} tier at renewal.` : 'The chosen tier was full at renewal: the tier stays as it was.'})`);
}

export const extendByPlanCharge: PlanChargeHook = async (tx: Tx, charge) => {
  const { rows } = await tx.execute<Renewing>(sql`
    SELECT m.id, m.next_tier_id FROM supporter_memberships m
    WHERE m.plan_id = ${charge.planId} AND m.npo_id = ${charge.npoId} AND m.status IN ('active', 'in_grace')
    FOR UPDATE`);
  for (const membership of rows) {
    await applyRenewal(
      tx,
      membership,
      { donationId: charge.donationId, at: charge.chargedAt },
      'Renewed by a charge of its recurring plan.',
    );
  }
};
