import { z } from 'zod';

/** Staff donor pages (docs/product/donors.md): the donors list, a donor's profile, merges and the giving year. */

export const DONOR_RECURRING_STATUSES = ['active', 'past_due', 'none'] as const;
export type TDonorRecurringStatus = (typeof DONOR_RECURRING_STATUSES)[number];
export const DONOR_SORTS = ['last_gift', 'first_gift', 'lifetime_total', 'gift_count', 'name'] as const;
export type TDonorSort = (typeof DONOR_SORTS)[number];

export const DONOR_ADMIN_MESSAGES = {
  notFound: 'Donor not found.',
  emailTaken: 'Another donor already has this e-mail address: merge the two donors instead.',
  mergeSelf: 'Choose a different donor to merge into this one.',
  startMonth: 'Choose a month from January to December.',
  dateOrder: 'The end date must be on or after the start date.',
  totalOrder: 'The maximum must be at least the minimum.',
  year: 'Choose a year between 2000 and 2100.',
} as const;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');
const ZMinorFilter = z.coerce.number().int('Use whole minor units.').min(0, 'Use an amount of 0 or more.');

export const ZDonorListQuery = z
  .object({
    search: z.string().trim().max(150).optional(),
    recurring: z.enum(DONOR_RECURRING_STATUSES).optional(),
    retention: z.enum(['lybunt', 'sybunt']).optional(),
    gave_from: ZDay.optional(),
    gave_to: ZDay.optional(),
    min_total_minor: ZMinorFilter.optional(),
    max_total_minor: ZMinorFilter.optional(),
    sort: z.enum(DONOR_SORTS).default('last_gift'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(25),
  })
  .superRefine((q, ctx) => {
    if (q.gave_from && q.gave_to && q.gave_to < q.gave_from)
      ctx.addIssue({ code: 'custom', path: ['gave_to'], message: DONOR_ADMIN_MESSAGES.dateOrder });
    if (q.min_total_minor !== undefined && q.max_total_minor !== undefined && q.max_total_minor < q.min_total_minor)
      ctx.addIssue({ code: 'custom', path: ['max_total_minor'], message: DONOR_ADMIN_MESSAGES.totalOrder });
  });
export type TDonorListQuery = z.input<typeof ZDonorListQuery>;

export const ZGivingYearSetting = z.object({
  fiscal_year_start_month: z.number().int().min(1).max(12),
  /** The current giving year's label (the calendar year it ends in) and how it reads. */
  current_year: z.number().int(),
  current_label: z.string(),
});
export type TGivingYearSetting = z.infer<typeof ZGivingYearSetting>;

export const ZDonorSummary = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  postal_code: z.string(),
  lifetime_total_minor: z.number().int(),
  currency: z.string(),
  gift_count: z.number().int(),
  first_gift_at: z.string().nullable(),
  last_gift_at: z.string().nullable(),
  recurring_status: z.enum(DONOR_RECURRING_STATUSES),
  lybunt: z.boolean(),
  sybunt: z.boolean(),
});
export type TDonorSummary = z.infer<typeof ZDonorSummary>;

export const ZDonorListResponse = z.object({
  donors: z.array(ZDonorSummary),
  /** Matching donors, counted up to 10,000 (then `total_capped` is true: 'more than 10,000'). */
  total: z.number().int().min(0),
  total_capped: z.boolean(),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  /** The organisation's base currency: the lifetime totals' and the total filters' currency. */
  currency: z.string(),
  giving_year: ZGivingYearSetting,
});
export type TDonorListResponse = z.infer<typeof ZDonorListResponse>;

/** Trimmed text of at most `max` characters, with the message every profile field uses. */
export const profileText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);

/** A postal address as a person's profile holds it (donors, contacts, households), each part optional. */
export const POSTAL_ADDRESS_INPUT = {
  address: profileText(200).default(''),
  address2: profileText(200).default(''),
  city: profileText(100).default(''),
  state: profileText(100).default(''),
  postal_code: profileText(20).default(''),
  country: profileText(2).default(''),
};

export const ZDonorProfileInput = z.object({
  first_name: profileText(100),
  last_name: profileText(100),
  email: z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254),
  ...POSTAL_ADDRESS_INPUT,
});
export type TDonorProfileInput = z.input<typeof ZDonorProfileInput>;

export const ZDonorProfile = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  created_at: z.string(),
});

export const DONOR_TIMELINE_KINDS = [
  'donation',
  'refund',
  'plan_started',
  'plan_paused',
  'plan_cancelled',
  'plan_failed',
] as const;
export const ZDonorTimelineEvent = z.object({
  kind: z.enum(DONOR_TIMELINE_KINDS),
  at: z.string(),
  amount_minor: z.number().int().nullable(),
  currency: z.string().nullable(),
  donation_id: z.number().int().nullable(),
  plan_id: z.number().int().nullable(),
  /** Campaign, interval, status: what a person reads beside the amount. */
  detail: z.string(),
});
export type TDonorTimelineEvent = z.infer<typeof ZDonorTimelineEvent>;

export const ZDonorPlan = z.object({
  id: z.number().int(),
  status: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  interval: z.string(),
  campaign_name: z.string().nullable(),
  next_charge_at: z.string().nullable(),
  started_at: z.string(),
});

export const ZDonorGiftAidDeclaration = z.object({
  donation_id: z.number().int(),
  name: z.string(),
  address: z.string(),
  postcode: z.string(),
  declared_on: z.string(),
});

export const ZDuplicateDonor = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  postal_code: z.string(),
  reason: z.enum(['email', 'name_postcode']),
  gift_count: z.number().int(),
  lifetime_total_minor: z.number().int(),
});
export type TDuplicateDonor = z.infer<typeof ZDuplicateDonor>;

export const ZDonorDetail = z.object({
  profile: ZDonorProfile,
  summary: ZDonorSummary,
  timeline: z.array(ZDonorTimelineEvent),
  plans: z.array(ZDonorPlan),
  gift_aid_declarations: z.array(ZDonorGiftAidDeclaration),
  duplicates: z.array(ZDuplicateDonor),
  giving_year: ZGivingYearSetting,
  /** Giving years with gifts, newest first: the statement's choices. */
  statement_years: z.array(z.number().int()),
});
export type TDonorDetail = z.infer<typeof ZDonorDetail>;

export const ZDonorMergeInput = z.object({ duplicate_id: z.coerce.number().int().positive() });
/** What a merge moves from the duplicate to the kept donor: rows per kind. */
export const ZDonorMergePreview = z.object({
  keep: ZDonorSummary,
  duplicate: ZDonorSummary,
  moves: z.array(z.object({ label: z.string(), count: z.number().int() })),
});
export type TDonorMergePreview = z.infer<typeof ZDonorMergePreview>;

export const ZGivingYearInput = z.object({
  fiscal_year_start_month: z
    .number({ error: DONOR_ADMIN_MESSAGES.startMonth })
    .int(DONOR_ADMIN_MESSAGES.startMonth)
    .min(1, DONOR_ADMIN_MESSAGES.startMonth)
    .max(12, DONOR_ADMIN_MESSAGES.startMonth),
});

export const ZStatementQuery = z.object({
  year: z.coerce
    .number({ error: DONOR_ADMIN_MESSAGES.year })
    .int(DONOR_ADMIN_MESSAGES.year)
    .min(2000, DONOR_ADMIN_MESSAGES.year)
    .max(2100, DONOR_ADMIN_MESSAGES.year),
});
