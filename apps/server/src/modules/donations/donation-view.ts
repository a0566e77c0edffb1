import { GIFT_AID_TEXT_VERSION, type TDonation } from '@kindling/contracts';
import type { DonationRow } from './record-payment.service.ts';

export type DonationDonor = { id: number; first_name: string; last_name: string; email: string };

/** A recorded donation as the contract's TDonation (thank-you screen, staff donation page). */
export function toDonation(d: DonationRow, donor: DonationDonor, campaignName: string | null): TDonation {
  return {
    id: d.id,
    npo_id: d.npoId,
    campaign_id: d.campaignId,
    campaign_name: campaignName,
    peer_campaign_id: d.peerCampaignId,
    donor,
    amount_minor: d.amountMinor,
    included_fees_minor: d.feeCoveredMinor,
    currency: d.currency,
    base_amount_minor: d.baseAmountMinor,
    base_currency: d.baseCurrency,
    fx_rate: String(d.fxRate),
    interval: d.interval,
    status: d.status,
    designation_id: d.designationId,
    designation: d.designationName,
    answers: d.answers,
    comment: d.comment,
    gift_aid: d.giftAid,
    gift_aid_declaration: d.giftAid
      ? {
          name: d.giftAidName ?? '',
          address: d.giftAidAddress ?? '',
          postcode: d.giftAidPostcode ?? '',
          declared_on: d.giftAidDeclaredOn ?? '',
          text_version: GIFT_AID_TEXT_VERSION,
        }
      : null,
    add_to_donor_wall: d.addToDonorWall,
    first_name_only_to_donor_wall: d.firstNameOnlyToDonorWall,
    show_amount_on_donor_wall: d.showAmountOnDonorWall,
    show_comment_on_donor_wall: d.showCommentOnDonorWall,
    create_donor_account: d.createDonorAccount,
    payment_method: d.paymentMethod,
    provider: d.provider,
    provider_reference: d.providerReference,
    receipt_number: d.receiptNumber,
    recurring_plan_id: d.recurringPlanId ?? null,
    created_at: d.createdAt.toISOString(),
    refunded_at: d.refundedAt ? d.refundedAt.toISOString() : null,
  };
}
