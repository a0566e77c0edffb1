import { z } from 'zod';
import { ZMinorAmount, ZMoneyPattern } from './money.ts';

export * from './donor-wall-rules.ts';

/**
 * The donor wall of a campaign page and a fundraiser's page (docs/product/donation-form.md#donor-wall):
 * GET /npo_admin/campaign_page/supporters, public and cacheable, newest first.
 */
export const DONOR_WALL_PAGE_SIZE = 10;
export const DONOR_WALL_MAX_PAGE_SIZE = 50;

const id = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int({ error: message }).positive({ error: message }),
  );

export const ZDonorWallQuery = z.object({
  /** The campaign whose page it is (for a fundraiser's page, the campaign it raises for). */
  campaign_id: id('Choose a campaign.'),
  /** The fundraiser's page: only gifts made through it. */
  peer_campaign_id: id('Choose a fundraiser page.').optional(),
  /** The next_cursor of the previous page ('Show more'). */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,80}$/, { error: 'This list has changed. Please reload the page.' })
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: 'Ask for at least one supporter.' })
    .max(DONOR_WALL_MAX_PAGE_SIZE, { error: `Ask for at most ${DONOR_WALL_MAX_PAGE_SIZE} supporters.` })
    .default(DONOR_WALL_PAGE_SIZE),
});
export type TDonorWallQuery = z.infer<typeof ZDonorWallQuery>;

/**
 * One gift on the wall, as its donor chose: the name (full, first only, or 'Anonymous' for a donor
 * who did not ask to be on the wall), the amount and the comment only when they said so.
 */
export const ZDonorWallEntry = z.object({
  /** The gift's id, for de-duplicating pages and live updates. */
  key: z.string(),
  name: z.string(),
  anonymous: z.boolean(),
  /** In the currency the donor gave in; null when hidden. */
  amount_minor: ZMinorAmount.nullable(),
  currency: z.string().nullable(),
  comment: z.string().nullable(),
  /** When the gift was made (ISO 8601). */
  given_at: z.string(),
});
export type TDonorWallEntry = z.infer<typeof ZDonorWallEntry>;

export const ZDonorWallResponse = z.object({
  supporters: z.array(ZDonorWallEntry),
  /** Pass back as `cursor` for the next (older) page; null at the end. */
  next_cursor: z.string().nullable(),
  /** How the organisation writes the currencies of this page, so the wall needs no Intl object. */
  money_patterns: z.array(ZMoneyPattern).optional(),
});
export type TDonorWallResponse = z.infer<typeof ZDonorWallResponse>;
