// The staff crowdfunding editor (docs/product/crowdfunding.md#staff): a new page is a campaign of type
// crowdfunding plus its crowdfunding row; the settings save writes the funding model, deadline, rewards
// and gallery in one transaction. Every query carries the selected organisation: another organisation's
// page is not found.
import {
  CROWDFUNDING_MESSAGES,
  type TCrowdfundingDetail,
  ZCampaignInput,
  type ZCrowdfundingCreate,
  type ZCrowdfundingSettings,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { createCampaign } from '../campaigns/index.ts';
import { readCrowdfundingAdmin } from './crowdfunding-admin.repository.ts';

type Actor = Pick<OrganisationSession, 'selectedNpoId' | 'user'>;
type Settings = z.output<typeof ZCrowdfundingSettings>;

/** Creates the campaign (a draft, by the campaigns' rules: unique address, audit) and its crowdfunding row. */
export async function createCrowdfunding(
  db: Db,
  config: Config,
  actor: Actor,
  input: z.output<typeof ZCrowdfundingCreate>,
  ip: string | null,
): Promise<TCrowdfundingDetail> {
  const values = ZCampaignInput.parse({
    name: input.name,
    campaign_url: input.campaign_url,
    goal_minor: input.goal_minor,
    campaign_type: 'crowdfunding',
    status: 'draft',
  });
  const { campaign } = await createCampaign(db, config, actor, values, ip);
  await db.execute(sql`
    INSERT INTO crowdfunding_campaigns (campaign_id, npo_id, funding_model, deadline)
    VALUES (${campaign.id}, ${actor.selectedNpoId}, ${input.funding_model}, ${input.deadline})`);
  return readCrowdfundingDetail(db, actor.selectedNpoId, campaign.id);
}

export async function readCrowdfundingDetail(db: Tx, npoId: number, id: number): Promise<TCrowdfundingDetail> {
  const detail = await readCrowdfundingAdmin(db, npoId, id);
  if (!detail) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.notFound);
  return detail;
}

/** Locks the page's crowdfunding row, so two saves (or a save and a settlement) take turns. */
async function lockOwn(tx: Tx, npoId: number, id: number): Promise<void> {
  const { rows } = await tx.execute(sql`
    SELECT cf.campaign_id FROM crowdfunding_campaigns cf JOIN campaigns c ON c.id = cf.campaign_id
    WHERE cf.campaign_id = ${id} AND c.npo_id = ${npoId} AND c.campaign_type = 'crowdfunding'
    FOR UPDATE OF cf`);
  if (rows.length === 0) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.notFound);
}

/**
 * Saves the funding model, deadline, rewards and gallery. Rewards keep their ids (their claims hang on
 * them); a reward left out is archived, not deleted, so its backers' claims and the export stay whole.
 */
export async function saveCrowdfundingSettings(
  db: Db,
  npoId: number,
  id: number,
  input: Settings,
): Promise<TCrowdfundingDetail> {
  return db.transaction(async (tx) => {
    await lockOwn(tx, npoId, id);
    const { rows: current } = await tx.execute<{ id: number; taken: number; title: string }>(sql`
      SELECT id, taken, title FROM crowdfunding_rewards WHERE campaign_id = ${id} AND NOT archived FOR UPDATE`);
    const byId = new Map(current.map((r) => [Number(r.id), r]));
    input.rewards.forEach((reward, index) => {
      if (reward.id === null) return;
      const existing = byId.get(reward.id);
      if (!existing)
        throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.rewardNotFound, {
          [`rewards.${index}.id`]: CROWDFUNDING_MESSAGES.rewardNotFound,
        });
      if (reward.quantity !== null && reward.quantity < Number(existing.taken)) {
        const message = `${Number(existing.taken)} of "${existing.title}" are already claimed or held: the limit cannot be lower.`;
        throw new AppError('CONFLICT', message, { [`rewards.${index}.quantity`]: message });
      }
    });
    await tx.execute(sql`
      UPDATE crowdfunding_campaigns SET funding_model = ${input.funding_model}, deadline = ${input.deadline},
        updated_at = now()
      WHERE campaign_id = ${id}`);
    const kept = input.rewards.flatMap((r) => (r.id === null ? [] : [r.id]));
    await tx.execute(sql`
      UPDATE crowdfunding_rewards SET archived = true
      WHERE campaign_id = ${id} AND NOT archived
        AND NOT (id = ANY(${`{${kept.join(',')}}`}::bigint[]))`);
    for (const [position, r] of input.rewards.entries()) {
      if (r.id === null) {
        await tx.execute(sql`
          INSERT INTO crowdfunding_rewards (campaign_id, position, amount_minor, title, description, image_url,
            delivery_date, quantity, shipping_required, fair_market_value_minor)
          VALUES (${id}, ${position}, ${r.amount_minor}, ${r.title}, ${r.description}, ${r.image_url},
            ${r.delivery_date}, ${r.quantity}, ${r.shipping_required}, ${r.fair_market_value_minor})`);
      } else {
        await tx.execute(sql`
          UPDATE crowdfunding_rewards SET position = ${position}, amount_minor = ${r.amount_minor}, title = ${r.title},
            description = ${r.description}, image_url = ${r.image_url}, delivery_date = ${r.delivery_date},
            quantity = ${r.quantity}, shipping_required = ${r.shipping_required},
            fair_market_value_minor = ${r.fair_market_value_minor}
          WHERE id = ${r.id} AND campaign_id = ${id}`);
      }
    }
    // Each image keeps its size (the page's width and height, no layout shift): the upload's, else the row's before.
    const { rows: sizes } = await tx.execute<{ url: string; width: number | null; height: number | null }>(sql`
      SELECT url, width, height FROM crowdfunding_images WHERE campaign_id = ${id} AND width IS NOT NULL
      UNION ALL
      SELECT url, width, height FROM crowdfunding_image_variants WHERE npo_id = ${npoId} AND width IS NOT NULL`);
    const sizeOf = new Map(sizes.map((s) => [s.url, s]));
    await tx.execute(sql`DELETE FROM crowdfunding_images WHERE campaign_id = ${id}`);
    for (const [position, image] of input.images.entries()) {
      const size = sizeOf.get(image.url);
      await tx.execute(sql`
        INSERT INTO crowdfunding_images (campaign_id, position, url, alt, width, height)
        VALUES (${id}, ${position}, ${image.url}, ${image.alt}, ${size?.width ?? null}, ${size?.height ?? null})`);
    }
    return readCrowdfundingDetail(tx, npoId, id);
  });
}
