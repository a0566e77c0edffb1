// The monthly upsell's offer and the choice it turns into (docs/decisions/037-conversion-features.md).

import type { TPublicCampaign } from '@kindling/contracts';
import { upsellEnabled, upsellMonthlyMinor } from '@kindling/contracts/conversion-rules.ts';
import { addFeeCover } from '@kindling/contracts/fee-cover.ts';
import type { DonationChoice } from '../donation-choice.ts';

/** The monthly amount to offer for this choice, or null when the upsell does not apply. */
export function upsellOffer(campaign: TPublicCampaign, choice: DonationChoice): number | null {
  if (choice.interval !== 'once' || !upsellEnabled(campaign.campaign_settings)) return null;
  return upsellMonthlyMinor(campaign, choice.giftMinor, choice.currency);
}

/** The same choice as a monthly gift of `monthlyMinor`, fee cover recomputed when the donor chose it. */
export function toMonthly(choice: DonationChoice, monthlyMinor: number): DonationChoice {
  const fee = choice.includedFeesMinor > 0 ? addFeeCover(monthlyMinor, choice.currency).feeMinor : 0;
  return {
    ...choice,
    interval: 'monthly',
    giftMinor: monthlyMinor,
    includedFeesMinor: fee,
    totalMinor: monthlyMinor + fee,
  };
}
