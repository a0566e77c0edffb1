import { z } from 'zod';

// Gift Aid claims (docs/product/reports.md#gift-aid-claims, decision 092): the eligible gifts of a period
// inside one accounting period, the exclusions with their reasons, a claim that marks its gifts as
// claimed under a reference (never twice), the HMRC schedule spreadsheet, and undoing a rejected claim.

export const GIFT_AID_EXCLUSION_REASONS = [
  'not_declared',
  'not_gbp',
  'refunded',
  'disputed',
  'already_claimed',
  'outside_window',
  'incomplete_declaration',
] as const;
export type TGiftAidExclusionReason = (typeof GIFT_AID_EXCLUSION_REASONS)[number];

export const GIFT_AID_EXCLUSION_LABELS: Record<TGiftAidExclusionReason, string> = {
  not_declared: 'No Gift Aid declaration',
  not_gbp: 'Not given in GBP',
  refunded: 'Refunded',
  disputed: 'Disputed by the donor',
  already_claimed: 'Already claimed',
  outside_window: 'Outside the four-year window',
  incomplete_declaration: 'Declaration lacks a house name or number or a postcode',
};

/** Gifts of this much or less may share one aggregated schedule line (decision 092). */
export const GIFT_AID_AGGREGATE_MAX_MINOR = 2000;
/** An aggregated line adds up to this much at most. */
export const GIFT_AID_AGGREGATE_LINE_MAX_MINOR = 100_000;

export const GIFT_AID_CLAIM_MESSAGES = {
  period: 'Choose a start and an end date in one accounting period.',
  order: 'The start date must be on or before the end date.',
  onePeriod: 'A claim covers one accounting period: choose dates within the same accounting year.',
  nothing: 'No gift of this period can be claimed.',
  changed: 'Some of these gifts were claimed or changed meanwhile. Review the claim again.',
  reference: 'A claim with this reference exists already: choose another.',
  notFound: 'We could not find that Gift Aid claim.',
  alreadyUndone: 'This claim was already undone.',
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ZDay = (label: string) =>
  z
    .string({ error: GIFT_AID_CLAIM_MESSAGES.period })
    .regex(ISO_DAY, { error: `${label} must be a date written YYYY-MM-DD.` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: `${label} is not a date.` });

export const ZGiftAidPeriodQuery = z
  .object({ from: ZDay('The start date'), to: ZDay('The end date') })
  .refine((q) => q.from <= q.to, { error: GIFT_AID_CLAIM_MESSAGES.order, path: ['to'] });
export type TGiftAidPeriodQuery = z.infer<typeof ZGiftAidPeriodQuery>;

export const ZGiftAidClaimInput = z
  .object({
    from: ZDay('The start date'),
    to: ZDay('The end date'),
    /** The charity's own reference for the claim (HMRC's submission reference, say); made up when blank. */
    reference: z.string().trim().max(40, 'The reference has at most 40 characters.').optional(),
    /** The gifts the reviewed preview showed: a claim is refused (409) when the eligible gifts changed since. */
    donation_ids: z.array(z.number().int().positive()).min(1, GIFT_AID_CLAIM_MESSAGES.nothing).max(100_000),
  })
  .refine((q) => q.from <= q.to, { error: GIFT_AID_CLAIM_MESSAGES.order, path: ['to'] });
export type TGiftAidClaimInput = z.input<typeof ZGiftAidClaimInput>;

export const ZGiftAidUndoInput = z.object({
  reason: z.string().trim().min(1, 'Say why HMRC rejected the claim.').max(500),
});

export const ZGiftAidGift = z.object({
  donation_id: z.number(),
  donor_id: z.number(),
  donor_name: z.string(),
  /** The name as declared. */
  declared_name: z.string().nullable(),
  postcode: z.string().nullable(),
  date: z.string(),
  amount_minor: z.number(),
  currency: z.string(),
  /** What Gift Aid adds: 25p per £1. */
  claim_minor: z.number(),
});
export type TGiftAidGift = z.infer<typeof ZGiftAidGift>;

export const ZGiftAidExclusion = ZGiftAidGift.extend({
  reason: z.enum(GIFT_AID_EXCLUSION_REASONS),
  /** The claim that already holds the gift, for already_claimed. */
  claim_reference: z.string().nullable(),
});
export type TGiftAidExclusion = z.infer<typeof ZGiftAidExclusion>;

export const ZGiftAidClaim = z.object({
  id: z.number(),
  reference: z.string(),
  from: z.string(),
  to: z.string(),
  status: z.enum(['claimed', 'undone']),
  gift_count: z.number(),
  amount_minor: z.number(),
  claim_minor: z.number(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  undone_at: z.string().nullable(),
  undo_reason: z.string().nullable(),
});
export type TGiftAidClaim = z.infer<typeof ZGiftAidClaim>;

export const ZGiftAidPreview = z.object({
  from: z.string(),
  to: z.string(),
  /** The accounting period the dates lie in and the last day a claim for it can be made. */
  accounting_period: z.object({ from: z.string(), to: z.string(), claim_by: z.string() }),
  eligible: z.array(ZGiftAidGift),
  totals: z.object({ gifts: z.number(), amount_minor: z.number(), claim_minor: z.number() }),
  /** Up to 500 exclusions, newest first; `excluded_counts` counts them all by reason. */
  exclusions: z.array(ZGiftAidExclusion),
  excluded_counts: z.partialRecord(z.enum(GIFT_AID_EXCLUSION_REASONS), z.number()),
  /** Whether this user may create and undo claims (admin group). */
  can_claim: z.boolean(),
});
export type TGiftAidPreview = z.infer<typeof ZGiftAidPreview>;

export const ZGiftAidClaimList = z.object({ claims: z.array(ZGiftAidClaim) });
export type TGiftAidClaimList = z.infer<typeof ZGiftAidClaimList>;

export const GIFT_AID_SCHEDULE_FORMATS = ['xlsx', 'csv'] as const;
export const ZGiftAidScheduleQuery = z.object({
  format: z.enum(GIFT_AID_SCHEDULE_FORMATS).default('xlsx'),
  /** Group gifts of £20 or less from different donors on aggregated lines. */
  aggregate: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
});
