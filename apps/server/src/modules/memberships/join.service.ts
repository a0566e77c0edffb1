// Joining a membership (docs/decisions/049-memberships.md). The visitor's tier and members are held
// first (a place taken on the tier's counter, so a full tier refuses before anything is charged);
// the donation form then pays the tier's price with the hold's reference in the intent's metadata,
// and the donation follow-up starts the membership once the payment is recorded.
import {
  deductibleOf,
  MEMBERSHIP_HOLD_MINUTES,
  MEMBERSHIP_MESSAGES,
  type TJoinHold,
  type TMembershipStatus,
  type TTier,
  ticketReceiptLines,
  tierInterval,
  type ZJoinRequest,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordWebhookEvent } from '../../platform/outbox/webhook-outbox.ts';
import { randomToken } from '../../platform/security/tokens.ts';
import type { DonationFollowUp, RecordedGift } from '../donations/index.ts';
import { applyRenewal } from './plan-renewal.ts';
import { publicTiers } from './tiers.service.ts';

type JoinRequest = z.output<typeof ZJoinRequest>;

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

/** A tier's term as an SQL interval: a month, a year, or the fixed term's months. */
export const termOf = (tier: Pick<TTier, 'billing' | 'term_months'>) =>
  tier.billing === 'monthly' ? '1 month' : tier.billing === 'yearly' ? '1 year' : `${tier.term_months ?? 12} months`;

/** Gives back the places of joins whose payment never came; each changes once (status checked). */
export async function releaseExpiredHolds(tx: Tx, now: Date = new Date()): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    WITH expired AS (
      UPDATE supporter_memberships SET status = 'cancelled', updated_at = now()
      WHERE id IN (SELECT id FROM supporter_memberships WHERE status = 'pending' AND hold_until <= ${now.toISOString()}
        ORDER BY id LIMIT 500 FOR UPDATE SKIP LOCKED)
        AND status = 'pending'
      RETURNING id, tier_id),
    freed AS (
      UPDATE membership_tiers t SET taken = t.taken - n.count
      FROM (SELECT tier_id, count(*)::int AS count FROM expired GROUP BY tier_id) n WHERE t.id = n.tier_id)
    INSERT INTO membership_history (membership_id, kind, detail)
    SELECT id, 'hold_expired', 'The payment did not arrive; the place was released.' FROM expired
    RETURNING membership_id AS id`);
  return rows.length;
}

export async function holdPlace(db: Db, campaignUrl: string, body: JoinRequest): Promise<TJoinHold> {
  const { campaignId, tiers } = await publicTiers(db, campaignUrl);
  if (tiers.length === 0) throw new AppError('UNPROCESSABLE', MEMBERSHIP_MESSAGES.noTiers);
  const tier = tiers.find((t) => t.id === body.tier_id);
  if (!tier) throw invalid('tier_id', MEMBERSHIP_MESSAGES.unknownTier);
  if (body.members.length > tier.household_size) {
    throw invalid('members', MEMBERSHIP_MESSAGES.household(tier.household_size));
  }
  const reference = randomToken(18);
  const holdUntil = new Date(Date.now() + MEMBERSHIP_HOLD_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await releaseExpiredHolds(tx);
    // The row lock orders parallel joins: the last place is given once.
    const { rows } = await tx.execute(sql`
      UPDATE membership_tiers SET taken = taken + 1
      WHERE id = ${tier.id} AND campaign_id = ${campaignId} AND NOT archived
        AND (capacity IS NULL OR taken < capacity)
      RETURNING id`);
    if (rows.length === 0) {
      throw new AppError('CONFLICT', MEMBERSHIP_MESSAGES.tierFull(tier.name), {
        tier_id: MEMBERSHIP_MESSAGES.tierFull(tier.name),
      });
    }
    const search = body.members
      .map((m) => `${m.name} ${m.email}`)
      .join(' ')
      .toLowerCase();
    const { rows: created } = await tx.execute<{ id: number }>(sql`
      INSERT INTO supporter_memberships (npo_id, tier_id, reference, status, currency, price_minor,
        fair_market_value_minor, hold_until, search_text)
      SELECT npo_id, ${tier.id}, ${reference}, 'pending', ${tier.currency}, ${tier.price_minor},
        ${tier.fair_market_value_minor}, ${holdUntil.toISOString()}, ${search}
      FROM campaigns WHERE id = ${campaignId}
      RETURNING id`);
    const id = Number(created[0]?.id);
    for (const [position, m] of body.members.entries()) {
      await tx.execute(sql`
        INSERT INTO membership_members (membership_id, position, name, email) VALUES (${id}, ${position}, ${m.name}, ${m.email})`);
    }
  });
  return {
    reference,
    tier_id: tier.id,
    price_minor: tier.price_minor,
    currency: tier.currency,
    interval: tierInterval(tier.billing),
    hold_until: holdUntil.toISOString(),
  };
}

type HeldRow = {
  id: number;
  npo_id: number;
  status: string;
  renewal: string;
  next_tier_id: number | null;
  renewal_price_minor: number;
  tier_id: number;
  currency: string;
  price_minor: number;
  billing: TTier['billing'];
  term_months: number | null;
};

/** A manual membership's renewal link paid (renewals.service.ts): one term more, once per gift. */
async function renewManually(tx: Tx, held: HeldRow, donation: RecordedGift['donation']) {
  if (held.renewal !== 'manual' || (held.status !== 'active' && held.status !== 'in_grace')) return;
  if (donation.currency.toUpperCase() !== held.currency.toUpperCase()) return;
  if (Number(donation.amountMinor) < Number(held.renewal_price_minor)) return;
  const nextTierId = held.next_tier_id === null ? null : Number(held.next_tier_id);
  await applyRenewal(
    tx,
    { id: held.id, next_tier_id: nextTierId },
    { donationId: donation.id, at: new Date() },
    'Renewed through the renewal link.',
  );
  // Paid at a recurring tier's interval, the gift started a plan: the membership now renews through it.
  if (donation.recurringPlanId) {
    await tx.execute(sql`
      UPDATE supporter_memberships SET renewal = 'automatic', plan_id = ${donation.recurringPlanId}
      WHERE id = ${held.id} AND plan_id IS NULL`);
  }
}

/**
 * Starts the held membership this recorded gift paid for; a second call for the same gift changes
 * nothing. Answers the membership's id when this call started it.
 */
async function startMembership(db: Db, gift: RecordedGift, reference: string): Promise<number | null> {
  const { donation } = gift;
  return db.transaction(async (tx): Promise<number | null> => {
    const { rows } = await tx.execute<HeldRow>(sql`
      SELECT m.id, m.npo_id, m.status, m.renewal, m.next_tier_id, m.tier_id, m.currency, m.price_minor,
        t.billing, t.term_months, coalesce(nt.price_minor, t.price_minor) AS renewal_price_minor
      FROM supporter_memberships m JOIN membership_tiers t ON t.id = m.tier_id
      LEFT JOIN membership_tiers nt ON nt.id = m.next_tier_id
      WHERE m.reference = ${reference} AND m.npo_id = ${donation.npoId} FOR UPDATE OF m`);
    const held = rows[0];
    if (held && held.status !== 'pending') {
      await renewManually(tx, held, donation);
      return null;
    }
    if (held?.status !== 'pending') return null;
    // What the provider says was paid, not what the browser chose, must cover the tier.
    if (donation.currency.toUpperCase() !== held.currency.toUpperCase()) return null;
    if (Number(donation.amountMinor) < Number(held.price_minor)) return null;
    const planId = donation.recurringPlanId ?? null;
    await tx.execute(sql`
      UPDATE supporter_memberships SET status = 'active', renewal = ${planId ? 'automatic' : 'manual'},
        donor_id = ${donation.donorId}, plan_id = ${planId}, joined_at = now(), period_start = now(),
        period_end = now() + ${termOf(held)}::interval, hold_until = NULL, updated_at = now()
      WHERE id = ${held.id}`);
    await tx.execute(sql`
      INSERT INTO membership_payments (membership_id, donation_id) VALUES (${held.id}, ${donation.id})
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO membership_history (membership_id, kind, detail)
      VALUES (${held.id}, 'joined', ${planId ? 'Joined; renews automatically through its recurring plan.' : 'Joined.'})`); // docs/decisions/074-webhook-outbox.md: the event is written with the join, in its transaction.
    await recordWebhookEvent(tx, {
      npoId: Number(held.npo_id),
      type: 'membership.changed',
      data: { membership_id: Number(held.id), status: 'active', change: 'joined', donor_id: donation.donorId },
    });
    return Number(held.id);
  });
}

/**
 * The donation follow-up: a gift to a membership campaign carrying a join's reference starts that
 * membership, then `joined` enqueues its welcome e-mail with the member card (member-card-mail.ts).
 * The campaign's kind travels with the gift, so the ordinary gift path asks nothing.
 */
export function membershipFollowUp(joined?: (membershipId: number) => Promise<void>): DonationFollowUp {
  return async (gift) => {
    if (gift.campaign?.campaign_type !== 'membership') return;
    const reference = gift.payment.metadata.membership;
    if (!reference || gift.donation.status !== 'succeeded') return;
    const started = await startMembership(gift.db, gift, reference);
    if (started !== null && joined) await joined(started);
  };
}

/** The visitor's confirmation: the membership and the receipt's tax lines (the deductible part). */
export async function membershipConfirmation(db: Db, reference: string) {
  const { rows } = await db.execute<{
    status: TMembershipStatus;
    tier: string;
    period_end: Date | null;
    currency: string;
    price_minor: number;
    fair_market_value_minor: number;
    npo_name: string;
    locale: string;
    members: string[];
  }>(sql`
    SELECT m.status, t.name AS tier, m.period_end, m.currency, m.price_minor, m.fair_market_value_minor,
      n.name AS npo_name, n.locale,
      (SELECT coalesce(array_agg(p.name ORDER BY p.position), '{}') FROM membership_members p WHERE p.membership_id = m.id) AS members
    FROM supporter_memberships m JOIN membership_tiers t ON t.id = m.tier_id JOIN npos n ON n.id = m.npo_id
    WHERE m.reference = ${reference}`);
  const m = rows[0];
  if (!m) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notFound);
  const price = Number(m.price_minor);
  const fairMarket = Number(m.fair_market_value_minor);
  const figures = {
    currency: m.currency,
    total_minor: price,
    gift_minor: 0,
    fair_market_minor: fairMarket,
    deductible_minor: deductibleOf(price, fairMarket, 0),
  };
  const active = m.status === 'active';
  return {
    reference,
    status: m.status,
    tier: m.tier,
    members: m.members,
    period_end: m.period_end ? new Date(m.period_end).toISOString() : null,
    receipt_lines: active ? ticketReceiptLines(figures, m.npo_name, m.locale) : [],
  };
}
