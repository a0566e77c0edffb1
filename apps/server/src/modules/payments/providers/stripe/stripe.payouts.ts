// The payouts of an organisation's connected Stripe account and the balance transactions each one
// paid out (docs/product/reports.md#reconciliation, decision 104): `payouts.list` by arrival date
// and `balanceTransactions.list({ payout })`, both auto-paginated, on the connected account. Amounts
// come back in Kindling's minor units of their currency.
import type Stripe from 'stripe';
import { fromStripeAmount } from './stripe.amounts.ts';
import { stripeCall } from './stripe.errors.ts';

export type PayoutLineKind = 'charge' | 'refund' | 'dispute' | 'adjustment' | 'fee' | 'other';

export type ProviderPayoutLine = {
  id: string;
  kind: PayoutLineKind;
  providerType: string;
  /** The charge, refund or dispute the line moved money for. */
  sourceId: string | null;
  /** The PaymentIntent the line belongs to: a gift's provider reference. */
  paymentReference: string | null;
  description: string | null;
  occurredAt: Date;
  grossMinor: number;
  feeMinor: number;
  netMinor: number;
  currency: string;
};

export type ProviderPayout = {
  id: string;
  /** The day the money is expected at the bank (UTC, as Stripe gives it). */
  arrivalDate: string;
  status: string;
  amountMinor: number;
  currency: string;
  lines: ProviderPayoutLine[];
};

/** Whole days, both included, as a Unix-seconds range of arrival dates. */
export type PayoutPeriod = { from: string; to: string };

const FEE_TYPES = new Set(['stripe_fee', 'application_fee', 'tax_fee', 'network_cost', 'reserve_transaction']);

function kindOf(t: Stripe.BalanceTransaction): PayoutLineKind {
  if (t.type === 'charge' || t.type === 'payment') return 'charge';
  if (t.type === 'refund' || t.type === 'payment_refund' || t.type === 'payment_failure_refund') return 'refund';
  if (t.reporting_category === 'dispute' || t.reporting_category === 'dispute_reversal') return 'dispute';
  if (t.type === 'adjustment') return 'adjustment';
  if (FEE_TYPES.has(t.type) || t.reporting_category === 'fee') return 'fee';
  return 'other';
}

/** The PaymentIntent behind a charge, refund or dispute (the source is expanded), else null. */
function paymentOf(source: Stripe.BalanceTransaction['source']): string | null {
  if (!source || typeof source === 'string') return null;
  const intent = (source as { payment_intent?: string | { id: string } | null }).payment_intent;
  if (intent) return typeof intent === 'string' ? intent : intent.id;
  const charge = (source as { charge?: string | { payment_intent?: string | null } | null }).charge;
  if (charge && typeof charge !== 'string' && charge.payment_intent) return charge.payment_intent;
  return null;
}

const sourceIdOf = (source: Stripe.BalanceTransaction['source']): string | null =>
  !source ? null : typeof source === 'string' ? source : source.id;

function toLine(t: Stripe.BalanceTransaction): ProviderPayoutLine {
  const currency = t.currency.toUpperCase();
  return {
    id: t.id,
    kind: kindOf(t),
    providerType: t.type,
    sourceId: sourceIdOf(t.source),
    paymentReference: paymentOf(t.source),
    description: t.description ?? null,
    occurredAt: new Date(t.created * 1000),
    grossMinor: fromStripeAmount(t.amount, currency),
    feeMinor: fromStripeAmount(t.fee, currency),
    netMinor: fromStripeAmount(t.net, currency),
    currency,
  };
}

const seconds = (day: string, addDays = 0) => Date.parse(`${day}T00:00:00Z`) / 1000 + addDays * 86_400;

/** The period's payouts with their lines; the payout's own balance transaction is not a line. */
export async function listStripePayouts(
  stripe: Stripe,
  stripeAccount: string,
  period: PayoutPeriod,
): Promise<ProviderPayout[]> {
  const payouts: ProviderPayout[] = [];
  await stripeCall(async () => {
    const listed = stripe.payouts.list(
      { arrival_date: { gte: seconds(period.from), lt: seconds(period.to, 1) }, limit: 100 },
      { stripeAccount },
    );
    for await (const p of listed) {
      const currency = p.currency.toUpperCase();
      payouts.push({
        id: p.id,
        arrivalDate: new Date(p.arrival_date * 1000).toISOString().slice(0, 10),
        status: p.status,
        amountMinor: fromStripeAmount(p.amount, currency),
        currency,
        lines: [],
      });
    }
  });
  for (const payout of payouts) {
    await stripeCall(async () => {
      const listed = stripe.balanceTransactions.list(
        { payout: payout.id, limit: 100, expand: ['data.source'] },
        { stripeAccount },
      );
      for await (const t of listed) if (t.type !== 'payout') payout.lines.push(toLine(t));
    });
  }
  return payouts;
}
