import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findOwnCampaign, selectCampaignDonations, selectCampaignList } from './campaigns.repository.ts';
import type {
  ZCampaignDonation,
  ZCampaignDonations,
  ZCampaignList,
  ZCampaignListItem,
  ZCampaignListQuery,
  ZPageQuery,
} from './campaigns.schemas.ts';
import { CAMPAIGN_NOT_FOUND } from './campaigns.service.ts';

type Row = Record<string, unknown>;
const isoOrNull = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** The organisation's campaigns with status, raised (base currency), donors and goal. */
export async function listCampaigns(
  db: Db,
  npoId: number,
  query: z.infer<typeof ZCampaignListQuery>,
): Promise<z.infer<typeof ZCampaignList>> {
  const { rows, total, baseCurrency } = await selectCampaignList(db, {
    npoId,
    search: query.search || undefined,
    status: query.status,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const campaigns: z.infer<typeof ZCampaignListItem>[] = rows.map((r: Row) => ({
    id: Number(r.id),
    name: String(r.name),
    campaign_url: String(r.campaign_url),
    status: r.status as 'draft',
    campaign_type: r.campaign_type as 'donation',
    image_url: (r.image_url as string | null) ?? null,
    goal: r.goal == null ? null : Number(r.goal),
    raised: Number(r.raised),
    raised_currency: baseCurrency,
    donors: Number(r.donors),
    donations_count: Number(r.donations_count),
    peer_campaigns: Number(r.peer_campaigns),
    starts_at: isoOrNull(r.starts_at),
    ends_at: isoOrNull(r.ends_at),
    created_at: new Date(r.created_at as string).toISOString(),
  }));
  return { campaigns, total, page: query.page, per_page: query.per_page };
}

/** The campaign's donations, newest first; 404 unless the campaign is the organisation's. */
export async function listCampaignDonations(
  db: Db,
  npoId: number,
  campaignId: number,
  query: z.infer<typeof ZPageQuery>,
): Promise<z.infer<typeof ZCampaignDonations>> {
  if (!(await findOwnCampaign(db, npoId, campaignId))) throw new AppError('NOT_FOUND', CAMPAIGN_NOT_FOUND);
  const { rows, total } = await selectCampaignDonations(
    db,
    npoId,
    campaignId,
    query.per_page,
    (query.page - 1) * query.per_page,
  );
  return { donations: rows.map(toDonation), total, page: query.page, per_page: query.per_page };
}

function toDonation(r: Row): z.infer<typeof ZCampaignDonation> {
  return {
    id: Number(r.id),
    donor_id: Number(r.donor_id),
    donor_name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
    donor_email: String(r.email),
    amount: Number(r.amount_minor),
    fee_covered: Number(r.fee_covered_minor),
    currency: String(r.currency),
    base_amount: Number(r.base_amount_minor),
    base_currency: String(r.base_currency),
    interval: r.interval as 'once',
    status: String(r.status),
    payment_method: (r.payment_method as string | null) ?? null,
    provider: (r.provider as string | null) ?? null,
    designation: (r.designation_name as string | null) ?? null,
    answers: (r.answers as z.infer<typeof ZCampaignDonation>['answers']) ?? [],
    comment: String(r.comment ?? ''),
    gift_aid: r.gift_aid === true,
    add_to_donor_wall: r.add_to_donor_wall === true,
    first_name_only_to_donor_wall: r.first_name_only_to_donor_wall === true,
    show_amount_on_donor_wall: r.show_amount_on_donor_wall === true,
    show_comment_on_donor_wall: r.show_comment_on_donor_wall === true,
    peer_campaign_id: r.peer_campaign_id == null ? null : Number(r.peer_campaign_id),
    receipt_number: (r.receipt_number as string | null) ?? null,
    created_at: new Date(r.created_at as string).toISOString(),
  };
}
