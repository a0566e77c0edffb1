// Payment requests' statuses and the payer's messages, without zod: the public /pay/{id} page imports
// this file (docs/decisions/050-payment-requests.md).
import { formatMoney } from './money-rules.ts';

export const PAYMENT_REQUEST_STATUSES = ['open', 'partly_paid', 'overdue', 'paid', 'cancelled', 'expired'] as const;
export type TPaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];
export const PAYMENT_REQUEST_STATUS_LABELS: Record<TPaymentRequestStatus, string> = {
  open: 'Open',
  partly_paid: 'Partly paid',
  overdue: 'Overdue',
  paid: 'Paid',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** The e-mails a request sends: the request itself (on create, by "Resend") and two reminders. */
export const PAYMENT_REQUEST_EMAIL_KINDS = ['request', 'reminder_before', 'reminder_after'] as const;
export type TPaymentRequestEmailKind = (typeof PAYMENT_REQUEST_EMAIL_KINDS)[number];
export const PAYMENT_REQUEST_EMAIL_LABELS: Record<TPaymentRequestEmailKind, string> = {
  request: 'Request',
  reminder_before: 'Reminder before the due date',
  reminder_after: 'Reminder after the due date',
};

export const PAYMENT_REQUEST_MESSAGES = {
  notFound: 'No such payment request.',
  paid: 'This request has been paid in full. Thank you!',
  cancelled: 'This request was cancelled, so it takes no payment.',
  expired: 'This payment link has expired, so it takes no payment.',
  currency: (currency: string) => `This request is paid in ${currency}.`,
  belowMinimum: (minor: number, currency: string, locale?: string) =>
    `The least you can pay on this request is ${formatMoney(minor, currency, locale)}.`,
  aboveLeft: (minor: number, currency: string, locale?: string) =>
    `The most you can pay on this request is ${formatMoney(minor, currency, locale)}, what is left of it.`,
  feeCover: 'This request does not offer covering the fees.',
  campaign: 'This payment does not belong to this request.',
  notCancellable: 'Only a request that is not yet paid can be cancelled.',
  notSendable: 'Only a request that still takes payment can be e-mailed.',
  // pay25c: instalments (docs/decisions/062-payment-request-instalments.md).
  instalmentsFixed: 'Instalments need a fixed amount.',
  oneOff: 'The rest of this request is paid in one payment.',
  instalmentsEven: (n: number) => `The amount must split into ${n} equal instalments.`,
  instalmentAmount: (minor: number, currency: string, locale?: string) =>
    `Each instalment of this request is ${formatMoney(minor, currency, locale)}.`,
} as const;

/** pay25c: instalment k (0-based) is due k months after the first due day (the day clamped to the month's last). */
export function instalmentDueDays(firstDay: string, count: number): string[] {
  const [y, m, d] = firstDay.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, k) => {
    const month = new Date(Date.UTC(y, m - 1 + k, 1));
    const last = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).getUTCDate();
    month.setUTCDate(Math.min(d, last));
    return month.toISOString().slice(0, 10);
  });
}
