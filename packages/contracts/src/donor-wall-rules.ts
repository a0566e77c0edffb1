// Zod-free rules of the page around the form, for the public page's first load (decision 006).

/** What a gift whose donor did not ask to be on the wall shows, and nothing else. */
export const DONOR_WALL_ANONYMOUS = 'Anonymous';

/** Days-left badge colours (docs/product/campaigns.md#goal-and-days-left): ended, 3 or fewer, 7 or fewer, more. */
export type TDaysLeftTone = 'ended' | 'urgent' | 'soon' | 'open';
export function daysLeftTone(daysLeft: number): TDaysLeftTone {
  if (daysLeft <= 0) return 'ended';
  if (daysLeft <= 3) return 'urgent';
  if (daysLeft <= 7) return 'soon';
  return 'open';
}

/** A campaign without a goal shows progress towards this one (minor units of the base currency). */
export const DEFAULT_GOAL_MINOR = 100_000;
