// The saved card of a plan started at checkout: its brand, last four and expiry, asked of the
// provider once the plan exists, so the sweep can tell the donor before the card expires. (A card
// replaced in the donor portal is described there, with the change.) PayPal vault tokens have no
// expiry and are skipped.
import { cardExpiryState, type TPlanCard } from '@kindling/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { DonationFollowUp } from '../donations/index.ts';
import { recurringPlans } from '../donations/index.ts';
import type { PaymentProviders, ProviderName } from '../payments/index.ts';
import { cardColumnsOf } from './donor-plan-changes.ts';
import { chargeContextOf } from './plan-facts.repository.ts';
import { findPlan } from './plans.repository.ts';

export const CARD_PROVIDERS: readonly string[] = ['sandbox', 'stripe'];

export type KnownCard = {
  provider: string;
  paymentMethodId: string | null;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
};

/**
 * The plan's card as staff and the donor see it, with whether it expires soon (the months of the
 * card-expiring e-mail); null for a plan with no saved card method or nothing known of its card.
 */
export function planCardOf(card: KnownCard, now = new Date()): TPlanCard | null {
  if (!card.paymentMethodId || !CARD_PROVIDERS.includes(card.provider)) return null;
  if (!card.last4 && !card.expYear && !card.brand) return null;
  return {
    brand: card.brand,
    last4: card.last4,
    exp_month: card.expMonth,
    exp_year: card.expYear,
    expiry: cardExpiryState(card.expMonth, card.expYear, now),
  };
}

/**
 * Describes and stores the card of the plan `planId` when its method is still `paymentMethodId`
 * and its expiry is not known yet (a repeated confirm or webhook asks nothing). Returns whether
 * an expiry was stored.
 */
export async function storePlanCard(
  db: Db,
  providers: PaymentProviders,
  key: { npoId: number; planId: number; paymentMethodId: string },
): Promise<boolean> {
  const plan = await findPlan(db, key.npoId, key.planId);
  if (!plan || plan.paymentMethodId !== key.paymentMethodId || plan.cardExpYear !== null) return false;
  if (!CARD_PROVIDERS.includes(plan.provider)) return false;
  const { accountId } = await chargeContextOf(db, plan);
  const card = await providers
    .byName(plan.provider as ProviderName)
    .describeSavedCard({ account: { npoId: plan.npoId, accountId }, paymentMethodId: key.paymentMethodId });
  if (!card) return false;
  const rows = await db
    .update(recurringPlans)
    .set(cardColumnsOf(card))
    .where(
      and(
        eq(recurringPlans.id, plan.id),
        eq(recurringPlans.npoId, plan.npoId),
        eq(recurringPlans.paymentMethodId, key.paymentMethodId),
        isNull(recurringPlans.cardExpYear),
      ),
    )
    .returning({ id: recurringPlans.id });
  return rows.length > 0;
}

/** The checkout follow-up (donations/after-donation.ts): a recurring first gift's saved card, described. */
export function planCardFollowUp(providers: PaymentProviders): DonationFollowUp {
  return async ({ db, donation, payment }) => {
    const paymentMethodId = payment.paymentMethodId;
    if (!donation.recurringPlanId || !paymentMethodId) return;
    await storePlanCard(db, providers, { npoId: donation.npoId, planId: donation.recurringPlanId, paymentMethodId });
  };
}
