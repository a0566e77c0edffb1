// The console's platform-wide transactions (docs/product/console.md#consoletransactions): every
// payment, refund and dispute of every organisation, read-only, newest first, a page at a time by
// keyset (docs/decisions/054-console-transactions-and-roll-up.md).
import { z } from 'zod';

export const CONSOLE_TRANSACTION_KINDS = ['payment', 'refund', 'dispute'] as const;
export const CONSOLE_TRANSACTION_STATUSES = [
  'succeeded',
  'refunded',
  'failed',
  'pending',
  'refund_failed',
  'disputed',
  'dispute_won',
] as const;
export const CONSOLE_TRANSACTIONS_PAGE = 50;
/** The export's ceiling: a larger set is narrowed with the filters first. */
export const CONSOLE_TRANSACTIONS_EXPORT_MAX = 50_000;

const day = (message: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: message })
    .optional();
const minor = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(0, { error: message });

export const ZConsoleTransactionQuery = z
  .object({
    npo_id: z.coerce
      .number({ error: 'Choose an organisation.' })
      .int()
      .positive()
      .max(Number.MAX_SAFE_INTEGER)
      .optional(),
    provider: z.string().trim().max(40).optional(),
    kind: z.enum(CONSOLE_TRANSACTION_KINDS, { error: 'Choose payments, refunds or disputes.' }).optional(),
    status: z.enum(CONSOLE_TRANSACTION_STATUSES, { error: 'Choose a status from the list.' }).optional(),
    /** UTC days, both included. */
    from: day('Enter the first day as YYYY-MM-DD.'),
    to: day('Enter the last day as YYYY-MM-DD.'),
    /** In minor units of each row's own currency. */
    min_minor: minor('Enter the smallest amount as a whole number of cents.').optional(),
    max_minor: minor('Enter the largest amount as a whole number of cents.').optional(),
    /** A gift's number, a provider reference or a donor's e-mail (exact). */
    q: z.string().trim().max(200).optional(),
    /** The next_cursor of the previous page. */
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'This list has changed. Please reload the page.' })
      .optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { error: 'The last day is before the first.', path: ['to'] })
  .refine((v) => v.min_minor === undefined || v.max_minor === undefined || v.min_minor <= v.max_minor, {
    error: 'The largest amount is below the smallest.',
    path: ['max_minor'],
  });
export type TConsoleTransactionQuery = z.infer<typeof ZConsoleTransactionQuery>;

export const ZConsoleTransaction = z.object({
  /** `payment-12`, `refund-40`, `dispute-7`: the kind and the row's own id. */
  id: z.string(),
  kind: z.enum(CONSOLE_TRANSACTION_KINDS),
  status: z.enum(CONSOLE_TRANSACTION_STATUSES),
  npo_id: z.number().int(),
  organisation: z.string(),
  donation_id: z.number().int(),
  /** Signed: refunds and disputes withdrawn are negative. */
  amount_minor: z.number().int(),
  currency: z.string(),
  provider: z.string().nullable(),
  provider_reference: z.string().nullable(),
  payment_method: z.string().nullable(),
  email: z.string().nullable(),
  created_at: z.string(),
});
export type TConsoleTransaction = z.infer<typeof ZConsoleTransaction>;

export const ZConsoleTransactionList = z.object({
  transactions: z.array(ZConsoleTransaction),
  /** Pass back as `cursor` for the next (older) page; null at the end. */
  next_cursor: z.string().nullable(),
});
export type TConsoleTransactionList = z.infer<typeof ZConsoleTransactionList>;

/**
 * /console/sales: the platform's own income and volume by month, in the reporting currency. The
 * organisations' figures are a page at a time (ZConsoleSalesOrganisations, decision 096).
 */
export const ZConsoleSales = z.object({
  reporting_currency: z.string(),
  /** The last 12 UTC months, oldest first. */
  by_month: z.array(
    z.object({
      period: z.string(),
      gross_minor: z.number().int(),
      fees_minor: z.number().int(),
      /** Organisations with at least one gift that month. */
      active_organisations: z.number().int(),
      /** Organisations created that month. */
      new_organisations: z.number().int(),
      /** Fees due at each organisation's rate that no provider took (the sum of its organisations'). */
      owed_minor: z.number().int(),
    }),
  ),
  /** The ten organisations that brought the most platform fees over the 12 months. */
  top_organisations: z.array(
    z.object({
      npo_id: z.number().int(),
      name: z.string(),
      gross_minor: z.number().int(),
      fees_minor: z.number().int(),
    }),
  ),
  /** Currencies without a rate into the reporting currency: left out of the sums. */
  unconverted: z.array(z.string()),
});
export type TConsoleSales = z.infer<typeof ZConsoleSales>;

export const CONSOLE_SALES_SORTS = ['owed', 'fees', 'gross', 'name'] as const;
export const CONSOLE_SALES_PER_PAGE = 50;
export const CONSOLE_SALES_PER_PAGE_MAX = 100;

/** GET /console/sales/organizations: the owed-fees table, sorted and searched on the server. */
export const ZConsoleSalesOrganisationQuery = z.object({
  /** `all` (the 12 months) or one of them as YYYY-MM. */
  period: z
    .string()
    .regex(/^(all|\d{4}-(0[1-9]|1[0-2]))$/, { error: 'Choose the last 12 months or one of them.' })
    .default('all'),
  /** Most owed first (then most fees taken), or by fees taken, money processed or name. */
  sort: z
    .enum(CONSOLE_SALES_SORTS, { error: 'Sort by fees owed, fees taken, money processed or name.' })
    .default('owed'),
  /** Part of an organisation's name, any case. */
  q: z.string().trim().max(200, { error: 'Search with at most 200 characters.' }).optional(),
  page: z.coerce
    .number({ error: 'Choose a page from 1.' })
    .int({ error: 'Choose a page from 1.' })
    .min(1, { error: 'Choose a page from 1.' })
    .max(100_000, { error: 'Choose a page from 1.' })
    .default(1),
  per_page: z.coerce
    .number({ error: `Show between 1 and ${CONSOLE_SALES_PER_PAGE_MAX} organisations a page.` })
    .int({ error: `Show between 1 and ${CONSOLE_SALES_PER_PAGE_MAX} organisations a page.` })
    .min(1, { error: `Show between 1 and ${CONSOLE_SALES_PER_PAGE_MAX} organisations a page.` })
    .max(CONSOLE_SALES_PER_PAGE_MAX, {
      error: `Show between 1 and ${CONSOLE_SALES_PER_PAGE_MAX} organisations a page.`,
    })
    .default(CONSOLE_SALES_PER_PAGE),
});
export type TConsoleSalesOrganisationQuery = z.infer<typeof ZConsoleSalesOrganisationQuery>;

/**
 * One page of the organisations with money processed or fees taken in the period: its rate (its own,
 * else the platform default), and what is still owed (per month, gross × rate − fees taken, never
 * below zero; over the 12 months, the sum of its months).
 */
export const ZConsoleSalesOrganisations = z.object({
  reporting_currency: z.string(),
  period: z.string(),
  sort: z.enum(CONSOLE_SALES_SORTS),
  page: z.number().int(),
  per_page: z.number().int(),
  /** Organisations that match, over every page. */
  total: z.number().int(),
  organisations: z.array(
    z.object({
      npo_id: z.number().int(),
      name: z.string(),
      fee_bps: z.number().int(),
      gross_minor: z.number().int(),
      fees_minor: z.number().int(),
      owed_minor: z.number().int(),
    }),
  ),
});
export type TConsoleSalesOrganisations = z.infer<typeof ZConsoleSalesOrganisations>;
