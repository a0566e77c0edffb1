// Zod-free: the public donation form's bundle imports this module directly (decision 006).
import { divideRounded } from './money-rules.ts';

/**
 * UK Gift Aid (docs/product/receipts.md#gift-aid). A declaration needs the charity's name, the donor's full
 * name and home address with postcode, the donations it covers, and the tax explanation below. The
 * server stamps the date (never the browser) and keeps the exact text shown with its version.
 */

export const GIFT_AID_TEXT_VERSION = 'hmrc-model-2015';

/** Shown above the checkbox in the 'Gift aid preferences' panel. */
export const GIFT_AID_BOOST_TEXT = 'Boost your donation by 25p of Gift Aid for every £1 you donate.';

/**
 * The HMRC model declaration (2015 wording). `amount` is the formatted gift ('£25.00'); without it
 * the sentence speaks of 'this donation'.
 */
export function giftAidDeclarationText(charity: string, amount?: string): string {
  const gift = amount ? `my donation of ${amount}` : 'this donation';
  return (
    `I want to Gift Aid ${gift} and any donations I make in the future or have made in the past 4 years to ` +
    `${charity}. I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax than ` +
    'the amount of Gift Aid claimed on all my donations in that tax year it is my responsibility to pay any difference.'
  );
}

/** What the donor is asked to keep the charity informed about (the model form's notes). */
export const GIFT_AID_NOTES =
  'Please notify the charity if you want to cancel this declaration, change your name or home address, or no ' +
  'longer pay sufficient tax on your income and/or capital gains. If you pay Income Tax at the higher or ' +
  'additional rate and want to receive the additional tax relief due to you, you must include all your Gift Aid ' +
  'donations on your Self Assessment tax return or ask HM Revenue and Customs to adjust your tax code.';

export const GIFT_AID_MESSAGES = {
  addressRequired: 'Gift Aid needs your home address',
  postcodeRequired: 'Gift Aid needs your postcode',
  gbpOnly: 'Gift Aid can only be claimed on donations in GBP',
} as const;

/** Gift Aid is claimed on GBP gifts only. */
export const giftAidApplies = (currency: string | null | undefined): boolean =>
  (currency ?? '').trim().toUpperCase() === 'GBP';

/** The claim on a GBP gift: 25p per £1, rounded half-up to whole pence. */
export function giftAidClaimMinor(amountMinor: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError('amount must be whole pence');
  return Number(divideRounded(BigInt(amountMinor), 4n, 'half-up'));
}

/** A UK postcode, spaced and in capitals for the HMRC schedule: 's192bd' → 'S19 2BD'. */
export function normalisePostcode(postcode: string): string {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}
