import { z } from 'zod';
import { isSupportedCurrency, normaliseCurrency } from './currency-rules.ts';
import { OFFLINE_METHODS } from './donation-admin.ts';
import { toMinorUnits } from './money-rules.ts';

// Donations import (/dashboard/imports): a CSV of offline or historic gifts, checked row by row,
// previewed, then recorded by a background job.

/** The CSV's columns, in the template's order; the last three may be left empty. */
export const IMPORT_COLUMNS = [
  'date',
  'first_name',
  'last_name',
  'email',
  'amount',
  'currency',
  'campaign_url',
  'payment_method',
  'reference',
] as const;
export const IMPORT_REQUIRED_COLUMNS = IMPORT_COLUMNS.slice(0, 6);
/** The contacts import's limits (it reads its file whole); the donations import's are below. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/**
 * The donations import reads its file as a stream (docs/decisions/102-streaming-donation-import.md):
 * a million rows, 200 MB, by default; the server's DONATION_IMPORT_MAX_ROWS and _MB settings may lower them.
 */
export const DONATION_IMPORT_MAX_BYTES = 200 * 1024 * 1024;
export const DONATION_IMPORT_MAX_ROWS = 1_000_000;
/** Rows shown in the preview before staff confirm. */
export const IMPORT_PREVIEW_ROWS = 20;

/** The template staff download: the header and two example gifts (one in a zero-decimal currency). */
export const IMPORT_TEMPLATE_CSV = `${IMPORT_COLUMNS.join(',')}
2024-03-15,Ada,Lovelace,ada@example.org,25.00,USD,,cheque,CHQ-1042
2024-04-02,Hiro,Tanaka,hiro@example.org,5000,JPY,,bank_transfer,
`;

/** An optional cell: trimmed, at most `max` characters, null when empty. */
export const optionalImportText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : null));

/** The donor and amount cells every import of gifts or plans reads the same way. */
export const IMPORT_DONOR_FIELDS = {
  first_name: z
    .string({ error: 'first_name: required.' })
    .trim()
    .min(1, 'first_name: required.')
    .max(100, 'first_name: at most 100 characters.'),
  last_name: z.string().trim().max(100, 'last_name: at most 100 characters.').default(''),
  email: z
    .string({ error: 'email: required.' })
    .trim()
    .toLowerCase()
    .email('email: not a valid e-mail address.')
    .max(254),
  amount: z.string({ error: 'amount: required.' }).trim().min(1, 'amount: required.'),
  currency: z
    .string({ error: 'currency: required.' })
    .trim()
    .toUpperCase()
    .refine((c) => isSupportedCurrency(c), 'currency: not a supported currency code.'),
};

/**
 * The amount in major units as written into integer minor units of the row's currency by digit
 * arithmetic (never a float): '25.00' USD is 2500, '5000' JPY is 5000; '12.345' USD, '12.5' JPY or
 * a zero is the row's error (0 then).
 */
export function importAmountMinor(
  row: { amount: string; currency: string },
  ctx: { addIssue: (issue: { code: 'custom'; message: string }) => void },
): number {
  const parsed = toMinorUnits(row.amount, normaliseCurrency(row.currency));
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: `amount: ${parsed.error}.` });
  else if (parsed.minor <= 0) ctx.addIssue({ code: 'custom', message: 'amount: must be more than zero.' });
  return parsed.ok ? parsed.minor : 0;
}

/** A YYYY-MM-DD that names a day of the calendar (other shapes are the format check's to report). */
const isRealDate = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return true;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};

/** How far the easternmost time zone (Pacific/Kiritimati) is ahead of UTC. */
const LATEST_OFFSET_MS = 14 * 3_600_000;

/**
 * One CSV row as text (every cell a string) into a gift: the amount, in major units as written,
 * becomes integer minor units of the row's currency by digit arithmetic (never a float), so
 * '25.00' USD is 2500 and '5000' JPY is 5000; '12.345' USD or '12.5' JPY is an error.
 */
export const ZImportRow = z
  .object({
    date: z
      .string({ error: 'date: required.' })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'date: write it as YYYY-MM-DD.')
      .refine(isRealDate, 'date: not a real date.'),
    ...IMPORT_DONOR_FIELDS,
    campaign_url: optionalImportText(200),
    payment_method: z
      .string()
      .trim()
      .toLowerCase()
      .optional()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || (OFFLINE_METHODS as readonly string[]).includes(v), {
        message: `payment_method: one of ${OFFLINE_METHODS.join(', ')}.`,
      }),
    reference: optionalImportText(200),
  })
  .transform((row, ctx) => {
    // The latest today on Earth (UTC+14): a gift made today in the organisation's zone, wherever it
    // is, is never refused as future (decision 027); the day itself is placed in that zone later.
    const today = new Date(Date.now() + LATEST_OFFSET_MS).toISOString().slice(0, 10);
    if (row.date > today) ctx.addIssue({ code: 'custom', message: 'date: cannot be in the future.' });
    const amount_minor = importAmountMinor(row, ctx);
    const { amount: _written, ...rest } = row;
    return { ...rest, amount_minor };
  });
export type TImportRow = z.output<typeof ZImportRow>;

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const optionalCell = (v: string | undefined, max: number): string | null | undefined => {
  const t = v?.trim();
  return t === undefined || t === '' ? null : t.length <= max ? t : undefined;
};

/**
 * ZImportRow's output for a row every one of whose cells is plainly valid, without zod, or
 * undefined when any cell is not (the caller then parses with ZImportRow, which names each
 * problem). A million-row file is checked row by row, and zod's parse of this schema was most of
 * the check's time and nearly all its garbage (docs/decisions/102-streaming-donation-import.md,
 * Memory); the test holds the two to the same output.
 */
export function plainImportRow(cells: Readonly<Record<string, string | undefined>>): TImportRow | undefined {
  const date = cells.date?.trim();
  const first_name = cells.first_name?.trim();
  const last_name = cells.last_name === undefined ? '' : cells.last_name.trim();
  const email = cells.email?.trim().toLowerCase();
  const amount = cells.amount?.trim();
  const currency = cells.currency?.trim().toUpperCase();
  const campaign_url = optionalCell(cells.campaign_url, 200);
  const reference = optionalCell(cells.reference, 200);
  const method = cells.payment_method?.trim().toLowerCase() || null;
  if (date === undefined || !DATE_SHAPE.test(date) || !isRealDate(date)) return undefined;
  if (date > new Date(Date.now() + LATEST_OFFSET_MS).toISOString().slice(0, 10)) return undefined;
  if (!first_name || first_name.length > 100 || last_name.length > 100) return undefined;
  if (email === undefined || email.length > 254 || !z.regexes.email.test(email)) return undefined;
  if (!amount || currency === undefined || !isSupportedCurrency(currency)) return undefined;
  if (campaign_url === undefined || reference === undefined) return undefined;
  if (method !== null && !(OFFLINE_METHODS as readonly string[]).includes(method)) return undefined;
  const parsed = toMinorUnits(amount, normaliseCurrency(currency));
  if (!parsed.ok || parsed.minor <= 0) return undefined;
  return {
    date,
    first_name,
    last_name,
    email,
    currency,
    campaign_url,
    payment_method: method as TImportRow['payment_method'],
    reference,
    amount_minor: parsed.minor,
  };
}

/**
 * checking: a large file is being checked after its first rows were previewed; refused: the check
 * found the whole file unusable (too many rows, not a readable CSV), failure_message says why.
 * failed: the job stopped for good (an error no retry can cure, or its last retry); recorded gifts are kept.
 */
export const IMPORT_STATUSES = ['checking', 'refused', 'previewed', 'queued', 'running', 'finished', 'failed'] as const;
export const ZImportStatus = z.enum(IMPORT_STATUSES);
export type TImportStatus = z.infer<typeof ZImportStatus>;

/**
 * What a running donations import is doing: finding or creating the file's donors (`stage_done` of
 * `stage_total` parts), recording the gifts (`processed_rows` of `valid_rows`), then adding up the
 * donors' totals and the day sums once every gift is recorded.
 */
export const IMPORT_RUN_STAGES = ['donors', 'gifts', 'totals'] as const;
export const ZImportRunStage = z.enum(IMPORT_RUN_STAGES);
export type TImportRunStage = z.infer<typeof ZImportRunStage>;

export const ZImportSummary = z.object({
  id: z.number().int(),
  file_name: z.string(),
  status: ZImportStatus,
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  /** While checking: rows checked so far, and bytes read of the file's size (the share done). */
  checked_rows: z.number().int(),
  checked_bytes: z.number().int(),
  file_bytes: z.number().int(),
  processed_rows: z.number().int(),
  /** While status is running, which part of the run (IMPORT_RUN_STAGES); null otherwise and for plan imports. */
  run_stage: ZImportRunStage.nullable(),
  stage_done: z.number().int(),
  stage_total: z.number().int(),
  imported_count: z.number().int(),
  failed_count: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Why a failed import stopped or a file was refused, for staff; null unless status is failed or refused. */
  failure_message: z.string().nullable(),
});
export type TImportSummary = z.infer<typeof ZImportSummary>;

/** A row of the preview: its line number in the file (header = 1), the cells as written, and what is wrong. */
export const ZImportPreviewRow = z.object({
  row: z.number().int(),
  cells: z.record(z.string(), z.string()),
  errors: z.array(z.string()),
});
export type TImportPreviewRow = z.infer<typeof ZImportPreviewRow>;

export const ZImportUploadResponse = z.object({ import: ZImportSummary, preview: z.array(ZImportPreviewRow) });
export type TImportUploadResponse = z.infer<typeof ZImportUploadResponse>;
export const ZImportResponse = z.object({ import: ZImportSummary });
export type TImportResponse = z.infer<typeof ZImportResponse>;
export const ZImportListResponse = z.object({ imports: z.array(ZImportSummary) });
export type TImportListResponse = z.infer<typeof ZImportListResponse>;
