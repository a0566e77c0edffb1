import { z } from 'zod';

/** Longest campaign script accepted (characters). */
export const CUSTOM_JS_MAX_LENGTH = 20_000;

/**
 * PUT /npo_admin/campaigns/{id}/custom_js: the campaign's own script, which the public campaign and
 * fundraiser pages run after the form loads (docs/product/campaigns.md#custom-js). Organisation admins
 * only (5150, 6635, 7789); an empty string removes it.
 */
export const ZCustomJsInput = z.object({
  custom_js: z.string({ error: 'Enter the script as text.' }).max(CUSTOM_JS_MAX_LENGTH, {
    error: `Keep the script under ${CUSTOM_JS_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  }),
});
export type TCustomJsInput = z.infer<typeof ZCustomJsInput>;
