import { z } from 'zod';
import { ZCurrencyCode } from './currencies.ts';
import { ZDonation, ZDonationStatus } from './donations.ts';
import { GIVING_INTERVALS } from './interval-rules.ts';
import { ZGivingIntervalValue } from './intervals.ts';

/**
 * The staff donations list (GET /npo_admin/donations) and its export (GET
 * /npo_admin/donations/export). Filters are query-string values, so a list of the page's URL can
 * be shared: several values of one filter are comma-separated (`status=succeeded,refunded`) or
 * repeated. Amount filters and the amount sort use the organisation's base currency, the one
 * amount every donation has in common.
 */

export const DONATION_LIST_SORTS = ['date', 'amount', 'donor_name'] as const;
export type TDonationListSort = (typeof DONATION_LIST_SORTS)[number];
export const DONATION_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TDonationExportFormat = (typeof DONATION_EXPORT_FORMATS)[number];
export const DONATION_LIST_MAX_PER_PAGE = 100;

const MAX_VALUES = 50;

/** `a,b` or repeated keys or nothing → an array (empty values dropped), then each item checked. */
const listOf = <T extends z.ZodType>(item: T, what: string) =>
  z
    .preprocess(
      (value) => {
        if (value === undefined || value === null || value === '') return undefined;
        const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
        const kept = parts.map((p) => p.trim()).filter((p) => p !== '');
        return kept.length === 0 ? undefined : kept;
      },
      z.array(item).max(MAX_VALUES, `Choose at most ${MAX_VALUES} ${what}`),
    )
    .optional();

const ZIsoDate = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date written YYYY-MM-DD`)
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      {
        message: `${label} is not a real date`,
      },
    )
    .optional();

const ZAmountBound = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number of minor units (cents)` })
    .int(`${label} must be a whole number of minor units (cents)`)
    .min(0, `${label} cannot be negative`)
    .max(999_999_999_999, `${label} is too large`)
    .optional();

const ZYesNo = z.preprocess(
  (v) => (v === 'true' || v === '1' ? 'yes' : v === 'false' || v === '0' ? 'no' : v),
  z.enum(['yes', 'no'], { error: 'Gift Aid must be yes or no' }),
);

const filterShape = {
  /** Donor name or e-mail (part of it), or an exact receipt number or provider reference. */
  search: z.string().trim().max(200, 'Search with at most 200 characters').optional(),
  /** Inclusive days in UTC. */
  date_from: ZIsoDate('The start date'),
  date_to: ZIsoDate('The end date'),
  campaign_id: listOf(
    z.coerce.number({ error: 'Campaign must be an id' }).int().positive('Campaign must be an id'),
    'campaigns',
  ),
  status: listOf(ZDonationStatus, 'statuses'),
  payment_method: listOf(z.string().max(60), 'payment methods'),
  interval: listOf(
    z.enum(GIVING_INTERVALS, { error: 'Choose once, daily, weekly, monthly, quarterly or yearly' }),
    'intervals',
  ),
  currency: listOf(ZCurrencyCode, 'currencies'),
  /** Base-currency minor units, inclusive. */
  amount_min: ZAmountBound('The minimum amount'),
  amount_max: ZAmountBound('The maximum amount'),
  designation: listOf(z.string().max(200), 'designations'),
  gift_aid: ZYesNo.optional(),
  sort: z.enum(DONATION_LIST_SORTS, { error: 'Sort by date, amount or donor_name' }).default('date'),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
};

type FilterLike = { date_from?: string; date_to?: string; amount_min?: number; amount_max?: number };
const checkRanges = (q: FilterLike, ctx: z.RefinementCtx) => {
  if (q.date_from && q.date_to && q.date_from > q.date_to) {
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'The end date must not be before the start date' });
  }
  if (q.amount_min !== undefined && q.amount_max !== undefined && q.amount_min > q.amount_max) {
    ctx.addIssue({
      code: 'custom',
      path: ['amount_max'],
      message: 'The maximum amount must not be below the minimum amount',
    });
  }
};

export const ZDonationListFilter = z.object(filterShape).superRefine(checkRanges);
export type TDonationListFilter = z.infer<typeof ZDonationListFilter>;

export const ZDonationListQuery = z
  .object({
    ...filterShape,
    page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page starts at 1').default(1),
    per_page: z.coerce
      .number({ error: 'Per page must be a number' })
      .int()
      .min(1, 'Per page must be at least 1')
      .max(DONATION_LIST_MAX_PER_PAGE, `Per page must be at most ${DONATION_LIST_MAX_PER_PAGE}`)
      .default(25),
    /**
     * false leaves the totals (and the count) out: the web app reads them once per filter from
     * /npo_admin/donations/totals, so paging and sorting only read a page.
     */
    include_totals: z
      .preprocess(
        (v) => (v === 'false' || v === '0' ? false : v === 'true' || v === '1' ? true : v),
        z.boolean({ error: 'include_totals must be true or false' }),
      )
      .default(true),
  })
  .superRefine(checkRanges);
export type TDonationListQuery = z.infer<typeof ZDonationListQuery>;

export const ZDonationExportQuery = z
  .object({
    ...filterShape,
    format: z.enum(DONATION_EXPORT_FORMATS, { error: 'Export as csv or xlsx' }).default('csv'),
  })
  .superRefine(checkRanges);
export type TDonationExportQuery = z.infer<typeof ZDonationExportQuery>;

/** One row of the list: what the table shows, and the id the donation's page opens with. */
export const ZDonationListRow = ZDonation.pick({
  id: true,
  created_at: true,
  receipt_number: true,
  donor: true,
  amount_minor: true,
  included_fees_minor: true,
  currency: true,
  base_amount_minor: true,
  base_currency: true,
  campaign_id: true,
  campaign_name: true,
  designation: true,
  payment_method: true,
  provider: true,
  provider_reference: true,
  status: true,
  gift_aid: true,
  refunded_at: true,
}).extend({ interval: ZGivingIntervalValue });
export type TDonationListRow = z.infer<typeof ZDonationListRow>;

/** Totals of the whole filtered set, not of the page: count, base-currency sum, and per currency. */
export const ZDonationListTotals = z.object({
  count: z.number().int().min(0),
  base_amount_minor: z.number().int(),
  base_currency: z.string(),
  by_currency: z.array(
    z.object({ currency: z.string(), count: z.number().int().min(0), amount_minor: z.number().int() }),
  ),
});
export type TDonationListTotals = z.infer<typeof ZDonationListTotals>;

export const ZDonationListResponse = z.object({
  donations: z.array(ZDonationListRow),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  totals: ZDonationListTotals,
});
export type TDonationListResponse = z.infer<typeof ZDonationListResponse>;

/** The answer with include_totals=false: the page only (count and totals come from /totals). */
export const ZDonationListPageOnly = ZDonationListResponse.extend({ total: z.null(), totals: z.null() });
export type TDonationListPageOnly = z.infer<typeof ZDonationListPageOnly>;

/** GET /npo_admin/donations/filter_options: the choices of the filter bar, from the organisation's data. */
export const ZDonationFilterOptions = z.object({
  base_currency: z.string(),
  campaigns: z.array(z.object({ id: z.number().int(), name: z.string() })),
  payment_methods: z.array(z.string()),
  currencies: z.array(z.string()),
  designations: z.array(z.string()),
});
export type TDonationFilterOptions = z.infer<typeof ZDonationFilterOptions>;
