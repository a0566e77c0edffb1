// The demo's recurring gifts get real plans with saved sandbox cards, so /dashboard/recurring has
// something to show and the scheduler something to charge: one past due (its card ends in 0002 and
// keeps declining), one paused, one cancelled, the others active. Running it again changes nothing.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { sandboxPaymentMethods } from '../payments/index.ts';
import { recordPaymentAttempt } from '../transactions/index.ts';
import { firstPeriodAfter } from './next-charge.ts';
import { organisationCalendarOf } from './plan-facts.repository.ts';
import { insertPlanOnce, linkDonationToPlan, type PlanRow } from './plans.repository.ts';

const HOUR = 3_600_000;

type SeedGift = {
  id: number;
  donor_id: number;
  campaign_id: number | null;
  peer_campaign_id: number | null;
  amount_minor: number;
  fee_covered_minor: number;
  currency: string;
  designation_id: number | null;
  created_at: Date;
  email: string;
};

type Role = 'past_due' | 'paused' | 'cancelled' | 'active';
const roleOf = (index: number): Role => (['past_due', 'paused', 'cancelled'] as const)[index] ?? 'active';

export async function seedRecurringPlans(db: Db, npoId: number, now = new Date()): Promise<void> {
  const { rows } = await db.execute<SeedGift>(sql`
    SELECT d.id, d.donor_id, d.campaign_id, d.peer_campaign_id, d.amount_minor, d.fee_covered_minor, d.currency,
           d.designation_id, d.created_at, dn.email
    FROM donations d JOIN donors dn ON dn.id = d.donor_id
    WHERE d.npo_id = ${npoId} AND d.interval = 'monthly' AND d.provider = 'sandbox'
      AND d.provider_reference LIKE 'seed\\_%' AND d.recurring_plan_id IS NULL
    ORDER BY d.created_at DESC, d.id`);
  const { timeZone } = await organisationCalendarOf(db, npoId);
  for (const [index, gift] of rows.entries()) {
    const role = roleOf(index);
    const methodId = `pm_sandbox_seed${gift.id}`;
    const card = { cardLast4: role === 'past_due' ? '0002' : '4242', cardExpMonth: 12, cardExpYear: 2034 };
    await db
      .insert(sandboxPaymentMethods)
      .values({ id: methodId, npoId, type: 'card', ...card })
      .onConflictDoNothing();
    await db.transaction(async (tx) => {
      const anchorAt = new Date(gift.created_at);
      const next = firstPeriodAfter({ anchorAt, anchorPeriod: 0, interval: 'monthly' }, 1, now, timeZone);
      const { plan, created } = await insertPlanOnce(tx, {
        npoId,
        donorId: gift.donor_id,
        campaignId: gift.campaign_id,
        peerCampaignId: gift.peer_campaign_id,
        amountMinor: gift.amount_minor,
        feeCoveredMinor: gift.fee_covered_minor,
        currency: gift.currency,
        interval: 'monthly',
        provider: 'sandbox',
        paymentMethodId: methodId,
        // The plan knows its card as checkout would have stored it (plan-cards.ts).
        ...card,
        designationId: gift.designation_id,
        status: 'active',
        anchorAt,
        nextPeriod: next.period,
        nextChargeAt: next.dueAt,
        startedAt: anchorAt,
        firstDonationId: gift.id,
        ...stateOf(role, now),
      });
      await linkDonationToPlan(tx, npoId, gift.id, plan.id);
      if (created && role === 'past_due') await seedDecline(tx, plan, gift.email);
    });
  }
}

function stateOf(role: Role, now: Date): Partial<Omit<PlanRow, 'firstDonationId'>> {
  if (role === 'past_due') {
    const since = new Date(now.getTime() - 12 * HOUR);
    return {
      status: 'past_due',
      failedAttempts: 1,
      pastDueSince: since,
      nextChargeAt: new Date(since.getTime() + 24 * HOUR),
    };
  }
  if (role === 'paused') return { status: 'paused', pausedAt: new Date(now.getTime() - 5 * 24 * HOUR) };
  if (role === 'cancelled') {
    return { status: 'cancelled', cancelledAt: new Date(now.getTime() - 20 * 24 * HOUR), nextChargeAt: null };
  }
  return {};
}

async function seedDecline(tx: Parameters<typeof recordPaymentAttempt>[0], plan: PlanRow, email: string) {
  await recordPaymentAttempt(tx, {
    npoId: plan.npoId,
    provider: 'sandbox',
    providerReference: `ch_sandbox_seed_decline_${plan.id}`,
    campaignId: plan.campaignId,
    donorId: plan.donorId,
    recurringPlanId: plan.id,
    email,
    amountMinor: plan.amountMinor,
    currency: plan.currency,
    status: 'failed',
    failureCode: 'card_declined',
    failureMessage: 'Your card was declined.',
  });
}
