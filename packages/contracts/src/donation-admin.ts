import { z } from 'zod';
import { ZTributeRecord } from './conversion.ts';
import { ZCurrencyCode } from './currencies.ts';
import { ZDonation } from './donations.ts';
import { ZPositiveMinorAmount } from './money.ts';

// Staff pages of one donation (docs/product/donations.md): its detail, refunds, receipt resend, history, offline
// gifts and the payment attempts (transactions) list.

export const REFUND_MESSAGES = {
  overRefund: 'That is more than what is left to refund.',
  nothingLeft: 'This donation has been refunded in full.',
  notRefundable: 'Only a succeeded payment can be refunded.',
  offline: 'An offline gift is not refunded through a payment provider.',
  inProgress: 'This refund is already in progress.',
} as const;

export const ZRefundInput = z.object({
  /** Omitted: everything that is left. */
  amount_minor: ZPositiveMinorAmount.optional(),
  /** One per refund the user asks for (the modal makes it): a retried request refunds once. */
  idempotency_key: z
    .string({ error: 'A refund request needs an idempotency key.' })
    .trim()
    .min(8, 'A refund request needs an idempotency key.')
    .max(100, 'The idempotency key is too long.'),
  reason: z.string().trim().max(500, 'Keep the reason under 500 characters.').optional(),
});
export type TRefundInput = z.infer<typeof ZRefundInput>;

export const ZDonationRefund = z.object({
  id: z.number().int(),
  amount_minor: z.number().int(),
  currency: z.string(),
  provider_refund_id: z.string().nullable(),
  reason: z.string().nullable(),
  created_by: z.string().nullable(),
  /** kindling: staff refunded through Kindling; provider: made at the provider, reported by its webhook. */
  source: z.enum(['kindling', 'provider']),
  /** failed: the provider reported afterwards that the refund failed; it no longer counts. */
  status: z.enum(['succeeded', 'failed']),
  /** The provider's reason when it failed (Stripe: lost_or_stolen_card, expired_or_canceled_card, unknown). */
  failure_reason: z.string().nullable(),
  failed_at: z.string().nullable(),
  created_at: z.string(),
});
export type TDonationRefund = z.infer<typeof ZDonationRefund>;

/** A dispute (chargeback) the payment provider reported; open ones have their amount withdrawn. */
export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export const ZDonationDispute = z.object({
  id: z.number().int(),
  amount_minor: z.number().int(),
  currency: z.string(),
  provider_dispute_id: z.string(),
  reason: z.string().nullable(),
  status: z.enum(DISPUTE_STATUSES),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
});
export type TDonationDispute = z.infer<typeof ZDonationDispute>;

/** Offline demos: what the sandbox's pretend bank does to a sandbox gift (open, then win or lose). */
export const ZSandboxDisputeInput = z.object({
  action: z.enum(['open', 'win', 'lose'], { error: 'Choose open, win or lose.' }),
});
export type TSandboxDisputeInput = z.infer<typeof ZSandboxDisputeInput>;
export const SANDBOX_DISPUTE_MESSAGES = {
  notSandbox: 'Only a gift paid through the sandbox can have a simulated dispute.',
  alreadyOpen: 'This gift already has an open dispute.',
  noneOpen: 'This gift has no open dispute to decide.',
} as const;

export const ZLedgerLine = z.object({
  kind: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  base_amount_minor: z.number().int(),
  base_currency: z.string(),
  created_at: z.string(),
});

export const ZHistoryEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  /** Who did it; null for the system (checkout, webhooks, jobs). */
  actor: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;

export const ZDonationDetail = ZDonation.extend({
  donor: ZDonation.shape.donor.extend({ phone: z.string().optional() }),
  platform_fee_minor: z.number().int(),
  refunded_minor: z.number().int(),
  refundable_minor: z.number().int(),
  /** Whether this gift can go back through its provider (not offline, succeeded, something left). */
  refundable: z.boolean(),
  receipt_sent_at: z.string().nullable(),
  created_by: z.string().nullable(),
  recurring_plan: z.object({ id: z.number().int(), status: z.string(), interval: z.string() }).nullable(),
  refunds: z.array(ZDonationRefund),
  /** Chargebacks reported by the provider (webhooks), oldest first. */
  disputes: z.array(ZDonationDispute),
  ledger: z.array(ZLedgerLine),
  // conv15: a tribute gift and when its e-card went out.
  tribute: ZTributeRecord.nullable(),
  tribute_ecard_sent_at: z.string().nullable(),
});
export type TDonationDetail = z.infer<typeof ZDonationDetail>;
export const ZDonationDetailResponse = z.object({ donation: ZDonationDetail });
export type TDonationDetailResponse = z.infer<typeof ZDonationDetailResponse>;
export const ZDonationHistoryResponse = z.object({ history: z.array(ZHistoryEntry) });
export type TDonationHistoryResponse = z.infer<typeof ZDonationHistoryResponse>;
export const ZResendReceiptResponse = z.object({ queued: z.literal(true), email: z.string() });

// Offline gifts -------------------------------------------------------------------------------

export const OFFLINE_METHODS = ['cash', 'cheque', 'bank_transfer', 'in_kind'] as const;
export const ZOfflineMethod = z.enum(OFFLINE_METHODS, { error: 'Choose cash, cheque, bank transfer or in kind.' });
export type TOfflineMethod = z.infer<typeof ZOfflineMethod>;
export const OFFLINE_METHOD_LABELS: Record<TOfflineMethod, string> = {
  cash: 'Cash',
  cheque: 'Cheque',
  bank_transfer: 'Bank transfer',
  in_kind: 'In kind',
};

const ZNewDonor = z.object({
  first_name: z.string().trim().min(1, 'Enter the first name.').max(100),
  last_name: z.string().trim().min(1, 'Enter the last name.').max(100),
  email: z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254),
});

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.');

export const ZOfflineGiftInput = z
  .object({
    /** An existing donor of the organisation; else `donor` makes (or finds by e-mail) one. */
    donor_id: z.number().int().positive().nullable().optional(),
    donor: ZNewDonor.optional(),
    campaign_id: z.number().int().positive({ error: 'Choose a campaign.' }),
    designation_id: z.number().int().positive().nullable().optional(),
    method: ZOfflineMethod,
    received_on: ZIsoDate,
    amount_minor: ZPositiveMinorAmount,
    currency: ZCurrencyCode,
    gift_aid: z.boolean().default(false),
    gift_aid_name: z.string().trim().max(200).optional(),
    gift_aid_address: z.string().trim().max(500).optional(),
    gift_aid_postcode: z.string().trim().max(20).optional(),
    note: z.string().trim().max(5000).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.donor_id && !v.donor) ctx.addIssue({ code: 'custom', path: ['donor_id'], message: 'Choose a donor.' });
    const today = new Date().toISOString().slice(0, 10);
    if (v.received_on > today)
      ctx.addIssue({ code: 'custom', path: ['received_on'], message: 'The date cannot be in the future.' });
    if (Number.isNaN(Date.parse(`${v.received_on}T00:00:00Z`)))
      ctx.addIssue({ code: 'custom', path: ['received_on'], message: 'Enter a real date.' });
    if (v.gift_aid) {
      if (!v.gift_aid_address)
        ctx.addIssue({ code: 'custom', path: ['gift_aid_address'], message: 'Gift Aid needs the home address.' });
      if (!v.gift_aid_postcode)
        ctx.addIssue({ code: 'custom', path: ['gift_aid_postcode'], message: 'Gift Aid needs the postcode.' });
    }
  });
export type TOfflineGiftInput = z.input<typeof ZOfflineGiftInput>;

export const ZDonorMatch = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type TDonorMatch = z.infer<typeof ZDonorMatch>;
export const ZDonorSearchResponse = z.object({ donors: z.array(ZDonorMatch) });
export const ZDonorSearchQuery = z.object({ q: z.string().trim().min(2, 'Type at least two letters.').max(100) });

// Transactions (payment attempts) ---------------------------------------------------------------

/** dispute: money a chargeback withdrew (negative) or a won dispute returned (positive). */
export const TRANSACTION_KINDS = [
  'payment',
  'refund',
  'dispute',
  'attempt',
  // tix18b: a ticket order's payment, one ticket's refund, a whole order's refund (decision 060).
  'ticket',
  'ticket_refund',
  'order_refund',
] as const;
/** The list's "Type" filter: gifts (donations and their movements) or ticket purchases. */
export const TRANSACTION_TYPES = ['gifts', 'tickets'] as const;
export type TTransactionType = (typeof TRANSACTION_TYPES)[number];
export type TTransactionKind = (typeof TRANSACTION_KINDS)[number];
export const TRANSACTION_STATUSES = [
  'succeeded',
  'refunded',
  /** A refund row that gives a refund back: the provider reported the refund failed (decision 016). */
  'refund_failed',
  'disputed',
  'dispute_won',
  'failed',
  'requires_action',
  'canceled',
] as const;
export const ZTransactionStatus = z.enum(TRANSACTION_STATUSES);
export type TTransactionStatus = z.infer<typeof ZTransactionStatus>;

export const ZTransaction = z.object({
  /** `<kind>-<id>`: payment-12 (a donation), refund-3, dispute-5, attempt-7. */
  id: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  status: ZTransactionStatus,
  amount_minor: z.number().int(),
  currency: z.string(),
  provider: z.string().nullable(),
  provider_reference: z.string().nullable(),
  donor_name: z.string().nullable(),
  email: z.string().nullable(),
  campaign_id: z.number().int().nullable(),
  campaign_name: z.string().nullable(),
  donation_id: z.number().int().nullable(),
  recurring_plan_id: z.number().int().nullable(),
  failure_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  created_at: z.string(),
  // tix18b: a ticket purchase's order (/dashboard/tickets/{id}) and event.
  ticket_order_id: z.number().int().nullable(),
  event_name: z.string().nullable(),
});
export type TTransaction = z.infer<typeof ZTransaction>;

export const ZTransactionListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  status: ZTransactionStatus.optional(),
  search: z.string().trim().max(200).optional(),
  // tix18b: gifts or ticket purchases only.
  type: z.enum(TRANSACTION_TYPES, { error: 'Choose gifts or ticket purchases.' }).optional(),
});
export type TTransactionListQuery = z.input<typeof ZTransactionListQuery>;
/** A run of declined card payments past a card-testing limit (docs/decisions/025-card-testing.md). */
export const ZCardTestingBurst = z.object({
  id: z.number().int(),
  /** What was counted: one client address, one card, or the campaign's declines from everywhere. */
  scope: z.enum(['address', 'card', 'campaign']),
  /** The client address, "card …0002" or "many addresses". */
  source: z.string(),
  campaign_id: z.number().int().nullable(),
  declines: z.number().int(),
  started_at: z.string(),
  last_decline_at: z.string(),
  challenge_until: z.string(),
  /** New intents from the address (or on the campaign) need a solved proof-of-work. */
  challenge_on: z.boolean(),
});
export type TCardTestingBurst = z.infer<typeof ZCardTestingBurst>;

export const ZTransactionListResponse = z.object({
  transactions: z.array(ZTransaction),
  /** Card-testing bursts of the last seven days, newest first (at most five). */
  card_testing_bursts: z.array(ZCardTestingBurst),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type TTransactionListResponse = z.infer<typeof ZTransactionListResponse>;
export const ZTransactionIdParams = z.object({
  id: z
    .string()
    .regex(/^(payment|refund|dispute|attempt|ticket|ticket_refund|order_refund)-\d{1,15}$/, 'No such transaction.'),
});
export const ZTransactionResponse = z.object({ transaction: ZTransaction });
export type TTransactionResponse = z.infer<typeof ZTransactionResponse>;
