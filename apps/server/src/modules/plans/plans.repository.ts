import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { donations, PLAN_FAILURE, recurringPlans } from '../donations/index.ts';

export type PlanRow = typeof recurringPlans.$inferSelect;
export type NewPlan = typeof recurringPlans.$inferInsert;

/**
 * One plan per first gift, ever: inserting a second time (a repeated confirm, a webhook, a
 * concurrent request) does nothing and returns the plan already there with `created: false`.
 */
export async function insertPlanOnce(
  tx: Tx,
  values: NewPlan & { firstDonationId: number },
): Promise<{ plan: PlanRow; created: boolean }> {
  const [inserted] = await tx
    .insert(recurringPlans)
    .values(values)
    .onConflictDoNothing({ target: recurringPlans.firstDonationId })
    .returning();
  if (inserted) return { plan: inserted, created: true };
  // READ COMMITTED: the conflicting row is committed once our insert returns, so this sees it.
  const [existing] = await tx
    .select()
    .from(recurringPlans)
    .where(and(eq(recurringPlans.firstDonationId, values.firstDonationId), eq(recurringPlans.npoId, values.npoId)));
  if (!existing) throw new Error(`plan conflict for donation ${values.firstDonationId} without a plan`);
  return { plan: existing, created: false };
}

/**
 * A plan born without a saved method (its first recording had none) becomes active once a later
 * recording of the same payment brings one. Any other plan is left as it is.
 */
export async function attachMissingMethod(
  tx: Tx,
  plan: PlanRow,
  method: { paymentMethodId: string; customerId: string | null; nextChargeAt: Date },
): Promise<PlanRow> {
  const [row] = await tx
    .update(recurringPlans)
    .set({
      paymentMethodId: method.paymentMethodId,
      customerId: method.customerId,
      status: 'active',
      failureReason: null,
      nextChargeAt: method.nextChargeAt,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(recurringPlans.id, plan.id),
        eq(recurringPlans.npoId, plan.npoId),
        isNull(recurringPlans.paymentMethodId),
        eq(recurringPlans.status, 'failed'),
        eq(recurringPlans.failureReason, PLAN_FAILURE.noPaymentMethod),
      ),
    )
    .returning();
  return row ?? plan;
}

/** Marks the first gift as the plan's (a no-op when it already is). */
export async function linkDonationToPlan(tx: Tx, npoId: number, donationId: number, planId: number): Promise<void> {
  await tx
    .update(donations)
    .set({ recurringPlanId: planId })
    .where(
      and(
        eq(donations.id, donationId),
        eq(donations.npoId, npoId),
        sql`${donations.recurringPlanId} IS DISTINCT FROM ${planId}`,
      ),
    );
}

/** A plan of this organisation; another's is invisible. */
export async function findPlan(tx: Tx, npoId: number, planId: number): Promise<PlanRow | null> {
  const [row] = await tx
    .select()
    .from(recurringPlans)
    .where(and(eq(recurringPlans.id, planId), eq(recurringPlans.npoId, npoId)));
  return row ?? null;
}
