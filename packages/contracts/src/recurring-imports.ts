import { z } from 'zod';
import {
  IMPORT_DONOR_FIELDS,
  importAmountMinor,
  optionalImportText,
  ZImportPreviewRow,
  ZImportSummary,
} from './imports.ts';

// Recurring imports (/dashboard/recurring_imports, docs/product/imports.md#recurring-imports): a
// CSV of recurring plans moved from another platform, checked row by row, previewed, then each row
// checked with its payment provider and made a plan by a background job.

export const RECURRING_IMPORT_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'amount',
  'currency',
  'interval',
  'next_charge_date',
  'provider',
  'customer_id',
  'payment_method_id',
  'status',
  'campaign_url',
] as const;
export type TRecurringImportColumn = (typeof RECURRING_IMPORT_COLUMNS)[number];
export const RECURRING_IMPORT_REQUIRED_COLUMNS = [
  'first_name',
  'email',
  'amount',
  'currency',
  'interval',
  'next_charge_date',
  'provider',
  'payment_method_id',
] as const;
export const RECURRING_IMPORT_INTERVALS = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'] as const;
export const RECURRING_IMPORT_PROVIDERS = ['sandbox', 'stripe', 'paypal'] as const;
/** An imported plan starts charging (active) or waits for the donor or staff to resume it (paused). */
export const RECURRING_IMPORT_PLAN_STATUSES = ['active', 'paused'] as const;

/**
 * The sample staff download: ten plans in sandbox mode, each on one of the sandbox's test payment
 * methods (Stripe's test ids), so the whole flow can be tried without a provider account. The
 * dates are placeholders the page replaces with days from tomorrow (sampleRecurringImportCsv).
 */
export function sampleRecurringImportCsv(today: string): string {
  const day = (offset: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  const rows: string[][] = [
    ['Amara', 'Okafor', 'amara.okafor@example.org', '25.00', 'USD', 'monthly', day(1), 'pm_card_visa'],
    ['Bruno', 'Costa', 'bruno.costa@example.org', '10.00', 'USD', 'monthly', day(2), 'pm_card_mastercard'],
    ['Chen', 'Wei', 'chen.wei@example.org', '15.00', 'USD', 'monthly', day(3), 'pm_card_visa'],
    ['Dalia', 'Haddad', 'dalia.haddad@example.org', '50.00', 'USD', 'quarterly', day(4), 'pm_card_amex'],
    ['Erik', 'Lund', 'erik.lund@example.org', '120.00', 'USD', 'yearly', day(5), 'pm_card_visa'],
    ['Fatima', 'Diallo', 'fatima.diallo@example.org', '5.00', 'USD', 'weekly', day(6), 'pm_card_mastercard'],
    ['Grace', 'Mensah', 'grace.mensah@example.org', '30.00', 'USD', 'monthly', day(7), 'pm_card_visa'],
    ['Hugo', 'Moreau', 'hugo.moreau@example.org', '20.00', 'USD', 'monthly', day(8), 'pm_card_mastercard'],
    ['Ines', 'Silva', 'ines.silva@example.org', '12.50', 'USD', 'monthly', day(9), 'pm_card_visa'],
    ['Jonas', 'Weber', 'jonas.weber@example.org', '40.00', 'USD', 'quarterly', day(10), 'pm_card_amex'],
  ];
  const lines = rows.map(([first, last, email, amount, currency, interval, date, method], i) =>
    [
      first,
      last,
      email,
      amount,
      currency,
      interval,
      date,
      'sandbox',
      `cus_sandbox_${i + 1}`,
      method,
      'active',
      '',
    ].join(','),
  );
  return `${RECURRING_IMPORT_COLUMNS.join(',')}\n${lines.join('\n')}\n`;
}

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};

const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z
    .string({ error: `${name}: required.` })
    .trim()
    .toLowerCase()
    .pipe(z.enum(values, { error: `${name}: one of ${values.join(', ')}.` }));

/**
 * One CSV row (every cell a string) into a plan to create: the amount in major units as written
 * becomes integer minor units of the row's currency by digit arithmetic, never a float.
 */
export const ZRecurringImportRow = z
  .object({
    ...IMPORT_DONOR_FIELDS,
    interval: oneOf('interval', RECURRING_IMPORT_INTERVALS),
    next_charge_date: z
      .string({ error: 'next_charge_date: required.' })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'next_charge_date: write it as YYYY-MM-DD.')
      .refine(isRealDate, 'next_charge_date: not a real date.'),
    provider: oneOf('provider', RECURRING_IMPORT_PROVIDERS),
    customer_id: optionalImportText(255),
    payment_method_id: z
      .string({ error: 'payment_method_id: required.' })
      .trim()
      .min(1, 'payment_method_id: required.')
      .max(255, 'payment_method_id: at most 255 characters.'),
    status: z
      .string()
      .trim()
      .toLowerCase()
      .optional()
      .transform((v) => v || 'active')
      .pipe(
        z.enum(RECURRING_IMPORT_PLAN_STATUSES, {
          error: `status: one of ${RECURRING_IMPORT_PLAN_STATUSES.join(', ')} (leave empty for active).`,
        }),
      ),
    campaign_url: optionalImportText(200),
  })
  .transform((row, ctx) => {
    const amount_minor = importAmountMinor(row, ctx);
    if (row.provider === 'stripe' && !row.customer_id) {
      ctx.addIssue({ code: 'custom', message: 'customer_id: required for Stripe (the cus_… the card is saved on).' });
    }
    const { amount: _written, ...rest } = row;
    return { ...rest, amount_minor };
  });
export type TRecurringImportRow = z.output<typeof ZRecurringImportRow>;

/** A recurring import as the page shows it: the donations import's counts, plus rows already imported. */
export const ZRecurringImportSummary = ZImportSummary.extend({
  /** Rows whose plan an earlier import already created (the same file twice): nothing new written. */
  skipped_count: z.number().int(),
});
export type TRecurringImportSummary = z.infer<typeof ZRecurringImportSummary>;

export const ZRecurringImportUploadResponse = z.object({
  import: ZRecurringImportSummary,
  preview: z.array(ZImportPreviewRow),
});
export type TRecurringImportUploadResponse = z.infer<typeof ZRecurringImportUploadResponse>;
export const ZRecurringImportResponse = z.object({ import: ZRecurringImportSummary });
export type TRecurringImportResponse = z.infer<typeof ZRecurringImportResponse>;
export const ZRecurringImportListResponse = z.object({ imports: z.array(ZRecurringImportSummary) });
export type TRecurringImportListResponse = z.infer<typeof ZRecurringImportListResponse>;

/** A plan an import created, as the import's page lists it (links to /dashboard/recurring-plan/:id). */
export const ZRecurringImportPlan = z.object({
  row: z.number().int(),
  plan_id: z.number().int(),
  donor_name: z.string(),
  email: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  interval: z.enum(RECURRING_IMPORT_INTERVALS),
  status: z.string(),
  next_charge_at: z.string().nullable(),
});
export type TRecurringImportPlan = z.infer<typeof ZRecurringImportPlan>;
export const ZRecurringImportPlansResponse = z.object({ plans: z.array(ZRecurringImportPlan) });
export type TRecurringImportPlansResponse = z.infer<typeof ZRecurringImportPlansResponse>;
