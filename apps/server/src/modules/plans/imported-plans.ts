// Plans moved from another platform (recurring imports, decision 101): no first gift here, the
// saved method checked with its provider by the importer, and the next date the old platform
// would have charged. From then on they are plans like any other: the scheduler charges them on
// that date, reminders and dunning apply (docs/product/recurring.md).
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { instantIn } from '../../platform/format/calendar.ts';
import { recurringPlans } from '../donations/index.ts';
import type { RecurringInterval } from './next-charge.ts';
import type { PlanRow } from './plans.repository.ts';

export type ImportedPlan = {
  npoId: number;
  donorId: number;
  campaignId: number | null;
  amountMinor: number;
  currency: string;
  interval: RecurringInterval;
  provider: string;
  paymentMethodId: string;
  customerId: string | null;
  card: { brand: string | null; last4: string | null; expMonth: number; expYear: number } | null;
  status: 'active' | 'paused';
  /** The calendar day of the first charge here, YYYY-MM-DD in the organisation's zone. */
  nextChargeDate: string;
  zone: string;
  /** Base-currency minor units per charged minor unit (the analysis' monthly revenue). */
  baseRate: number;
  /** The imported row's key: one plan per key and organisation, ever. */
  importKey: string;
  now: Date;
};

/**
 * Inserts the plan once per import key: the same row imported again answers the plan already
 * there with `created: false` (the unique index decides, so two runs at once make one plan).
 */
export async function insertImportedPlan(tx: Tx, p: ImportedPlan): Promise<{ plan: PlanRow; created: boolean }> {
  // Due from the start of that day in the organisation's zone: the first sweep of the day charges it.
  const dueAt = instantIn(p.nextChargeDate, 0, p.zone);
  const [inserted] = await tx
    .insert(recurringPlans)
    .values({
      npoId: p.npoId,
      donorId: p.donorId,
      campaignId: p.campaignId,
      amountMinor: p.amountMinor,
      currency: p.currency,
      interval: p.interval,
      provider: p.provider,
      paymentMethodId: p.paymentMethodId,
      customerId: p.customerId,
      cardBrand: p.card?.brand ?? null,
      cardLast4: p.card?.last4 ?? null,
      cardExpMonth: p.card?.expMonth ?? null,
      cardExpYear: p.card?.expYear ?? null,
      // Described by the import's check: the card backfill need not ask again.
      cardCheckedMethodId: p.paymentMethodId,
      status: p.status,
      pausedAt: p.status === 'paused' ? p.now : null,
      anchorAt: dueAt,
      anchorPeriod: 1,
      nextPeriod: 1,
      nextChargeAt: dueAt,
      startedAt: p.now,
      baseRate: p.baseRate,
      importKey: p.importKey,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { plan: inserted, created: true };
  const existing = await findImportedPlan(tx, p.npoId, p.importKey);
  if (!existing) throw new Error(`imported plan conflict without a plan for key ${p.importKey}`);
  return { plan: existing, created: false };
}

export async function findImportedPlan(tx: Tx, npoId: number, importKey: string): Promise<PlanRow | null> {
  const [row] = await tx
    .select()
    .from(recurringPlans)
    .where(and(eq(recurringPlans.npoId, npoId), eq(recurringPlans.importKey, importKey)));
  return row ?? null;
}
