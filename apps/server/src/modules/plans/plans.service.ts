// Recurring plans start here: every recording of a recurring first gift ensures its plan exists.
import type { Db } from '../../platform/db/client.ts';
import { formatFor } from '../../platform/format/format.ts';
import { recordAudit } from '../audit/index.ts';
import type { DonationRow } from '../donations/index.ts';
import { PLAN_FAILURE } from '../donations/index.ts';
import { notifyOrganisation } from '../notifications/index.ts';
import { firstChargeDate, isRecurring, type RecurringInterval } from './next-charge.ts';
import { recordPlanEvent } from './plan-events.ts';
import { organisationCalendarOf } from './plan-facts.repository.ts';
import { attachMissingMethod, insertPlanOnce, linkDonationToPlan, type PlanRow } from './plans.repository.ts';

export type PlanStart = {
  /** The first gift, as recorded. */
  donation: DonationRow;
  provider: string;
  /** The method the provider saved for later charges; null when it saved none. */
  paymentMethodId: string | null;
  customerId: string | null;
  /** For the staff notification. */
  donorName: string;
  campaignName: string | null;
};

const PERIOD_WORD: Record<RecurringInterval, string> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  quarterly: 'quarter',
  yearly: 'year',
};

/**
 * Ensures the plan of a recurring first gift (null for a once-off gift). Called on every
 * recording of the payment, created or not, so a plan missed by a crash after the donation was
 * stored is made by the next confirm or webhook. A plan needs a saved method to be charged: without
 * one it is stored as `failed` (reason no_saved_payment_method, no next date) so staff see it and
 * no charge is ever attempted; a later recording that brings a method activates it. The audit
 * entry and the staff notification are written with the plan, once.
 */
export async function ensurePlanForFirstGift(db: Db, start: PlanStart): Promise<PlanRow | null> {
  const { donation } = start;
  const interval = donation.interval;
  if (!isRecurring(interval)) return null;
  const method = start.paymentMethodId || null;
  return db.transaction(async (tx) => {
    // Due on the same day of the organisation's calendar (decision 027).
    const calendar = await organisationCalendarOf(tx, donation.npoId);
    const nextChargeAt = firstChargeDate(donation.createdAt, interval, calendar.timeZone);
    const result = await insertPlanOnce(tx, {
      npoId: donation.npoId,
      donorId: donation.donorId,
      campaignId: donation.campaignId,
      peerCampaignId: donation.peerCampaignId,
      amountMinor: donation.amountMinor,
      feeCoveredMinor: donation.feeCoveredMinor,
      currency: donation.currency,
      interval,
      provider: start.provider,
      paymentMethodId: method,
      customerId: start.customerId || null,
      designationId: donation.designationId,
      status: method ? 'active' : 'failed',
      failureReason: method ? null : PLAN_FAILURE.noPaymentMethod,
      anchorAt: donation.createdAt,
      nextPeriod: 1,
      nextChargeAt: method ? nextChargeAt : null,
      startedAt: donation.createdAt,
      firstDonationId: donation.id,
    });
    const plan =
      !result.created && method && result.plan.paymentMethodId === null
        ? await attachMissingMethod(tx, result.plan, {
            paymentMethodId: method,
            customerId: start.customerId,
            nextChargeAt,
          })
        : result.plan;
    if (donation.recurringPlanId !== plan.id) await linkDonationToPlan(tx, donation.npoId, donation.id, plan.id);
    // In the same transaction: staff are told exactly when the plan exists, even across a crash.
    if (result.created) {
      await auditCreated(tx, plan);
      await recordPlanEvent(tx, 'recurring_plan.created', plan);
      await notifyCreated(tx, plan, start);
    }
    return plan;
  });
}

type Executor = Parameters<Parameters<Db['transaction']>[0]>[0];

async function auditCreated(tx: Executor, plan: PlanRow): Promise<void> {
  await recordAudit(tx, {
    npoId: plan.npoId,
    actorUserId: null,
    action: 'recurring_plan.created',
    targetType: 'recurring_plan',
    targetId: plan.id,
    data: {
      first_donation_id: plan.firstDonationId,
      donor_id: plan.donorId,
      amount_minor: plan.amountMinor,
      currency: plan.currency,
      interval: plan.interval,
      provider: plan.provider,
      status: plan.status,
      ...(plan.failureReason ? { failure_reason: plan.failureReason } : {}),
    },
  });
}

/** Amounts in the currency's own exponent (formatMoney), as the donation notification does. */
async function notifyCreated(tx: Executor, plan: PlanRow, start: PlanStart): Promise<void> {
  const amount = formatFor(await organisationCalendarOf(tx, plan.npoId)).money(plan.amountMinor, plan.currency);
  const donor = start.donorName.trim() || 'A donor';
  const campaign = start.campaignName ? ` to ${start.campaignName}` : '';
  const cannotCharge = plan.status === 'failed';
  await notifyOrganisation(tx, {
    npoId: plan.npoId,
    kind: 'recurring_plan.created',
    title: 'New recurring plan',
    message:
      `${donor} set up ${amount} every ${PERIOD_WORD[plan.interval]}${campaign}.` +
      (cannotCharge ? ' No payment method was saved, so it cannot be charged.' : ''),
    link: `/dashboard/recurring-plan/${plan.id}`,
    data: {
      plan_id: plan.id,
      donation_id: plan.firstDonationId,
      amount_minor: plan.amountMinor,
      currency: plan.currency,
      interval: plan.interval,
      status: plan.status,
    },
  });
}
