// The scheduler's SQL: claiming a due plan under a row lock, and moving it on after a charge.
import { and, asc, eq, inArray, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { type PlanStatus, recurringPlans } from '../donations/index.ts';
import type { PlanRow } from './plans.repository.ts';

/** Statuses the scheduler charges (the partial index recurring_plans_due_idx covers them). */
export const CHARGEABLE: PlanStatus[] = ['active', 'past_due'];

/**
 * The next due plan no other worker holds, locked until the caller's transaction ends. NO KEY
 * UPDATE (not UPDATE) because recording the donation in another transaction references the plan
 * (a KEY SHARE lock), which UPDATE would block until our own transaction ended: a self-deadlock.
 * SKIP LOCKED: two sweeps (two instances) never wait on, nor charge, the same plan.
 */
export async function claimDuePlan(
  tx: Tx,
  now: Date,
  filter: { skipIds: readonly number[]; planId?: number; npoId?: number; statuses?: PlanStatus[]; anyTime?: boolean },
): Promise<PlanRow | null> {
  const conditions: SQL[] = [
    inArray(recurringPlans.status, filter.statuses ?? CHARGEABLE),
    sql`${recurringPlans.paymentMethodId} IS NOT NULL`,
  ];
  // Staff "retry now" charges a past-due plan before its next retry is due.
  if (!filter.anyTime) conditions.push(lte(recurringPlans.nextChargeAt, now));
  if (filter.skipIds.length > 0) conditions.push(notInArray(recurringPlans.id, [...filter.skipIds]));
  if (filter.planId !== undefined) conditions.push(eq(recurringPlans.id, filter.planId));
  if (filter.npoId !== undefined) conditions.push(eq(recurringPlans.npoId, filter.npoId));
  const [row] = await tx
    .select()
    .from(recurringPlans)
    .where(and(...conditions))
    .orderBy(asc(recurringPlans.nextChargeAt), asc(recurringPlans.id))
    .limit(1)
    .for('no key update', { skipLocked: true });
  return row ?? null;
}

/** Writes the scheduler's outcome for a plan it holds. */
export async function updateClaimedPlan(
  tx: Tx,
  plan: PlanRow,
  patch: Partial<typeof recurringPlans.$inferInsert>,
): Promise<PlanRow> {
  const [row] = await tx
    .update(recurringPlans)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(recurringPlans.id, plan.id), eq(recurringPlans.npoId, plan.npoId)))
    .returning();
  if (!row) throw new Error(`plan ${plan.id} vanished while claimed`);
  return row;
}
