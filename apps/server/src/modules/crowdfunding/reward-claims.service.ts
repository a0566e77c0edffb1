// Reward claims (docs/decisions/048-crowdfunding.md): a backer who picks a limited reward holds one unit
// before paying, on the reward's counter row (the event seats' rule, decision 045), so the last unit goes
// to exactly one backer and the others are told it is gone before they pay. The gift itself goes through
// the donation form unchanged; the backer's page then ties the recorded donation to the held claim.
import {
  CROWDFUNDING_MESSAGES,
  deductibleOf,
  formatMoney,
  REWARD_HOLD_MINUTES,
  rewardReceiptLines,
  SHIPPING_MESSAGES,
  type TRewardClaimHeld,
  type TRewardClaimSummary,
  type TShippingAddress,
  type TShippingAddressInput,
  ZShippingAddress,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { randomToken } from '../../platform/security/tokens.ts';
import { recordGoodsReceived } from '../receipts/index.ts';

const DAY_MS = 86_400_000;
const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });
const unprocessable = (field: string, message: string) => new AppError('UNPROCESSABLE', message, { [field]: message });
const conflict = (field: string, message: string) => new AppError('CONFLICT', message, { [field]: message });

type RewardRow = {
  id: number;
  campaign_id: number;
  npo_id: number;
  title: string;
  amount_minor: number;
  fair_market_value_minor: number;
  currency: string;
  locale: string;
  organisation: string;
  status: string;
  deadline: string | null;
  shipping_required: boolean;
};

export async function rewardOf(db: Tx, key: string, rewardId: number): Promise<RewardRow | null> {
  const byId = /^\d{1,15}$/.test(key) ? Number(key) : null;
  const { rows } = await db.execute<RewardRow>(sql`
    SELECT r.id, c.id AS campaign_id, c.npo_id, r.title, r.amount_minor, r.fair_market_value_minor, c.currency,
      n.locale, n.name AS organisation, c.status, coalesce(cf.deadline, c.ends_at) AS deadline,
      r.shipping_required
    FROM crowdfunding_rewards r
    JOIN campaigns c ON c.id = r.campaign_id AND c.campaign_type = 'crowdfunding'
    JOIN crowdfunding_campaigns cf ON cf.campaign_id = c.id
    JOIN npos n ON n.id = c.npo_id
    WHERE r.id = ${rewardId} AND NOT r.archived
      AND ${byId === null ? sql`c.campaign_url = ${key.toLowerCase()}` : sql`c.id = ${byId}`}`);
  const row = rows[0];
  return row
    ? {
        ...row,
        id: Number(row.id),
        campaign_id: Number(row.campaign_id),
        npo_id: Number(row.npo_id),
        amount_minor: Number(row.amount_minor),
        fair_market_value_minor: Number(row.fair_market_value_minor),
      }
    : null;
}

/** Holds whose time ran out give their unit back; holds another transaction is settling are skipped. */
export async function releaseExpired(tx: Tx, rewardId: number): Promise<void> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    UPDATE crowdfunding_reward_claims SET status = 'expired'
    WHERE id IN (SELECT id FROM crowdfunding_reward_claims
      WHERE reward_id = ${rewardId} AND status = 'held' AND hold_until < now() FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  if (rows.length > 0) {
    await tx.execute(
      sql`UPDATE crowdfunding_rewards SET taken = greatest(taken - ${rows.length}, 0) WHERE id = ${rewardId}`,
    );
  }
}

/** One unit of the reward, or false when none is left; the row lock orders parallel backers. */
export async function takeUnit(tx: Tx, rewardId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    UPDATE crowdfunding_rewards SET taken = taken + 1
    WHERE id = ${rewardId} AND (quantity IS NULL OR taken + 1 <= quantity) RETURNING id`);
  return rows.length > 0;
}

/** A reward that ships needs where to send it; one that does not keeps none. */
export function shippingFor(
  reward: { title: string; shipping_required: boolean },
  address: TShippingAddressInput | undefined,
): TShippingAddress | null {
  if (!reward.shipping_required) return null;
  if (!address) throw invalid('shipping_address', SHIPPING_MESSAGES.required(reward.title));
  return ZShippingAddress.parse(address);
}

/** POST /crowdfunding_page/{key}/rewards/{id}/claims: a unit held for this backer for 15 minutes. */
export async function holdReward(
  db: Db,
  key: string,
  rewardId: number,
  amountMinor: number,
  address?: TShippingAddressInput,
): Promise<TRewardClaimHeld> {
  const reward = await rewardOf(db, key, rewardId);
  if (!reward) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.rewardNotFound);
  const ended = reward.deadline !== null && new Date(reward.deadline).getTime() <= Date.now();
  if (reward.status !== 'active' || ended) throw unprocessable('reward_id', CROWDFUNDING_MESSAGES.ended);
  if (amountMinor < reward.amount_minor) {
    const minimum = formatMoney(reward.amount_minor, reward.currency, reward.locale);
    throw invalid('amount_minor', CROWDFUNDING_MESSAGES.belowMinimum(reward.title, minimum));
  }
  const shipping = shippingFor(reward, address);
  const reference = randomToken(18);
  const holdUntil = new Date(Date.now() + REWARD_HOLD_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await releaseExpired(tx, reward.id);
    if (!(await takeUnit(tx, reward.id))) throw conflict('reward_id', CROWDFUNDING_MESSAGES.rewardGone(reward.title));
    await tx.execute(sql`
      INSERT INTO crowdfunding_reward_claims (reward_id, campaign_id, npo_id, reference, amount_minor, hold_until,
        shipping_address)
      VALUES (${reward.id}, ${reward.campaign_id}, ${reward.npo_id}, ${reference}, ${amountMinor}, ${holdUntil},
        ${shipping === null ? null : JSON.stringify(shipping)}::jsonb)`);
  });
  return { reference, reward_id: reward.id, amount_minor: amountMinor, hold_until: holdUntil.toISOString() };
}

type ClaimRow = {
  id: number;
  reward_id: number;
  campaign_id: number;
  npo_id: number;
  status: 'held' | 'claimed' | 'expired';
  donation_id: number | null;
  created_at: string;
  title: string;
  reward_minor: number;
  fair_market_value_minor: number;
  currency: string;
  locale: string;
  organisation: string;
  gift_minor: number | null;
};

async function claimOf(db: Tx, reference: string, lock = false): Promise<ClaimRow | null> {
  const { rows } = await db.execute<ClaimRow>(sql`
    SELECT k.id, k.reward_id, k.campaign_id, k.npo_id, k.status, k.donation_id, k.created_at, r.title,
      r.amount_minor AS reward_minor, r.fair_market_value_minor, c.currency, n.locale, n.name AS organisation,
      (SELECT d.amount_minor - d.fee_covered_minor FROM donations d WHERE d.id = k.donation_id) AS gift_minor
    FROM crowdfunding_reward_claims k
    JOIN crowdfunding_rewards r ON r.id = k.reward_id
    JOIN campaigns c ON c.id = k.campaign_id JOIN npos n ON n.id = k.npo_id
    WHERE k.reference = ${reference} ${lock ? sql`FOR UPDATE OF k` : sql``}`);
  const row = rows[0];
  return row ? { ...row, id: Number(row.id), reward_id: Number(row.reward_id) } : null;
}

function summaryOf(reference: string, claim: ClaimRow): TRewardClaimSummary {
  const gift = claim.gift_minor === null ? 0 : Number(claim.gift_minor);
  const fmv = Number(claim.fair_market_value_minor);
  return {
    reference,
    status: claim.status,
    reward_title: claim.title,
    gift_minor: gift,
    currency: claim.currency,
    fair_market_value_minor: fmv,
    deductible_minor: deductibleOf(gift, fmv, 0),
    receipt_lines:
      claim.status === 'claimed' ? rewardReceiptLines(gift, fmv, claim.currency, claim.organisation, claim.locale) : [],
  };
}

export async function claimSummary(db: Db, reference: string): Promise<TRewardClaimSummary> {
  const claim = await claimOf(db, reference);
  if (!claim) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.claimNotFound);
  return summaryOf(reference, claim);
}

type GiftRow = {
  npo_id: number;
  campaign_id: number | null;
  status: string;
  gift_minor: number;
  currency: string;
  created_at: string;
};

/** The donation must be this campaign's, succeeded, in its currency, at least the reward's amount, and made after the hold. */
function checkGift(claim: ClaimRow, gift: GiftRow | undefined): void {
  const mismatch = () => unprocessable('donation_id', CROWDFUNDING_MESSAGES.donationMismatch);
  if (!gift || Number(gift.npo_id) !== Number(claim.npo_id) || Number(gift.campaign_id) !== Number(claim.campaign_id))
    throw mismatch();
  if (gift.status !== 'succeeded' || gift.currency !== claim.currency) throw mismatch();
  if (new Date(gift.created_at).getTime() < new Date(claim.created_at).getTime() - DAY_MS) throw mismatch();
  if (Number(gift.gift_minor) < Number(claim.reward_minor)) {
    const minimum = formatMoney(Number(claim.reward_minor), claim.currency, claim.locale);
    throw unprocessable('donation_id', CROWDFUNDING_MESSAGES.belowMinimum(claim.title, minimum));
  }
}

/**
 * POST /crowdfunding_claims/{reference}/confirm: the held reward is claimed by the donation that paid for it,
 * and recorded as the gift's goods for its receipt. A receipt already e-mailed without them is sent again
 * (`resendReceipt`), so the donor's receipt states the deductible part.
 */
export async function confirmClaim(
  db: Db,
  reference: string,
  donationId: number,
  resendReceipt: (npoId: number, donationId: number) => Promise<unknown> = async () => undefined,
): Promise<TRewardClaimSummary> {
  const resend = await db.transaction(async (tx) => {
    const claim = await claimOf(tx, reference, true);
    if (!claim) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.claimNotFound);
    if (claim.status === 'claimed') {
      if (Number(claim.donation_id) !== donationId)
        throw unprocessable('donation_id', CROWDFUNDING_MESSAGES.donationMismatch);
      return null;
    }
    const { rows } = await tx.execute<GiftRow>(sql`
      SELECT npo_id, campaign_id, status, amount_minor - fee_covered_minor AS gift_minor, currency, created_at
      FROM donations WHERE id = ${donationId}`);
    checkGift(claim, rows[0]);
    const { rows: used } = await tx.execute(
      sql`SELECT 1 FROM crowdfunding_reward_claims WHERE donation_id = ${donationId}`,
    );
    if (used.length > 0) throw unprocessable('donation_id', CROWDFUNDING_MESSAGES.donationMismatch);
    // A hold that ran out takes its unit again, or is refused when the reward is gone meanwhile.
    if (claim.status === 'expired' && !(await takeUnit(tx, claim.reward_id)))
      throw conflict('reference', CROWDFUNDING_MESSAGES.expired);
    await tx.execute(sql`
      UPDATE crowdfunding_reward_claims SET status = 'claimed', donation_id = ${donationId}, claimed_at = now()
      WHERE id = ${claim.id}`);
    const npoId = Number(claim.npo_id);
    const { receiptSent } = await recordGoodsReceived(tx, {
      npoId,
      donationId,
      description: claim.title,
      fairMarketValueMinor: Number(claim.fair_market_value_minor),
    });
    return receiptSent && Number(claim.fair_market_value_minor) > 0 ? npoId : null;
  });
  if (resend !== null) await resendReceipt(resend, donationId);
  return claimSummary(db, reference);
}
