import { z } from 'zod';
import { BUTTON_LAYOUTS, COLOR_SETTINGS, CUSTOM_CSS_MAX_LENGTH, FONT_WEIGHTS } from './campaign-settings-css.ts';

export * from './campaign-settings-css.ts';

/**
 * Form styling of a campaign (docs/product/campaigns.md#form-settings). The web app turns each
 * setting into a CSS custom property on the form's root, so every value is checked against a
 * narrow pattern here: nothing a staff member types can close a declaration or inject a rule.
 */

export const ZHexColor = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'Use a colour like #0ea5e9');

const LENGTH = String.raw`(?:0|\d{1,4}(?:\.\d{1,3})?(?:px|rem|em|%|vw|vh))`;
const ONE_LENGTH = new RegExp(`^${LENGTH}$`);
const BOX_LENGTHS = new RegExp(`^${LENGTH}(?: ${LENGTH}){0,3}$`);

/** A number is read as pixels, so settings saved as 480 and '480px' mean the same. */
const pixels = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? `${value}px` : value);
const collapseSpaces = (value: unknown) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : value);

/** One CSS length: '480px', '1.5rem', '100%', or a number of pixels. */
export const ZCssLength = z.preprocess(
  (v) => collapseSpaces(pixels(v)),
  z.string().regex(ONE_LENGTH, 'Use a length like 16px, 1rem or 100%'),
);

/** One to four lengths, as padding and margin take them: '12px 24px'. */
export const ZCssBoxLengths = z.preprocess(
  (v) => collapseSpaces(pixels(v)),
  z.string().regex(BOX_LENGTHS, 'Use one to four lengths like 12px 24px'),
);

const colorShape = Object.fromEntries(COLOR_SETTINGS.map((key) => [key, ZHexColor.optional()])) as Record<
  (typeof COLOR_SETTINGS)[number],
  z.ZodOptional<typeof ZHexColor>
>;

/** Every setting is optional: what is missing takes the form's default. Unknown keys are dropped. */
export const ZCampaignSettings = z.object({
  ...colorShape,
  /** Older data says form_width; both set the form's maximum width. */
  form_width: ZCssLength.optional(),
  form_max_width: ZCssLength.optional(),
  form_padding: ZCssBoxLengths.optional(),
  campaign_rounded_corners: z.boolean().optional(),
  button_layout: z.enum(BUTTON_LAYOUTS, { error: 'Choose a button layout' }).optional(),
  button_border_radius: ZCssLength.optional(),
  button_padding: ZCssBoxLengths.optional(),
  button_margin: ZCssBoxLengths.optional(),
  /** A font family list; quotes, commas and hyphens only, so it cannot end the declaration. */
  campaign_page_font: z
    .string()
    .trim()
    .max(120)
    .regex(/^[\w\s,'"-]*$/, 'Use font names separated by commas')
    .optional(),
  font_size: ZCssLength.optional(),
  font_weight: z
    .preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      z.enum(FONT_WEIGHTS, { error: 'Choose normal, bold or a weight from 100 to 900' }),
    )
    .optional(),
  /** Unitless (1.5) or a length (24px). */
  line_height: z
    .union([z.number().min(0.5).max(4), ZCssLength], { error: 'Use a line height like 1.5 or 24px' })
    .optional(),
  // conv15: conversion features (docs/product/donation-form.md#conversion), not styling: the monthly
  // upsell (on unless false) and tribute gifts (off unless true).
  upsell_monthly: z.boolean().optional(),
  tributes: z.boolean().optional(),
});
export type TCampaignSettings = z.infer<typeof ZCampaignSettings>;

/**
 * Custom CSS for the donation form. The server scopes every rule under the form's root selector
 * before it is served, so it styles the form only, never the page around it. '<' is refused so the
 * text can never close the style element it is placed in.
 */
export const ZCustomCss = z
  .string()
  .max(CUSTOM_CSS_MAX_LENGTH, `Custom CSS can be at most ${CUSTOM_CSS_MAX_LENGTH.toLocaleString('en-US')} characters`)
  .refine((css) => !css.includes('<'), { message: 'Custom CSS cannot contain the character <' });
