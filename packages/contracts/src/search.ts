import { z } from 'zod';

/**
 * The shell's search overlay: besides the pages a role may open, the organisation's donors (name,
 * e-mail, postcode), donations (exact receipt number or provider reference) and campaigns (name or
 * address). A few of each; the lists have their own full searches.
 */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_RESULTS_PER_KIND = 5;

export const SEARCH_MESSAGES = {
  tooShort: `Type at least ${SEARCH_MIN_LENGTH} characters to search.`,
  tooLong: `Search for at most ${SEARCH_MAX_LENGTH} characters.`,
} as const;

export const ZSearchQuery = z.object({
  q: z.string().trim().min(SEARCH_MIN_LENGTH, SEARCH_MESSAGES.tooShort).max(SEARCH_MAX_LENGTH, SEARCH_MESSAGES.tooLong),
});

export const ZSearchResults = z.object({
  donors: z.array(z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), email: z.string() })),
  donations: z.array(
    z.object({
      id: z.number().int(),
      receipt_number: z.string().nullable(),
      provider_reference: z.string().nullable(),
      amount_minor: z.number().int(),
      currency: z.string(),
      status: z.string(),
      donor_name: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  campaigns: z.array(
    z.object({ id: z.number().int(), name: z.string(), campaign_url: z.string(), status: z.string() }),
  ),
});
export type TSearchResults = z.infer<typeof ZSearchResults>;
