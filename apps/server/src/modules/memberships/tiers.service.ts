// Tiers of a membership campaign (docs/decisions/049-memberships.md): read for the public page and
// the staff editor, saved as a whole by the editor. Each tier is also one of the donation form's
// preset amounts, so the form's own checks accept a tier's price and nothing else.
import { MEMBERSHIP_MESSAGES, type TTier, tierInterval, type ZTierInput } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { replacePresetAmounts } from '../campaigns/index.ts';

type TierInput = z.output<typeof ZTierInput>;
export type MembershipCampaign = { id: number; npo_id: number; name: string; campaign_url: string; currency: string };

type TierRow = {
  id: number;
  campaign_id: number;
  name: string;
  description: string;
  benefits: string[];
  billing: TTier['billing'];
  price_minor: number;
  term_months: number | null;
  fair_market_value_minor: number;
  capacity: number | null;
  household_size: number;
  archived: boolean;
  taken: number;
  currency: string;
};

export const tierOf = (r: TierRow): TTier => ({
  ...r,
  id: Number(r.id),
  campaign_id: Number(r.campaign_id),
  price_minor: Number(r.price_minor),
  fair_market_value_minor: Number(r.fair_market_value_minor),
  remaining: r.capacity === null ? null : Math.max(0, r.capacity - r.taken),
});

/** An organisation's membership campaign; another organisation's, or a campaign of another kind, is 404. */
export async function membershipCampaignOf(db: Db, npoId: number, campaignId: number): Promise<MembershipCampaign> {
  const { rows } = await db.execute<MembershipCampaign>(sql`
    SELECT id, npo_id, name, campaign_url, currency FROM campaigns
    WHERE id = ${campaignId} AND npo_id = ${npoId} AND campaign_type = 'membership'`);
  const found = rows[0];
  if (!found) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notFound);
  return { ...found, id: Number(found.id), npo_id: Number(found.npo_id) };
}

export async function listMembershipCampaigns(db: Db, npoId: number) {
  const { rows } = await db.execute<{ id: number; name: string; campaign_url: string; currency: string }>(sql`
    SELECT id, name, campaign_url, currency FROM campaigns
    WHERE npo_id = ${npoId} AND campaign_type = 'membership' ORDER BY id`);
  return { campaigns: rows.map((r) => ({ ...r, id: Number(r.id) })) };
}

export async function tiersOf(db: Tx, campaignId: number, withArchived = false): Promise<TTier[]> {
  const { rows } = await db.execute<TierRow>(sql`
    SELECT t.id, t.campaign_id, t.name, t.description, t.benefits, t.billing, t.price_minor, t.term_months,
      t.fair_market_value_minor, t.capacity, t.household_size, t.archived, t.taken, c.currency
    FROM membership_tiers t JOIN campaigns c ON c.id = t.campaign_id
    WHERE t.campaign_id = ${campaignId} AND (${withArchived} OR NOT t.archived)
    ORDER BY t.archived, t.position, t.id`);
  return rows.map(tierOf);
}

const unprocessable = (field: string, message: string) => new AppError('UNPROCESSABLE', message, { [field]: message });

async function saveTier(tx: Tx, campaign: MembershipCampaign, t: TierInput, position: number, i: number) {
  const values = sql`${t.name}, ${t.description}, ${JSON.stringify(t.benefits)}::jsonb, ${t.billing}, ${t.price_minor},
    ${t.billing === 'fixed_term' ? t.term_months : null}, ${t.fair_market_value_minor}, ${t.capacity},
    ${t.household_size}, ${position}, ${t.archived}`;
  if (!t.id) {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO membership_tiers (name, description, benefits, billing, price_minor, term_months,
        fair_market_value_minor, capacity, household_size, position, archived, npo_id, campaign_id)
      VALUES (${values}, ${campaign.npo_id}, ${campaign.id}) RETURNING id`);
    return Number(rows[0]?.id);
  }
  const { rows } = await tx.execute<{ taken: number }>(sql`
    SELECT taken FROM membership_tiers WHERE id = ${t.id} AND campaign_id = ${campaign.id} FOR UPDATE`);
  const current = rows[0];
  if (!current) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notFound);
  if (t.capacity !== null && t.capacity < current.taken) {
    throw unprocessable(`tiers.${i}.capacity`, MEMBERSHIP_MESSAGES.capacityBelowTaken(current.taken));
  }
  await tx.execute(sql`
    UPDATE membership_tiers SET (name, description, benefits, billing, price_minor, term_months,
      fair_market_value_minor, capacity, household_size, position, archived) = (${values})
    WHERE id = ${t.id}`);
  return t.id;
}

/**
 * Saves the editor's tiers as a whole: new ones added, named ones changed, missing ones deleted
 * when nobody ever joined them and archived otherwise; then the form's presets follow the tiers.
 */
export async function saveTiers(db: Db, campaign: MembershipCampaign, inputs: TierInput[]): Promise<TTier[]> {
  return db.transaction(async (tx) => {
    const kept: number[] = [];
    for (const [i, t] of inputs.entries()) kept.push(await saveTier(tx, campaign, t, i, i));
    const keptList =
      kept.length > 0
        ? sql.join(
            kept.map((id) => sql`${id}`),
            sql`, `,
          )
        : sql`NULL`;
    await tx.execute(sql`
      DELETE FROM membership_tiers t WHERE t.campaign_id = ${campaign.id} AND t.id NOT IN (${keptList})
        AND NOT EXISTS (SELECT 1 FROM supporter_memberships m WHERE m.tier_id = t.id)`);
    await tx.execute(sql`
      UPDATE membership_tiers SET archived = true WHERE campaign_id = ${campaign.id} AND id NOT IN (${keptList})`);
    const tiers = await tiersOf(tx, campaign.id);
    await replacePresetAmounts(
      tx,
      campaign.npo_id,
      campaign.id,
      tiers.map((t) => ({ amountMinor: t.price_minor, interval: tierInterval(t.billing), description: t.name })),
    );
    return tiers;
  });
}

/** The public page's tiers: an active membership campaign's, by its address. */
export async function publicTiers(db: Db, campaignUrl: string) {
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT id FROM campaigns WHERE lower(campaign_url) = lower(${campaignUrl}) AND campaign_type = 'membership'
      AND status = 'active'`);
  const found = rows[0];
  if (!found) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notMembership);
  return { campaignId: Number(found.id), tiers: await tiersOf(db, Number(found.id)) };
}
