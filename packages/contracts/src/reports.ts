import { z } from 'zod';
import { ZCurrencyCode } from './currencies.ts';

// The reports centre (docs/product/reports.md). Money is integer minor units of the organisation's
// base currency, converted at each gift's stored rate; a gift counts as in the analysis page and the
// donations list (succeeded or refunded, by the day it was given), so the totals reconcile to the cent.

export const INCOME_GROUPINGS = [
  'day',
  'month',
  'quarter',
  'fiscal_year',
  'campaign',
  'designation',
  'method',
  'currency',
] as const;
export type TIncomeGrouping = (typeof INCOME_GROUPINGS)[number];

export const INCOME_GROUPING_LABELS: Record<TIncomeGrouping, string> = {
  day: 'Day',
  month: 'Month',
  quarter: 'Quarter',
  fiscal_year: 'Fiscal year',
  campaign: 'Campaign',
  designation: 'Designation',
  method: 'Payment method',
  currency: 'Currency',
};

export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type TReportFormat = (typeof REPORT_FORMATS)[number];

const MAX_VALUES = 50;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) => {
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(value);
};
const ZDay = (label: string) =>
  z
    .string()
    .regex(ISO_DAY, { error: `${label} must be a date written YYYY-MM-DD.` })
    .refine(isRealDay, { error: `${label} is not a real date.` })
    .optional();

/** `a,b` or repeated keys → an array (empty values dropped). */
const listOf = <T extends z.ZodType>(item: T, what: string) =>
  z
    .preprocess(
      (value) => {
        if (value === undefined || value === null || value === '') return undefined;
        const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
        const kept = parts.map((p) => p.trim()).filter((p) => p !== '');
        return kept.length === 0 ? undefined : kept;
      },
      z.array(item).max(MAX_VALUES, `Choose at most ${MAX_VALUES} ${what}.`),
    )
    .optional();

export const reportFilterShape = {
  /** Whole days of the organisation's calendar, both included; either may be left out (all time). */
  from: ZDay('The start date'),
  to: ZDay('The end date'),
  campaign_id: listOf(z.coerce.number({ error: 'Campaign must be an id.' }).int().positive(), 'campaigns'),
  designation: listOf(z.string().max(200), 'designations'),
  payment_method: listOf(z.string().max(60), 'payment methods'),
  currency: listOf(ZCurrencyCode, 'currencies'),
  segment_id: z.coerce.number({ error: 'Segment must be an id.' }).int().positive('Segment must be an id.').optional(),
  group_by: z
    .enum(INCOME_GROUPINGS, {
      error: 'Group by day, month, quarter, fiscal_year, campaign, designation, method or currency.',
    })
    .default('month'),
};

export const checkPeriod = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.from > q.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date.' });
  }
};

export const ZIncomeReportQuery = z.object(reportFilterShape).superRefine(checkPeriod);
export type TIncomeReportQuery = z.infer<typeof ZIncomeReportQuery>;

export const ZReportDownloadQuery = z
  .object({
    ...reportFilterShape,
    format: z.enum(REPORT_FORMATS, { error: 'Download as csv, xlsx or pdf.' }),
  })
  .superRefine(checkPeriod);
export type TReportDownloadQuery = z.infer<typeof ZReportDownloadQuery>;

/**
 * One line of the income report. `gross` includes `fee_covered` (what donors added for fees);
 * `refunds` and `disputes` are positive amounts taken back from these gifts, whenever it happened;
 * `net` = gross − refunds − disputes (the analysis page's net); `platform_fees` are the fees the
 * ledger knows of, and `net_after_fees` = net − platform_fees.
 */
export const ZIncomeFigures = z.object({
  gifts: z.number().int(),
  gross: z.number().int(),
  fee_covered: z.number().int(),
  refunds: z.number().int(),
  disputes: z.number().int(),
  net: z.number().int(),
  platform_fees: z.number().int(),
  net_after_fees: z.number().int(),
});
export type TIncomeFigures = z.infer<typeof ZIncomeFigures>;

export const ZIncomeRow = ZIncomeFigures.extend({ key: z.string(), label: z.string() });
export type TIncomeRow = z.infer<typeof ZIncomeRow>;

export const ZIncomeReport = z.object({
  currency: z.string(),
  period: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  group_by: z.enum(INCOME_GROUPINGS),
  rows: z.array(ZIncomeRow),
  totals: ZIncomeFigures,
});
export type TIncomeReport = z.infer<typeof ZIncomeReport>;
