// Amounts and dates on the public payment page, in the organisation's locale: small enough for the public
// bundle (no zod, no React), like the event page's event-format.ts.
import { formatMoney, fromMinorUnits } from '@kindling/contracts/money-rules.ts';
import type { TPaymentRequestStatus } from '@kindling/contracts/payment-request-rules.ts';

/** What GET /api/v1/payment_requests/{id} answers (ZPublicPaymentRequest, without zod here). */
export type PayRequest = {
  public_id: string;
  status: TPaymentRequestStatus;
  organisation: string;
  logo_url: string | null;
  purpose: string;
  description: string;
  amount_kind: 'fixed' | 'minimum';
  amount_minor: number;
  paid_minor: number;
  payable_minor: number;
  currency: string;
  due_on: string | null;
  allow_fee_cover: boolean;
  payer: { first_name: string; last_name: string; email: string };
  campaign_id: number;
  designation_id: number | null;
  locale: string;
  /** pay25c: monthly instalments; the first payment on this page is one, monthly, and saves the card. */
  instalments: number;
  schedule: { number: number; due_on: string | null; amount_minor: number; paid: boolean }[];
};

export function payFormat(request: Pick<PayRequest, 'locale' | 'currency'>) {
  const day = new Intl.DateTimeFormat(request.locale, { dateStyle: 'long', timeZone: 'UTC' });
  return {
    money: (minor: number) => formatMoney(minor, request.currency, request.locale),
    /** The amount as typed in the field: '250.00'. */
    plain: (minor: number) => fromMinorUnits(minor, request.currency),
    /** A calendar day (YYYY-MM-DD) as written in the locale; the day itself, in no time zone. */
    day: (iso: string) => day.format(new Date(`${iso}T00:00:00Z`)),
  };
}
