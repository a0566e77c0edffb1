// Plans saved before their card was described (decision 013) have no brand, last four or expiry,
// so staff see no card and the donor gets no card-expiring e-mail until the card is replaced.
// This backfill asks each such plan's provider once per saved method (Stripe: the PaymentMethod on
// the organisation's connected account; sandbox: its own saved method) and stores the card. It
// runs in batches in plan id order; a provider error for one plan is logged and the batch goes on.
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { recurringPlans } from '../donations/index.ts';
import { type PaymentProviders, ProviderError, type ProviderName, type SavedCard } from '../payments/index.ts';
import { cardColumnsOf } from './donor-plan-changes.ts';
import { CARD_PROVIDERS } from './plan-cards.ts';
import { chargeContextOf } from './plan-facts.repository.ts';
import type { PlanRow } from './plans.repository.ts';

export type CardBackfillDeps = {
  db: Db;
  providers: PaymentProviders;
  /** A pause between two provider calls, so a large backfill stays far below the provider's limits. */
  pauseMs: number;
  log: (error: unknown, context: { planId: number }) => void;
};

export type CardBackfillBatch = {
  /** Plans with a stored card now. */
  described: number;
  /** Plans asked whose provider knew no card (another kind of method, or no expiry). */
  unknown: number;
  /** Plans whose provider call failed: asked again by a later run. */
  failed: number;
  /** The last plan id looked at: the next batch starts after it. */
  lastId: number;
  /** Whether the batch was full, so more plans may be waiting. */
  more: boolean;
};

// A failure that will not change by asking again: the method is gone or the account cannot see
// it. The plan is marked as asked; a passing outage or rate limit leaves it for a later run.
const LASTING: readonly string[] = ['not_found', 'invalid_request', 'not_supported', 'not_configured'];

/** Plans with a saved card method whose card is unknown and not yet asked about, after `afterId`. */
function candidates(db: Db, afterId: number, limit: number): Promise<PlanRow[]> {
  return db
    .select()
    .from(recurringPlans)
    .where(
      and(
        gt(recurringPlans.id, afterId),
        inArray(recurringPlans.provider, [...CARD_PROVIDERS]),
        isNotNull(recurringPlans.paymentMethodId),
        isNull(recurringPlans.cardExpYear),
        isNull(recurringPlans.cardLast4),
        sql`${recurringPlans.cardCheckedMethodId} IS DISTINCT FROM ${recurringPlans.paymentMethodId}`,
      ),
    )
    .orderBy(asc(recurringPlans.id))
    .limit(limit);
}

/**
 * Stores what was learnt, only if the plan still has the method that was asked about and still
 * no card (a portal change or the checkout follow-up meanwhile wins): running twice changes nothing.
 */
async function storeAnswer(db: Db, plan: PlanRow, card: SavedCard | null): Promise<boolean> {
  const methodId = plan.paymentMethodId as string;
  const rows = await db
    .update(recurringPlans)
    .set({ ...(card ? cardColumnsOf(card) : {}), cardCheckedMethodId: methodId })
    .where(
      and(
        eq(recurringPlans.id, plan.id),
        eq(recurringPlans.npoId, plan.npoId),
        eq(recurringPlans.paymentMethodId, methodId),
        isNull(recurringPlans.cardExpYear),
        isNull(recurringPlans.cardLast4),
      ),
    )
    .returning({ id: recurringPlans.id });
  return rows.length > 0 && card !== null;
}

type Answer = { card: SavedCard | null } | { failed: true };

async function askProvider(deps: CardBackfillDeps, plan: PlanRow): Promise<Answer> {
  try {
    const { accountId } = await chargeContextOf(deps.db, plan);
    const provider = deps.providers.byName(plan.provider as ProviderName);
    const paymentMethodId = plan.paymentMethodId as string;
    return { card: await provider.describeSavedCard({ account: { npoId: plan.npoId, accountId }, paymentMethodId }) };
  } catch (error) {
    // Too many calls: stop the batch; its job is retried later with pg-boss's backoff and skips
    // the plans already stored.
    if (error instanceof ProviderError && error.code === 'rate_limited') throw error;
    deps.log(error, { planId: plan.id });
    if (error instanceof ProviderError && LASTING.includes(error.code)) return { card: null };
    return { failed: true };
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One batch of at most `limit` plans after `afterId`, one provider call at a time. A provider's
 * rate limit ends the batch by throwing (what was stored stays stored).
 */
export async function backfillPlanCards(
  deps: CardBackfillDeps,
  { afterId, limit }: { afterId: number; limit: number },
): Promise<CardBackfillBatch> {
  const plans = await candidates(deps.db, afterId, limit);
  const batch: CardBackfillBatch = {
    described: 0,
    unknown: 0,
    failed: 0,
    lastId: afterId,
    more: plans.length === limit,
  };
  for (const [index, plan] of plans.entries()) {
    if (index > 0 && plan.provider !== 'sandbox' && deps.pauseMs > 0) await pause(deps.pauseMs);
    const answer = await askProvider(deps, plan);
    batch.lastId = plan.id;
    if ('failed' in answer) {
      batch.failed += 1;
      continue;
    }
    if (await storeAnswer(deps.db, plan, answer.card)) batch.described += 1;
    else batch.unknown += 1;
  }
  return batch;
}
