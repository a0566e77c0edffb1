// Upgrades and downgrades between tiers (docs/decisions/057-membership-renewals.md), chosen on the
// member's staff page: at the next renewal (next_tier_id, applied by applyRenewal in plan-renewal.ts)
// or at once, where the new tier's place is taken now (only while it has room) and the price
// difference for the rest of the period is worked out (proratedDifference).
import { MEMBERSHIP_MESSAGES, proratedDifference } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Actor } from './members.service.ts';

type Current = {
  id: number;
  status: string;
  renewal: string;
  tier_id: number;
  campaign_id: number;
  price_minor: number;
  period_start: Date | null;
  period_end: Date | null;
};

const refuse = (message: string) => new AppError('UNPROCESSABLE', message, { tier_id: message });

export async function changeTier(
  db: Db,
  actor: Actor,
  id: number,
  change: { tier_id: number; when: 'next_renewal' | 'now' },
  now: Date = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<Current>(sql`
      SELECT m.id, m.status, m.renewal, m.tier_id, t.campaign_id, m.price_minor, m.period_start, m.period_end
      FROM supporter_memberships m JOIN membership_tiers t ON t.id = m.tier_id
      WHERE m.id = ${id} AND m.npo_id = ${actor.npoId} AND m.status <> 'pending' FOR UPDATE OF m`);
    const current = rows[0];
    if (!current) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notFound);
    if (current.status !== 'active' && current.status !== 'in_grace') throw refuse(MEMBERSHIP_MESSAGES.notRenewing);
    const { rows: target } = await tx.execute<{ id: number; name: string; price_minor: number }>(sql`
      SELECT id, name, price_minor FROM membership_tiers
      WHERE id = ${change.tier_id} AND campaign_id = ${current.campaign_id} AND NOT archived`);
    const tier = target[0];
    if (!tier) {
      throw new AppError('VALIDATION_FAILED', MEMBERSHIP_MESSAGES.unknownTier, {
        tier_id: MEMBERSHIP_MESSAGES.unknownTier,
      });
    }
    if (Number(tier.id) === Number(current.tier_id)) throw refuse(MEMBERSHIP_MESSAGES.sameTier);
    const log = (detail: string) =>
      tx.execute(sql`
        INSERT INTO membership_history (membership_id, kind, detail, actor_user_id)
        VALUES (${id}, 'tier_changed', ${detail}, ${actor.userId})`);
    if (change.when === 'next_renewal') {
      if (current.renewal === 'automatic') throw refuse(MEMBERSHIP_MESSAGES.automaticAtRenewal);
      await tx.execute(
        sql`UPDATE supporter_memberships SET next_tier_id = ${tier.id}, updated_at = now() WHERE id = ${id}`,
      );
      await log(`Moves to the ${tier.name} tier at its next renewal.`);
      return 0;
    }
    const { rows: room } = await tx.execute(sql`
      UPDATE membership_tiers SET taken = taken + 1
      WHERE id = ${tier.id} AND (capacity IS NULL OR taken < capacity) RETURNING id`);
    if (room.length === 0) {
      throw new AppError('CONFLICT', MEMBERSHIP_MESSAGES.tierFull(tier.name), {
        tier_id: MEMBERSHIP_MESSAGES.tierFull(tier.name),
      });
    }
    await tx.execute(sql`UPDATE membership_tiers SET taken = taken - 1 WHERE id = ${current.tier_id}`);
    await tx.execute(sql`
      UPDATE supporter_memberships m SET tier_id = t.id, price_minor = t.price_minor,
        fair_market_value_minor = t.fair_market_value_minor, next_tier_id = NULL, updated_at = now()
      FROM membership_tiers t WHERE m.id = ${id} AND t.id = ${tier.id}`);
    const prorated =
      current.period_start && current.period_end
        ? proratedDifference({
            oldPriceMinor: Number(current.price_minor),
            newPriceMinor: Number(tier.price_minor),
            periodStart: new Date(current.period_start),
            periodEnd: new Date(current.period_end),
            at: now,
          })
        : 0;
    await log(`Moved to the ${tier.name} tier at once.`);
    return prorated;
  });
}
