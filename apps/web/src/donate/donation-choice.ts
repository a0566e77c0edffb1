// What step 1 of the public form hands to step 2 (payment): the donor's choice, in our integer
// minor units. Owned by the form; the payment step only reads it.
import type { TAnswers, TDonation, TDonorWallFlags, TGivingInterval, TPublicCampaign } from '@kindling/contracts';
import type { TributeDraft } from './conversion/tribute.ts';

export type DonationChoice = {
  interval: TGivingInterval;
  /** Upper-case ISO code, one of campaign.currencies. */
  currency: string;
  /** The gift itself, without the fee cover. */
  giftMinor: number;
  /** What 'Support Our Work' adds (addFeeCover(giftMinor).feeMinor), else 0. */
  includedFeesMinor: number;
  /** giftMinor + includedFeesMinor: what the donor is charged. */
  totalMinor: number;
  designation: number | null;
  comment: string;
  answers: TAnswers;
  giftAid: boolean;
  donorWall: TDonorWallFlags;
  createDonorAccount: boolean;
  // conv15: a tribute gift, when the campaign offers them and the donor ticked the box.
  tribute?: TributeDraft | null;
  // mem19: the held membership join this payment is for (its reference).
  membership?: string | null;
  // pay25: the payment request (/pay/{id}) this payment settles; its amount is checked by the request.
  paymentRequest?: string;
};

/** The outcome the thank-you screen shows. */
export type DonationOutcome = {
  status: 'success' | 'processing';
  donation: TDonation | null;
  interval: TGivingInterval;
  totalMinor: number;
  currency: string;
};

export type PaymentStepProps = {
  campaign: TPublicCampaign;
  choice: DonationChoice;
  /** The payment went through (or is processing): show the thank-you screen. */
  onDone: (outcome: DonationOutcome) => void;
  /** Shows (or with null clears) the red banner at the top of the form (docs/product/donation-form.md#messages). */
  onError: (message: string | null) => void;
  /** The campaign editor's live preview: render everything, call nothing. */
  preview?: boolean;
  // pay25: who is asked to pay (/pay/{id}), prefilled and still editable.
  payer?: { firstName: string; lastName: string; email: string };
};
