import { sql } from 'drizzle-orm';
import { preparedStatement } from '../../platform/db/prepared.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type GiftContext, giftContextJson, toGiftContext } from '../campaigns/index.ts';
import { npos } from '../organisations/index.ts';
import { donations } from './donations.tables.ts';

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

const giftTargetStatement = preparedStatement<Row>(() => {
  const npoId = sql.placeholder('npo_id');
  const campaignId = sql`${sql.placeholder('campaign_id')}::bigint`;
  const relatedId = sql`coalesce((SELECT parent_campaign_id FROM campaigns WHERE id = ${campaignId} AND npo_id = ${npoId}::bigint),
    ${sql.placeholder('peer_campaign_id')}::bigint)`;
  return sql`
    SELECT n.base_currency,
      ${giftContextJson(npoId, campaignId)} AS campaign,
      ${giftContextJson(npoId, relatedId)} AS related,
      (SELECT id FROM ${donations} WHERE provider = ${sql.placeholder('provider')}::text
        AND provider_reference = ${sql.placeholder('reference')}::text) AS existing_id
    FROM ${npos} n WHERE n.id = ${npoId}::bigint`;
});

export async function loadGiftTarget(db: Tx, p: Payment): Promise<GiftTarget> {
  const [row] = await giftTargetStatement(db, {
    npo_id: p.npoId,
    campaign_id: p.campaignId ?? null,
    peer_campaign_id: p.peerCampaignId ?? null,
    provider: p.provider,
    reference: p.providerReference,
  });
  if (!row) throw new AppError('NOT_FOUND', 'Organisation not found.');
  return {
    baseCurrency: row.base_currency,
    campaign: toGiftContext(row.campaign),
    related: toGiftContext(row.related),
    existingId: row.existing_id === null ? null : Number(row.existing_id),
  };
}
