import { sql } from 'drizzle-orm';
import { executePrepared } from '../../platform/db/prepared.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type GiftContext, giftContextJson, toGiftContext } from '../campaigns/index.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { donations } from './donations.tables.ts';
import type { Tx } from './tx.ts';

/**
 * What recording a payment must know before it writes, read in one round trip: the organisation's
 * base currency, the payment's campaign, the campaign related to it (its parent when it is a peer
 * campaign, else the peer campaign the payment named), and the donation already recorded for it.
 */
export type GiftTarget = {
  baseCurrency: string;
  campaign: GiftContext | null;
  related: GiftContext | null;
  existingId: number | null;
};

type Payment = {
  npoId: number;
  campaignId: number | null;
  peerCampaignId?: number | null;
  provider: string;
  providerReference: string;
};

type Row = {
  base_currency: string;
  campaign: Parameters<typeof toGiftContext>[0];
  related: Parameters<typeof toGiftContext>[0];
  existing_id: number | null;
};

export async function loadGiftTarget(db: Tx, p: Payment): Promise<GiftTarget> {
  const campaignId = sql`${p.campaignId ?? null}::bigint`;
  const relatedId = sql`coalesce((SELECT parent_campaign_id FROM campaigns WHERE id = ${campaignId} AND npo_id = ${p.npoId}),
    ${p.peerCampaignId ?? null}::bigint)`;
  const rows = await executePrepared<Row>(
    db,
    sql`
    SELECT n.base_currency,
      ${giftContextJson(p.npoId, campaignId)} AS campaign,
      ${giftContextJson(p.npoId, relatedId)} AS related,
      (SELECT id FROM ${donations} WHERE provider = ${p.provider} AND provider_reference = ${p.providerReference}) AS existing_id
    FROM ${npos} n WHERE n.id = ${p.npoId}`,
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', 'Organisation not found.');
  return {
    baseCurrency: row.base_currency,
    campaign: toGiftContext(row.campaign),
    related: toGiftContext(row.related),
    existingId: row.existing_id === null ? null : Number(row.existing_id),
  };
}
