// Automatic renewals (docs/decisions/049-memberships.md): a membership whose tier is recurring
// renews through its plan, so each successful charge of that plan moves the expiry on one term. The
// recurring scheduler tells us of the charge inside its transaction (the hook wired in app.ts);
// the charge's donation is recorded on membership_payments first, and its unique index makes a
// replayed charge (the same donation) extend nothing a second time.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import type { PlanChargeHook } from '../plans/index.ts';
import { termOf } from './join.service.ts';

type Renewed = { id: number; billing: 'monthly' | 'yearly' | 'fixed_term'; term_months: number | null };

export const extendByPlanCharge: PlanChargeHook = async (tx: Tx, charge) => {
  const { rows } = await tx.execute<Renewed>(sql`
    SELECT m.id, t.billing, t.term_months
    FROM supporter_memberships m JOIN membership_tiers t ON t.id = m.tier_id
    WHERE m.plan_id = ${charge.planId} AND m.npo_id = ${charge.npoId} AND m.status IN ('active', 'in_grace')
    FOR UPDATE OF m`);
  for (const membership of rows) {
    const { rows: paid } = await tx.execute(sql`
      INSERT INTO membership_payments (membership_id, donation_id) VALUES (${membership.id}, ${charge.donationId})
      ON CONFLICT DO NOTHING RETURNING donation_id`);
    if (paid.length === 0) continue;
    // From the old expiry, not the charge's day: a charge a day early or late keeps the calendar.
    await tx.execute(sql`
      UPDATE supporter_memberships SET status = 'active', period_start = coalesce(period_end, ${charge.chargedAt.toISOString()}),
        period_end = coalesce(period_end, ${charge.chargedAt.toISOString()}) + ${termOf(membership)}::interval,
        updated_at = now()
      WHERE id = ${membership.id}`);
    await tx.execute(sql`
      INSERT INTO membership_history (membership_id, kind, detail)
      VALUES (${membership.id}, 'renewed', 'Renewed by a charge of its recurring plan.')`);
  }
};
