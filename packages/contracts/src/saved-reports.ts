import { z } from 'zod';
import { REPORT_FORMATS } from './reports.ts';

// Saved and scheduled reports (docs/product/reports.md#saved-reports, decision 100). A saved report
// names a report of the picker (`report`, `view`), its filters as the page's address holds them
// (period preset or days, campaign, designation, method, currency, segment, grouping) and the
// columns chosen (none: every column). A schedule e-mails it as an attachment to members who may
// see reports.

/** The filters as query-string values: the same keys as the reports page's address. */
export const ZSavedReportFilters = z
  .record(
    z.string().regex(/^[a-z_]{1,40}$/, { error: 'A filter name is lower-case letters.' }),
    z.string().max(2000, { error: 'A filter is at most 2,000 characters.' }),
  )
  .refine((f) => Object.keys(f).length <= 20, { error: 'A report keeps at most 20 filters.' });
export type TSavedReportFilters = z.infer<typeof ZSavedReportFilters>;

const ZName = z
  .string({ error: 'Give the report a name.' })
  .trim()
  .min(1, { error: 'Give the report a name.' })
  .max(120, { error: 'A name is at most 120 characters.' });

export const ZSavedReportInput = z.object({
  name: ZName,
  report: z
    .string({ error: 'Choose a report.' })
    .regex(/^[a-z_]{1,40}$/, { error: 'Choose a report of the reports centre.' }),
  view: z.string().max(40).nullable().default(null),
  filters: ZSavedReportFilters.default({}),
  /** Column keys in the order shown; empty: every column of the report. */
  columns: z.array(z.string().max(60)).max(40, { error: 'Choose at most 40 columns.' }).default([]),
  shared: z.boolean({ error: 'Say whether the organisation sees this report.' }).default(false),
});
export type TSavedReportInput = z.input<typeof ZSavedReportInput>;

export const ZSavedReportUpdate = z.object({
  name: ZName.optional(),
  shared: z.boolean().optional(),
  columns: ZSavedReportInput.shape.columns.optional(),
  filters: ZSavedReportFilters.optional(),
});
export type TSavedReportUpdate = z.infer<typeof ZSavedReportUpdate>;

export const SCHEDULE_CADENCES = ['weekly', 'monthly', 'after_month_end'] as const;
export type TScheduleCadence = (typeof SCHEDULE_CADENCES)[number];
export const SCHEDULE_CADENCE_LABELS: Record<TScheduleCadence, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  after_month_end: 'After month end',
};
/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const ZReportScheduleInput = z
  .object({
    cadence: z.enum(SCHEDULE_CADENCES, { error: 'Send it weekly, monthly or after month end.' }),
    weekday: z.number().int().min(1).max(7, { error: 'Choose a weekday.' }).nullable().default(null),
    day_of_month: z
      .number()
      .int()
      .min(1, { error: 'Choose a day from 1 to 28.' })
      .max(28, { error: 'Choose a day from 1 to 28.' })
      .nullable()
      .default(null),
    format: z.enum(REPORT_FORMATS, { error: 'Send it as CSV, XLSX or PDF.' }),
    /** Members (user ids) of the organisation who hold “View reports”. */
    recipients: z
      .array(z.number().int().positive())
      .min(1, { error: 'Choose at least one recipient.' })
      .max(50, { error: 'Choose at most 50 recipients.' }),
  })
  .superRefine((s, ctx) => {
    if (s.cadence === 'weekly' && s.weekday === null) {
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'Choose the weekday it is sent.' });
    }
    if (s.cadence === 'monthly' && s.day_of_month === null) {
      ctx.addIssue({ code: 'custom', path: ['day_of_month'], message: 'Choose the day of the month it is sent.' });
    }
  });
export type TReportScheduleInput = z.input<typeof ZReportScheduleInput>;

export const ZReportScheduleRun = z.object({
  id: z.number(),
  period: z.string(),
  status: z.enum(['sent', 'skipped']),
  sent_to: z.array(z.string()),
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
  sent_at: z.string(),
});
export type TReportScheduleRun = z.infer<typeof ZReportScheduleRun>;

export const ZReportSchedule = z.object({
  cadence: z.enum(SCHEDULE_CADENCES),
  weekday: z.number().nullable(),
  day_of_month: z.number().nullable(),
  format: z.enum(REPORT_FORMATS),
  recipients: z.array(z.object({ user_id: z.number(), name: z.string(), email: z.string() })),
  /** The next day it is due, in the organisation's calendar. */
  next_on: z.string(),
  runs: z.array(ZReportScheduleRun),
});
export type TReportSchedule = z.infer<typeof ZReportSchedule>;

export const ZSavedReport = z.object({
  id: z.number(),
  name: z.string(),
  report: z.string(),
  view: z.string().nullable(),
  filters: z.record(z.string(), z.string()),
  columns: z.array(z.string()),
  shared: z.boolean(),
  owner: z.object({ user_id: z.number(), name: z.string() }),
  /** Whether the caller may rename, share, schedule or delete it (its owner or an administrator). */
  editable: z.boolean(),
  updated_at: z.string(),
  schedule: ZReportSchedule.nullable(),
});
export type TSavedReport = z.infer<typeof ZSavedReport>;

export const ZSavedReportList = z.object({ reports: z.array(ZSavedReport) });
export type TSavedReportList = z.infer<typeof ZSavedReportList>;

/** Members who may receive a scheduled report: those holding “View reports”. */
export const ZReportRecipientList = z.object({
  members: z.array(z.object({ user_id: z.number(), name: z.string(), email: z.string() })),
});
export type TReportRecipientList = z.infer<typeof ZReportRecipientList>;

/** The income report's columns a saved report may choose (its first, the period or dimension, always shows). */
export const INCOME_REPORT_COLUMNS = [
  { key: 'gifts', label: 'Gifts', kind: 'count' },
  { key: 'gross', label: 'Gross', kind: 'money' },
  { key: 'fee_covered', label: 'Fees covered by donors', kind: 'money' },
  { key: 'refunds', label: 'Refunds', kind: 'money' },
  { key: 'disputes', label: 'Disputes', kind: 'money' },
  { key: 'net', label: 'Net', kind: 'money' },
  { key: 'platform_fees', label: 'Platform fees', kind: 'money' },
  { key: 'net_after_fees', label: 'Net after fees', kind: 'money' },
] as const;
