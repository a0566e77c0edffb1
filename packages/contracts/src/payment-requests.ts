// Payment requests (docs/decisions/050-payment-requests.md): staff ask a known payer for a known amount,
// the payer pays at /pay/{public_id} through the donation form's payment step.
import { z } from 'zod';
import { ZCurrencyCode } from './currencies.ts';
import { ZOfflineMethod } from './donation-admin.ts';
import { ZPositiveMinorAmount } from './money.ts';
import {
  PAYMENT_REQUEST_EMAIL_KINDS,
  PAYMENT_REQUEST_MESSAGES,
  PAYMENT_REQUEST_STATUSES,
} from './payment-request-rules.ts';

export * from './payment-request-rules.ts';

/** The public id: 18 random bytes in base64url (24 characters). */
export const ZPaymentRequestPublicId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'No such payment request.');

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.');

export const ZPaymentRequestInput = z
  .object({
    /** An existing donor of the organisation; else `payer` names who is asked. */
    donor_id: z.number().int().positive().nullable().optional(),
    payer: z
      .object({
        first_name: z.string().trim().max(100).default(''),
        last_name: z.string().trim().max(100).default(''),
        email: z.email({ error: 'Enter the payer’s e-mail address.' }).trim().toLowerCase().max(254),
      })
      .optional(),
    amount_kind: z.enum(['fixed', 'minimum']).default('fixed'),
    amount_minor: ZPositiveMinorAmount,
    currency: ZCurrencyCode,
    purpose: z.string().trim().min(1, 'Say what the payment is for.').max(200),
    description: z.string().trim().max(2000).default(''),
    campaign_id: z.number({ error: 'Choose a campaign.' }).int().positive({ error: 'Choose a campaign.' }),
    designation_id: z.number().int().positive().nullable().optional(),
    due_on: ZDay.nullable().optional(),
    expires_on: ZDay.nullable().optional(),
    reference: z.string().trim().max(100).default(''),
    allow_fee_cover: z.boolean().default(false),
    /** E-mail the request to the payer as soon as it is created. */
    send_email: z.boolean().default(false),
    /** pay25c: equal monthly payments (1 = one payment), the first on /pay, the rest by the recurring plan. */
    instalments: z.number().int().min(1, 'At least one payment.').max(24, 'At most 24 instalments.').default(1),
  })
  .superRefine((v, ctx) => {
    if (!v.donor_id && !v.payer)
      ctx.addIssue({ code: 'custom', path: ['donor_id'], message: 'Choose a donor or enter the payer’s e-mail.' });
    if (v.instalments > 1 && v.amount_kind !== 'fixed')
      ctx.addIssue({ code: 'custom', path: ['instalments'], message: PAYMENT_REQUEST_MESSAGES.instalmentsFixed });
    else if (v.amount_minor % v.instalments !== 0)
      ctx.addIssue({
        code: 'custom',
        path: ['instalments'],
        message: PAYMENT_REQUEST_MESSAGES.instalmentsEven(v.instalments),
      });
    if (v.due_on && v.expires_on && v.expires_on < v.due_on)
      ctx.addIssue({ code: 'custom', path: ['expires_on'], message: 'The link cannot expire before the due date.' });
  });
export type TPaymentRequestInput = z.input<typeof ZPaymentRequestInput>;

export const ZPaymentRequestPayment = z.object({
  donation_id: z.number(),
  amount_minor: z.number(),
  currency: z.string(),
  paid_at: z.string(),
  payment_method: z.string(),
  provider: z.string(),
  receipt_number: z.string().nullable(),
});

export const ZPaymentRequestSummary = z.object({
  id: z.number(),
  public_id: z.string(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  payer_name: z.string(),
  payer_email: z.string(),
  donor_id: z.number().nullable(),
  purpose: z.string(),
  reference: z.string(),
  amount_kind: z.enum(['fixed', 'minimum']),
  amount_minor: z.number(),
  paid_minor: z.number(),
  outstanding_minor: z.number(),
  currency: z.string(),
  due_on: z.string().nullable(),
  created_at: z.string(),
});
export type TPaymentRequestSummary = z.infer<typeof ZPaymentRequestSummary>;

/** pay25c: one instalment of a request: its due day, amount and whether it is paid. */
export const ZInstalment = z.object({
  number: z.number(),
  due_on: z.string().nullable(),
  amount_minor: z.number(),
  paid: z.boolean(),
});
export type TInstalment = z.infer<typeof ZInstalment>;

export const ZPaymentRequestDetail = ZPaymentRequestSummary.extend({
  description: z.string(),
  campaign_id: z.number(),
  campaign_name: z.string(),
  designation_id: z.number().nullable(),
  expires_at: z.string().nullable(),
  allow_fee_cover: z.boolean(),
  last_sent_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** The path the payer opens: /pay/{public_id}. */
  pay_path: z.string(),
  payments: z.array(ZPaymentRequestPayment),
  /** The e-mails sent for it, newest first. */
  emails: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(PAYMENT_REQUEST_EMAIL_KINDS),
      recipient: z.string(),
      sent_at: z.string(),
    }),
  ),
  /** The statement (PDF) staff download. */
  statement_path: z.string(),
  /** pay25c: the instalments' due days and whether each is paid (one row for a single payment). */
  schedule: z.array(ZInstalment),
});
export type TPaymentRequestDetail = z.infer<typeof ZPaymentRequestDetail>;

export const ZPaymentRequestListQuery = z.object({
  status: z.enum(PAYMENT_REQUEST_STATUSES).optional(),
  donor_id: z.coerce.number().int().positive().optional(),
});
export const ZPaymentRequestList = z.object({
  requests: z.array(ZPaymentRequestSummary),
  /** What is still asked of open, partly paid and overdue requests, per currency. */
  outstanding: z.array(z.object({ currency: z.string(), amount_minor: z.number() })),
});
export type TPaymentRequestList = z.infer<typeof ZPaymentRequestList>;

export const ZMarkPaidOffline = z.object({
  method: ZOfflineMethod.default('bank_transfer'),
  received_on: ZDay,
  amount_minor: ZPositiveMinorAmount.optional(),
  note: z.string().trim().max(2000).optional(),
});
export type TMarkPaidOffline = z.input<typeof ZMarkPaidOffline>;

/** What /pay/{id} shows: only what the payer is meant to see (no staff reference, no donor id). */
export const ZPublicPaymentRequest = z.object({
  public_id: z.string(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  organisation: z.string(),
  logo_url: z.string().nullable(),
  purpose: z.string(),
  description: z.string(),
  amount_kind: z.enum(['fixed', 'minimum']),
  amount_minor: z.number(),
  paid_minor: z.number(),
  /** What the payer may pay now: fixed → what is left; minimum → the minimum. */
  payable_minor: z.number(),
  currency: z.string(),
  due_on: z.string().nullable(),
  allow_fee_cover: z.boolean(),
  payer: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }),
  campaign_id: z.number(),
  designation_id: z.number().nullable(),
  locale: z.string(),
  /** pay25c: instalments, and what each is; the first payment is one instalment, monthly. */
  instalments: z.number(),
  schedule: z.array(ZInstalment),
});
export type TPublicPaymentRequest = z.infer<typeof ZPublicPaymentRequest>;

/** An organisation's reminders: before and after a request's due day, while it is not paid. */
export const ZPaymentRequestSettings = z.object({
  reminders_enabled: z.boolean(),
  days_before: z
    .number({ error: 'Enter a number of days.' })
    .int('Enter a whole number of days.')
    .min(0, 'Enter 0 to 90 days.')
    .max(90, 'Enter 0 to 90 days.'),
  days_after: z
    .number({ error: 'Enter a number of days.' })
    .int('Enter a whole number of days.')
    .min(0, 'Enter 0 to 90 days.')
    .max(90, 'Enter 0 to 90 days.'),
});
export type TPaymentRequestSettings = z.infer<typeof ZPaymentRequestSettings>;
