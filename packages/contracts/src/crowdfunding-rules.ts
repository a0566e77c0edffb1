// Zod-free: the crowdfunding page's bundle imports this module directly (decision 006). The page's words,
// its gauge and the tax-deductible part of a gift with a reward (docs/decisions/048-crowdfunding.md).
import { deductibleOf, QUID_PRO_QUO_THRESHOLD_MINOR } from './event-rules.ts';
import { formatMoney } from './money-rules.ts';

export const FUNDING_MODELS = ['keep_what_you_raise', 'all_or_nothing'] as const;
export type TFundingModel = (typeof FUNDING_MODELS)[number];

/** How long a reward is held for a backer who has not paid yet. */
export const REWARD_HOLD_MINUTES = 15;
/** The circular gauge beside the figures: its radius and circumference (docs/product/crowdfunding.md#sidebar). */
export const GAUGE_RADIUS = 28;
export const GAUGE_CIRCUMFERENCE = 2 * Math.PI * GAUGE_RADIUS;
/** The tiers a campaign without rewards of its own offers, in major units. */
export const SAMPLE_REWARD_TIERS = [25, 100, 250] as const;

export const CROWDFUNDING_TEXT = {
  fallbackCallToAction: 'Join us in making a difference. Your support can change lives.',
  noDescription: 'No description available',
  noUpdates: 'No updates yet',
  noUpdatesHint: 'Check back soon for campaign updates',
  comments: 'Comments feature coming soon',
  noBackers: 'Be the first to back this project',
  ended: 'Campaign ended',
  invitationSent: 'An invitation has been sent to your email',
} as const;

export const CROWDFUNDING_MESSAGES = {
  notFound: 'We could not find that crowdfunding campaign.',
  rewardNotFound: 'That reward is not offered by this campaign.',
  rewardGone: (title: string) => `Sorry, "${title}" has all been claimed. Choose another reward or give without one.`,
  belowMinimum: (title: string, minimum: string) => `"${title}" needs a gift of at least ${minimum}.`,
  ended: 'This campaign has ended and no longer takes pledges.',
  claimNotFound: 'We could not find that reward claim.',
  expired: 'Your reward was held for 15 minutes and has been released. Please choose it again.',
  donationMismatch: 'This donation does not belong to this reward claim.',
  // cf17c: all-or-nothing pledges.
  pledgeOnlyAllOrNothing: 'This campaign charges gifts when they are made. Please use the donation form.',
  pledgeNotFound: 'We could not find that pledge.',
  cardNotSaved: 'Your card was not saved. Please enter it again.',
  pledgeSettled: 'This campaign has been settled: the pledge can no longer change.',
  cardsNotOffered: 'Pledges cannot be taken here yet. Please contact the organisation.',
  // fin17: a new card for a pledge whose card was declined at settlement.
  cardUpToDate: 'This pledge does not need a new card.',
} as const;

/** The all-or-nothing promise, said plainly beside the pledge (docs/decisions/065-all-or-nothing-settlement.md). */
export const onlyChargedIfMet = (date: string) => `You will only be charged if the goal is met by ${date}.`;

/** Progress towards the goal, capped at 100 %, and the rounded '% Funded' figure (which is not capped). */
export function fundedPercent(raisedMinor: number, goalMinor: number): { bar: number; funded: number } {
  const ratio = goalMinor > 0 ? (raisedMinor / goalMinor) * 100 : 0;
  return { bar: Math.min(100, Math.max(0, ratio)), funded: Math.round(ratio) };
}

/** The story column's width, for a resized image's srcset (the page's grid: two thirds of 1120 px from 900 px). */
export const STORY_IMAGE_SIZES = '(min-width: 900px) 740px, 100vw';

/** Replaces IMAGE1, IMAGE2 … in a story with the campaign's images in order; unknown numbers stay as written. */
export function storyWithImages(
  html: string,
  images: Array<{ url: string; alt: string; srcset?: string | null; width?: number | null; height?: number | null }>,
): string {
  const escapeAttr = (text: string) =>
    text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
  return html.replace(/\bIMAGE(\d{1,2})\b/g, (whole, n: string) => {
    const image = images[Number(n) - 1];
    if (!image) return whole;
    // Resized WebP variants when the image has them (docs/decisions/071-crowdfunding-pledge-rewards-and-image-variants.md).
    const srcset = image.srcset ? ` srcset="${escapeAttr(image.srcset)}" sizes="${STORY_IMAGE_SIZES}"` : '';
    const size = image.width && image.height ? ` width="${image.width}" height="${image.height}"` : '';
    return `<img src="${escapeAttr(image.url)}"${srcset}${size} alt="${escapeAttr(image.alt)}" loading="lazy" decoding="async" class="cf-story-image">`;
  });
}

/**
 * The tax lines of a gift that brought a reward: the deductible part is the gift beyond the reward's
 * fair-market value (the ticket rule, deductibleOf), with the US disclosure above 75 USD.
 */
export function rewardReceiptLines(
  giftMinor: number,
  fairMarketMinor: number,
  currency: string,
  organisation: string,
  locale = 'en-US',
): string[] {
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const lines = [`Tax-deductible amount: ${money(deductibleOf(giftMinor, fairMarketMinor, 0))}.`];
  if (currency === 'USD' && giftMinor > QUID_PRO_QUO_THRESHOLD_MINOR && fairMarketMinor > 0) {
    lines.push(
      `The amount of your contribution that is deductible for federal income tax purposes is limited to the excess of the amount you paid (${money(giftMinor)}) over the value of goods and services provided by ${organisation}, which we estimate in good faith at ${money(fairMarketMinor)}.`,
    );
  }
  return lines;
}
