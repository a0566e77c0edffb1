import {
  ZCampaign,
  ZCampaignIdParams,
  ZCampaignStatus,
  ZDonation,
  ZPublicCampaign,
  ZPublicCampaignResponse,
} from '@kindling/contracts';
import { z } from 'zod';

// Server-side response shapes built from the shared contract (packages/contracts: campaigns.ts,
// campaign-public.ts, donations.ts). Only what the contract leaves open is defined here.

/**
 * What signed-in staff of the campaign's organisation read from GET /npo_admin/campaigns/{id} and
 * get back from create, save and status changes: the editor's fields (ZCampaign) together with the
 * public form's (ZPublicCampaign), so the edit page can preview the real form from one answer.
 */
export const ZStaffCampaign = ZPublicCampaign.extend(ZCampaign.shape).extend({ editable: z.literal(true) });
export type TStaffCampaign = z.infer<typeof ZStaffCampaign>;
export const ZStaffCampaignResponse = z.object({ campaign: ZStaffCampaign });

/** GET /npo_admin/campaigns/{id}: the staff shape for the organisation's staff, the public one otherwise. */
export const ZCampaignByIdResponse = z.union([ZStaffCampaignResponse, ZPublicCampaignResponse]);

export const ZStatusChange = z.object({ status: ZCampaignStatus });

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

/** GET /npo_admin/campaigns/{id}/donations: newest first. */
export const ZCampaignDonationsResponse = z.object({
  donations: z.array(ZDonation),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
});

export const ZImageUploadQuery = z.object({ purpose: z.enum(['campaign', 'preset']).default('campaign') });
export const ZImageUploadResponse = z.object({ image_url: z.string() });

/** GET /npo_admin/campaign_url_check: the editor's live check of a campaign URL while it is typed. */
export const ZCampaignUrlCheckQuery = z.object({
  campaign_url: z.string().max(200),
  /** The campaign being edited, whose own URL is not 'taken'. */
  campaign_id: z.coerce.number().int().positive().optional(),
});
export const ZCampaignUrlCheckResponse = z.object({
  /** Trimmed and lower-cased, as it would be saved. */
  campaign_url: z.string(),
  available: z.boolean(),
  /** Why not, in the words a save would answer with; null when available. */
  message: z.string().nullable(),
});

export { ZCampaignIdParams as ZIdParams };
