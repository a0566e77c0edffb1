import {
  GIFT_AID_TEXT_VERSION,
  type TCampaignListResponse,
  type TDonation,
  type ZCampaignListQuery,
} from '@kindling/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findOwnCampaign, selectCampaignDonations, selectCampaignList } from './campaigns.repository.ts';
import type { ZPageQuery } from './campaigns.schemas.ts';
import { CAMPAIGN_NOT_FOUND } from './campaigns.service.ts';

type Row = Record<string, unknown>;
const isoOrNull = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** The organisation's campaigns with status, raised (base currency), donors and goal. */
export async function listCampaigns(
  db: Db,
  npoId: number,
  query: z.infer<typeof ZCampaignListQuery>,
): Promise<TCampaignListResponse> {
  const { rows, total, baseCurrency } = await selectCampaignList(db, {
    npoId,
    search: query.search || undefined,
    status: query.status,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const campaigns: TCampaignListResponse['campaigns'] = rows.map((r: Row) => ({
    id: Number(r.id),
    name: String(r.name),
    campaign_url: String(r.campaign_url),
    status: r.status as 'draft',
    campaign_type: r.campaign_type as 'donation',
    image_url: (r.image_url as string | null) ?? null,
    currency: String(r.currency),
    goal_minor: r.goal_minor == null ? null : Number(r.goal_minor),
    parent_campaign_id: r.parent_campaign_id == null ? null : Number(r.parent_campaign_id),
    raised_minor: Number(r.raised),
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
): Promise<{ donations: TDonation[]; total: number; page: number; per_page: number }> {
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

const numberOrNull = (v: unknown) => (v == null ? null : Number(v));

function toDonation(r: Row): TDonation {
  return {
    id: Number(r.id),
    npo_id: Number(r.npo_id),
    campaign_id: numberOrNull(r.campaign_id),
    campaign_name: (r.campaign_name as string | null) ?? null,
    peer_campaign_id: numberOrNull(r.peer_campaign_id),
    donor: {
      id: Number(r.donor_id),
      first_name: String(r.first_name ?? ''),
      last_name: String(r.last_name ?? ''),
      email: String(r.email ?? ''),
    },
    amount_minor: Number(r.amount_minor),
    included_fees_minor: Number(r.fee_covered_minor),
    currency: String(r.currency),
    base_amount_minor: Number(r.base_amount_minor),
    base_currency: String(r.base_currency),
    fx_rate: String(r.fx_rate),
    interval: r.interval as TDonation['interval'],
    status: r.status as TDonation['status'],
    designation_id: numberOrNull(r.designation_id),
    designation: (r.designation_name as string | null) ?? null,
    answers: (r.answers as TDonation['answers']) ?? [],
    comment: String(r.comment ?? ''),
    gift_aid: r.gift_aid === true,
    gift_aid_declaration:
      r.gift_aid === true
        ? {
            name: String(r.gift_aid_name ?? ''),
            address: String(r.gift_aid_address ?? ''),
            postcode: String(r.gift_aid_postcode ?? ''),
            declared_on: String(r.gift_aid_declared_on ?? ''),
            text_version: GIFT_AID_TEXT_VERSION,
          }
        : null,
    add_to_donor_wall: r.add_to_donor_wall === true,
    first_name_only_to_donor_wall: r.first_name_only_to_donor_wall === true,
    show_amount_on_donor_wall: r.show_amount_on_donor_wall === true,
    show_comment_on_donor_wall: r.show_comment_on_donor_wall === true,
    create_donor_account: r.create_donor_account === true,
    payment_method: (r.payment_method as string | null) ?? null,
    provider: (r.provider as string | null) ?? null,
    provider_reference: (r.provider_reference as string | null) ?? null,
    receipt_number: (r.receipt_number as string | null) ?? null,
    recurring_plan_id: numberOrNull(r.recurring_plan_id),
    created_at: new Date(r.created_at as string).toISOString(),
    refunded_at: r.refunded_at == null ? null : new Date(r.refunded_at as string).toISOString(),
  };
}
