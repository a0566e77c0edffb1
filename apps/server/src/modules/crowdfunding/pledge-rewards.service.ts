// Rewards chosen with an all-or-nothing pledge (docs/decisions/071-crowdfunding-pledge-rewards-and-image-variants.md):
// the unit is held on the reward's counter row exactly as for a paid gift (so the last one still goes to one
// backer, told before entering a card), claimed when the card is saved (it then counts as claimed on the
// page), tied to the gift and recorded as its goods when the pledge is charged, and given back when the goal
// is missed. Fulfilment works on the claim as for any other.
import {
  CROWDFUNDING_MESSAGES,
  formatMoney,
  REWARD_HOLD_MINUTES,
  type TShippingAddress,
  type TShippingAddressInput,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { randomToken } from '../../platform/security/tokens.ts';
import { recordGoodsReceived } from '../receipts/index.ts';
import { releaseExpired, rewardOf, shippingFor, takeUnit } from './reward-claims.service.ts';

const conflict = (field: string, message: string) => new AppError('CONFLICT', message, { [field]: message });

/** The reward must be this campaign's and the pledge at least its amount; checked before the card setup. */
export async function checkPledgeReward(
  db: Tx,
  campaignId: number,
  rewardId: number,
  amountMinor: number,
  address?: TShippingAddressInput,
) {
  const reward = await rewardOf(db, String(campaignId), rewardId);
  if (!reward) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.rewardNotFound, { reward_id: 'not found' });
  if (amountMinor < reward.amount_minor) {
    const message = CROWDFUNDING_MESSAGES.belowMinimum(
      reward.title,
      formatMoney(reward.amount_minor, reward.currency, reward.locale),
    );
    throw new AppError('VALIDATION_FAILED', message, { amount_minor: message });
  }
  return { ...reward, shipping: shippingFor(reward, address) };
}

/** Holds one unit for the pledge (in the pledge's insert transaction), or 409 when none is left. */
export async function holdPledgeReward(
  tx: Tx,
  pledge: { id: number; campaignId: number; npoId: number; amountMinor: number },
  reward: { id: number; title: string; shipping: TShippingAddress | null },
): Promise<void> {
  await releaseExpired(tx, reward.id);
  if (!(await takeUnit(tx, reward.id))) throw conflict('reward_id', CROWDFUNDING_MESSAGES.rewardGone(reward.title));
  const holdUntil = new Date(Date.now() + REWARD_HOLD_MINUTES * 60_000);
  await tx.execute(sql`
    INSERT INTO crowdfunding_reward_claims (reward_id, campaign_id, npo_id, reference, amount_minor, hold_until, pledge_id,
      shipping_address)
    VALUES (${reward.id}, ${pledge.campaignId}, ${pledge.npoId}, ${randomToken(18)}, ${pledge.amountMinor},
      ${holdUntil}, ${pledge.id}, ${reward.shipping === null ? null : JSON.stringify(reward.shipping)}::jsonb)`);
}

/** The card is saved: the held unit is claimed (a hold that ran out takes a unit again, or is refused). */
export async function claimPledgeReward(tx: Tx, pledgeId: number): Promise<void> {
  const { rows } = await tx.execute<{ id: number; reward_id: number; status: string }>(sql`
    SELECT id, reward_id, status FROM crowdfunding_reward_claims WHERE pledge_id = ${pledgeId} FOR UPDATE`);
  const claim = rows[0];
  if (!claim || claim.status === 'claimed') return;
  if (claim.status === 'expired' && !(await takeUnit(tx, Number(claim.reward_id))))
    throw conflict('reward_id', CROWDFUNDING_MESSAGES.expired);
  await tx.execute(sql`
    UPDATE crowdfunding_reward_claims SET status = 'claimed', claimed_at = now() WHERE id = ${claim.id}`);
}

/** The goal was missed: the unit goes back and nobody fulfils it. */
export async function releasePledgeReward(tx: Tx, pledgeId: number): Promise<void> {
  const { rows } = await tx.execute<{ reward_id: number }>(sql`
    UPDATE crowdfunding_reward_claims SET status = 'expired'
    WHERE pledge_id = ${pledgeId} AND status IN ('held', 'claimed') RETURNING reward_id`);
  for (const row of rows)
    await tx.execute(sql`UPDATE crowdfunding_rewards SET taken = greatest(taken - 1, 0) WHERE id = ${row.reward_id}`);
}

/** The pledge was charged: its claim is tied to the gift and recorded as the gift's goods for the receipt. */
export async function chargedPledgeReward(tx: Tx, pledgeId: number, donationId: number): Promise<void> {
  const { rows } = await tx.execute<{ npo_id: number; title: string; fair_market_value_minor: number }>(sql`
    UPDATE crowdfunding_reward_claims k SET donation_id = ${donationId}
    FROM crowdfunding_rewards r
    WHERE k.pledge_id = ${pledgeId} AND k.status = 'claimed' AND k.donation_id IS NULL AND r.id = k.reward_id
    RETURNING k.npo_id, r.title, r.fair_market_value_minor`);
  const claim = rows[0];
  if (!claim) return;
  await recordGoodsReceived(tx, {
    npoId: Number(claim.npo_id),
    donationId,
    description: claim.title,
    fairMarketValueMinor: Number(claim.fair_market_value_minor),
  });
}
