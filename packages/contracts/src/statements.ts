import { z } from 'zod';

// Year-end statements in bulk (docs/product/reports.md#year-end-statements): every donor who gave in a
// calendar or fiscal year gets the annual giving statement PDF by e-mail, once; donors without an
// e-mail address are listed for post, with one merged PDF to print.

export const STATEMENT_BASES = ['calendar', 'fiscal'] as const;
export type TStatementBasis = (typeof STATEMENT_BASES)[number];

export const STATEMENT_MESSAGES = {
  year: 'Choose a year between 2000 and next year.',
  basis: 'Choose a calendar or a fiscal year.',
  running: 'Statements for this year are already being sent. Wait for that run to finish.',
  nothingToSend: 'Every donor with an e-mail address already has this year’s statement.',
  runNotFound: 'We could not find that run of statements.',
  nobody: 'Nobody with an e-mail address gave in this year, so there is nothing to preview.',
  nobodyToPost: 'Every donor of this year has an e-mail address: there are no statements to post.',
} as const;

const thisYear = () => new Date().getUTCFullYear();
export const ZStatementYear = z.coerce
  .number({ message: STATEMENT_MESSAGES.year })
  .int({ message: STATEMENT_MESSAGES.year })
  .refine((y) => y >= 2000 && y <= thisYear() + 1, { message: STATEMENT_MESSAGES.year });

export const ZStatementPeriodQuery = z.object({
  year: ZStatementYear,
  basis: z.enum(STATEMENT_BASES, { message: STATEMENT_MESSAGES.basis }).default('fiscal'),
});
export type TStatementPeriodQuery = z.infer<typeof ZStatementPeriodQuery>;

export const ZStatementRunInput = ZStatementPeriodQuery;

export const ZStatementPreviewDonor = z.object({
  donor_id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  gift_count: z.number(),
  total_base_minor: z.number(),
  /** A statement already e-mailed for this period (by an earlier run). */
  sent_at: z.string().nullable(),
});
export type TStatementPreviewDonor = z.infer<typeof ZStatementPreviewDonor>;

export const ZStatementRun = z.object({
  id: z.number(),
  year: z.number(),
  basis: z.enum(STATEMENT_BASES),
  period_label: z.string(),
  status: z.enum(['queued', 'sending', 'done']),
  /** Donors with an e-mail address and no statement for the period yet when the run started. */
  to_send: z.number(),
  sent: z.number(),
  /** Donors who already had the period's statement: never sent twice. */
  already_sent: z.number(),
  without_email: z.number(),
  started_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TStatementRun = z.infer<typeof ZStatementRun>;

export const ZStatementOverview = z.object({
  year: z.number(),
  basis: z.enum(STATEMENT_BASES),
  period_label: z.string(),
  base_currency: z.string(),
  /** The organisation's fiscal year starts in this month (1 = January, a calendar year). */
  fiscal_year_start_month: z.number(),
  donors: z.number(),
  with_email: z.number(),
  already_sent: z.number(),
  /** The first few statements, in name order: what the run will send. */
  preview: z.array(ZStatementPreviewDonor),
  /** Donors who gave in the period and have no e-mail address: their statements go by post. */
  without_email: z.array(ZStatementPreviewDonor),
  runs: z.array(ZStatementRun),
});
export type TStatementOverview = z.infer<typeof ZStatementOverview>;

export const ZStatementSend = z.object({
  donor_id: z.number(),
  name: z.string(),
  email: z.string(),
  gift_count: z.number(),
  total_base_minor: z.number(),
  sent_at: z.string(),
});
export const ZStatementRunDetail = ZStatementRun.extend({
  base_currency: z.string(),
  /** What this run sent, newest first (at most 500 lines). */
  log: z.array(ZStatementSend),
});
export type TStatementRunDetail = z.infer<typeof ZStatementRunDetail>;
