import type { Tx } from '../../platform/db/tx.ts';
import { recordWebhookEvent } from '../../platform/outbox/webhook-outbox.ts';
import type { PlanRow } from './plans.repository.ts';

/**
 * A plan's webhook event, in the transaction that changed it (docs/decisions/074-webhook-outbox.md):
 * created, cancelled, or updated for any other change (amount, date, pause, resume, card).
 */
export function recordPlanEvent(tx: Tx, action: string, plan: PlanRow): Promise<void> {
  const type = action.endsWith('.created')
    ? ('plan.created' as const)
    : action.endsWith('.cancelled')
      ? ('plan.cancelled' as const)
      : ('plan.updated' as const);
  return recordWebhookEvent(tx, {
    npoId: plan.npoId,
    type,
    data: {
      plan_id: plan.id,
      donor_id: plan.donorId,
      status: plan.status,
      amount_minor: plan.amountMinor,
      currency: plan.currency,
      interval: plan.interval,
      change: action.replace(/^recurring_plan\./, ''),
    },
  });
}
