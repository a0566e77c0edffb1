// Zod-free: the public donation form imports this module directly (decision 006). The conversion
// features of the form (docs/product/donation-form.md#conversion): the monthly upsell's suggested
// amount, the funnel's steps and the tribute kinds.
import { currencyExponent } from './currency-rules.ts';

/** What the form reports to the funnel (docs/decisions/037-conversion-features.md). */
export const FUNNEL_EVENTS = ['view', 'step1', 'payment', 'upsell_offered', 'upsell_accepted'] as const;
export type TFunnelEvent = (typeof FUNNEL_EVENTS)[number];

export const TRIBUTE_TYPES = ['honour', 'memory'] as const;
export type TTributeType = (typeof TRIBUTE_TYPES)[number];
export const TRIBUTE_LABELS: Record<TTributeType, string> = { honour: 'In honour of', memory: 'In memory of' };

export const REMINDER_DELAYS = ['tomorrow', 'week'] as const;
export type TReminderDelay = (typeof REMINDER_DELAYS)[number];
export const REMINDER_DELAY_LABELS: Record<TReminderDelay, string> = { tomorrow: 'Tomorrow', week: 'In a week' };
export const REMINDER_DELAY_HOURS: Record<TReminderDelay, number> = { tomorrow: 24, week: 24 * 7 };

/** The upsell suggests this share of the one-off amount as a monthly gift. */
export const UPSELL_SHARE = 4;

/** The largest of 1, 2, 2.5 and 5 times a power of ten that is not above `value` (value ≥ 1). */
export function niceFloor(value: number): number {
  if (!(value >= 1)) return 0;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [5, 2.5, 2, 1].find((s) => s * magnitude <= value) ?? 1;
  return step * magnitude;
}

type UpsellCampaign = {
  intervals: readonly string[];
  user_amount_enable: boolean;
  amounts: readonly { amount_minor: number; interval: string }[];
};

/**
 * The monthly gift the upsell offers for a one-off gift: a quarter of it, rounded down to a nice
 * amount of whole currency units (1, 2, 2.5 or 5 times a power of ten: $100 → $25, $50 → $10,
 * ¥10,000 → ¥2,500). A campaign without free amounts offers its largest monthly preset not above
 * that instead. Null when the campaign has no monthly giving or nothing sensible fits.
 */
export function upsellMonthlyMinor(campaign: UpsellCampaign, oneOffMinor: number, currency: string): number | null {
  if (!campaign.intervals.includes('monthly') || !(oneOffMinor > 0)) return null;
  const unit = 10 ** currencyExponent(currency);
  const suggested = Math.round(niceFloor(oneOffMinor / UPSELL_SHARE / unit) * unit);
  if (suggested <= 0 || suggested >= oneOffMinor) return null;
  if (campaign.user_amount_enable) return suggested;
  const presets = campaign.amounts
    .filter((a) => a.interval === 'monthly' && a.amount_minor <= suggested)
    .map((a) => a.amount_minor);
  return presets.length > 0 ? Math.max(...presets) : null;
}

/** Whether a campaign offers the upsell: on unless its settings switch it off. */
export const upsellEnabled = (settings: { upsell_monthly?: boolean | undefined }) => settings.upsell_monthly !== false;
/** Whether a campaign offers tribute gifts: off unless its settings switch it on. */
export const tributesEnabled = (settings: { tributes?: boolean | undefined }) => settings.tributes === true;
