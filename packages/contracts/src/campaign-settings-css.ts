// Zod-free: the public donation form's bundle imports this module directly (decision 006).
import type { TCampaignSettings } from './campaign-settings.ts';
import { DONATION_CONSTANTS } from './donation-constants.ts';

export const BUTTON_LAYOUTS = [
  'standard',
  'row',
  'modern',
  'two-column',
  'three-column',
  'four-column',
  'column',
] as const;

export const FONT_WEIGHTS = ['normal', 'bold', '100', '200', '300', '400', '500', '600', '700', '800', '900'] as const;

export const COLOR_SETTINGS = [
  'theme_color',
  'button_color',
  'button_text_color',
  'button_hover_color',
  'background_color',
  'text_color',
  'border_color',
  'secondary_color',
  'accent_color',
  'selected_interval_background_color',
  'selected_interval_text_color',
  'intervals_background_color',
  'intervals_text_color',
  'selected_amount_background_color',
  'selected_amount_text_color',
] as const;

/** Defaults in docs/product/campaigns.md#form-settings for settings a campaign leaves empty. */
export const CAMPAIGN_SETTINGS_DEFAULTS = {
  theme_color: DONATION_CONSTANTS.defaultThemeColor,
  form_max_width: `${DONATION_CONSTANTS.defaultFormMaxWidthPx}px`,
  form_padding: `${DONATION_CONSTANTS.defaultFormPaddingPx}px`,
  button_layout: 'standard',
} as const satisfies TCampaignSettings;

/**
 * Settings as CSS custom properties for the form root: theme_color → --form-theme-color. Booleans
 * and the layout are not CSS values and are left to the components; form_width feeds the same
 * variable as form_max_width.
 */
export function campaignSettingsToCssVars(settings: TCampaignSettings): Record<string, string> {
  const merged: TCampaignSettings = { ...CAMPAIGN_SETTINGS_DEFAULTS, ...settings };
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(merged)) {
    if (value === undefined || typeof value === 'boolean' || key === 'button_layout' || key === 'form_width') continue;
    vars[`--form-${key.replaceAll('_', '-')}`] = String(value);
  }
  if (settings.form_width && !settings.form_max_width) vars['--form-form-max-width'] = settings.form_width;
  return vars;
}

/** Longest custom CSS a campaign may carry. */
export const CUSTOM_CSS_MAX_LENGTH = 20_000;
