// The reconciliation report (docs/product/reports.md#reconciliation, decision 104): per provider
// that reports them, the period's payouts by arrival date with their balance transactions summed
// (the nets add up to the payout's amount, so a bank deposit can be matched), and every line with
// the Kindling gift it matches by the provider's payment id. PayPal reports no payouts to Kindling,
// nor does Stripe without a connected account: the report says so instead of showing nothing.
import type { TPayoutSource } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { ReportBody } from './campaigns-report.service.ts';
import type { ReportFilter } from './income.repository.ts';
import {
  type FetchRow,
  type PayoutPeriodFilter,
  selectFetches,
  selectPayoutCurrencies,
  selectPayoutLines,
  selectPayoutSums,
  selectStripeAccount,
} from './reconciliation-report.repository.ts';
import { count, date, money, sumLines, text } from './table-report.ts';

export const PAYPAL_NOT_REPORTED =
  'PayPal does not report payouts to Kindling; match PayPal deposits from your PayPal statement.';
export const STRIPE_NOT_CONNECTED =
  'No Stripe account is connected, so Stripe reports no payouts here: connect one under Settings → Payment processors.';
/** A fetch asked for longer ago than this without an answer has died; the button is offered again. */
const FETCH_STALE_MS = 15 * 60_000;

const PROVIDER_LABELS: Record<string, string> = { stripe: 'Stripe', paypal: 'PayPal', sandbox: 'Sandbox' };
const KIND_LABELS: Record<string, string> = {
  charge: 'Charge',
  refund: 'Refund',
  dispute: 'Dispute',
  adjustment: 'Adjustment',
  fee: 'Fee',
  other: 'Other',
};

type Ctx = { npoId: number; filter: ReportFilter; baseCurrency: string };
export type ReconciliationBody = ReportBody & { currency: string; sources: TPayoutSource[] };

/** Payouts are whole deposits: a campaign, designation, method or segment cannot split one. */
function refuseGiftFilters(f: ReportFilter): void {
  if (f.campaign_id?.length || f.designation?.length || f.payment_method?.length || f.segment_id) {
    throw new AppError(
      'VALIDATION_FAILED',
      'A payout holds gifts of every campaign, designation and method: the reconciliation report filters by period and currency only.',
      { filter: 'not_applicable' },
    );
  }
}

const sourceOf = (provider: 'stripe' | 'sandbox', row: FetchRow | undefined, canRefresh: boolean): TPayoutSource => {
  const asked = row?.requested_at ? Date.parse(row.requested_at) : 0;
  const done = row?.fetched_at ? Date.parse(row.fetched_at) : 0;
  return {
    provider,
    label: PROVIDER_LABELS[provider] ?? provider,
    reported: true,
    message: null,
    fetched_at: row?.fetched_at ?? row?.last_payout_fetch ?? null,
    refreshing: !!row?.requested_at && !row.error && asked > done && Date.now() - asked < FETCH_STALE_MS,
    error: row?.error ?? null,
    can_refresh: canRefresh,
  };
};

/** Which providers report payouts for this organisation, and when they were last fetched. */
export async function payoutSources(db: Db, npoId: number): Promise<TPayoutSource[]> {
  const connected = (await selectStripeAccount(db, npoId)).accountId !== null;
  const fetches = await selectFetches(db, npoId);
  const of = (p: string) => fetches.find((f) => f.provider === p);
  const notReported = (provider: 'stripe' | 'paypal', message: string): TPayoutSource => ({
    provider,
    label: PROVIDER_LABELS[provider] ?? provider,
    reported: false,
    message,
    fetched_at: null,
    refreshing: false,
    error: null,
    can_refresh: false,
  });
  const sources: TPayoutSource[] = [
    connected ? sourceOf('stripe', of('stripe'), true) : notReported('stripe', STRIPE_NOT_CONNECTED),
  ];
  // The demo's sandbox payouts (made by the seed from its sandbox gifts) are shown where they exist.
  if ((of('sandbox')?.payouts ?? 0) > 0) sources.push(sourceOf('sandbox', of('sandbox'), false));
  sources.push(notReported('paypal', PAYPAL_NOT_REPORTED));
  return sources;
}

/** The currency shown: the filter's, else the base currency's payouts, else the most frequent. */
async function currencyOf(db: Db, { npoId, filter, baseCurrency }: Ctx): Promise<{ shown: string; others: string[] }> {
  const all = await selectPayoutCurrencies(db, { npoId, from: filter.from, to: filter.to });
  const chosen = filter.currency?.[0];
  if (filter.currency && filter.currency.length > 1) {
    throw new AppError('VALIDATION_FAILED', 'Choose one currency: a payout is paid in one currency.', {
      currency: 'one',
    });
  }
  const shown = chosen ?? (all.includes(baseCurrency) || all.length === 0 ? baseCurrency : (all[0] ?? baseCurrency));
  return { shown, others: chosen ? [] : all.filter((c) => c !== shown) };
}

const othersNote = (others: string[]) =>
  others.length ? ` Payouts in ${others.join(', ')} are not shown: choose that currency in the filters.` : '';

async function payouts(db: Db, f: PayoutPeriodFilter, others: string[]): Promise<ReportBody> {
  const columns = [
    text('payout', 'Payout'),
    text('provider', 'Provider'),
    date('arrival_date', 'Arrival date'),
    text('status', 'Status'),
    text('currency', 'Currency'),
    count('lines', 'Transactions'),
    money('charges_gross', 'Charges'),
    money('refunds', 'Refunds'),
    money('disputes', 'Disputes and adjustments'),
    money('fees', 'Fees'),
    money('net', 'Net of transactions'),
    money('amount', 'Payout amount'),
    money('difference', 'Difference'),
    count('unmatched', 'Not matched'),
  ];
  const rows = (await selectPayoutSums(db, f)).map((p) => ({
    key: `${p.provider}:${p.payout_id}`,
    cells: {
      payout: p.payout_id,
      provider: PROVIDER_LABELS[p.provider] ?? p.provider,
      arrival_date: p.arrival_date,
      status: p.status,
      currency: p.currency,
      lines: p.lines,
      charges_gross: p.charges_gross,
      refunds: p.refunds,
      disputes: p.disputes,
      fees: -p.fees,
      net: p.net,
      amount: p.amount_minor,
      difference: p.amount_minor - p.net,
      unmatched: p.unmatched,
    },
  }));
  return {
    columns,
    rows,
    totals: sumLines(columns, rows),
    chart: { label: 'arrival_date', value: 'amount' },
    note:
      `Payouts by the day they arrive at the bank, in ${f.currency}. Each payout’s net of transactions = charges + refunds ` +
      '+ disputes and adjustments + fees, and equals its amount (difference 0); “Not matched” counts its charges, refunds ' +
      `and disputes that match no Kindling gift.${othersNote(others)}`,
  };
}

async function transactions(db: Db, f: PayoutPeriodFilter, others: string[]): Promise<ReportBody> {
  const columns = [
    text('payout', 'Payout'),
    date('arrival_date', 'Arrival date'),
    text('type', 'Type'),
    text('transaction', 'Transaction'),
    text('source', 'Charge or refund'),
    money('gross', 'Gross'),
    money('fee', 'Fee'),
    money('net', 'Net'),
    text('gift', 'Kindling gift'),
    text('donor', 'Donor'),
  ];
  const rows = (await selectPayoutLines(db, f)).map((l) => {
    const payment = ['charge', 'refund', 'dispute'].includes(l.kind);
    return {
      key: `${l.provider}:${l.transaction_id}`,
      cells: {
        payout: l.payout_id,
        arrival_date: l.arrival_date,
        type: KIND_LABELS[l.kind] ?? l.kind,
        transaction: l.transaction_id,
        source: l.source_id,
        gross: l.gross_minor,
        fee: -l.fee_minor,
        net: l.net_minor,
        gift: l.donation_id !== null ? `#${l.donation_id}` : payment ? 'Not matched' : null,
        donor: l.donor_name,
      },
    };
  });
  return {
    columns,
    rows,
    totals: sumLines(columns, rows),
    chart: { label: 'arrival_date', value: 'net' },
    note:
      `Each payout’s balance transactions in ${f.currency}: net = gross + fee (fees shown negative). A charge, refund or dispute ` +
      'is matched to the Kindling gift with the same provider payment id; “Not matched” lines are payments Kindling did ' +
      `not record (taken outside Kindling, or not yet confirmed).${othersNote(others)}`,
  };
}

export async function reconciliationReport(db: Db, view: string, ctx: Ctx): Promise<ReconciliationBody> {
  refuseGiftFilters(ctx.filter);
  const { shown, others } = await currencyOf(db, ctx);
  const f: PayoutPeriodFilter = { npoId: ctx.npoId, from: ctx.filter.from, to: ctx.filter.to, currency: shown };
  const body = view === 'transactions' ? await transactions(db, f, others) : await payouts(db, f, others);
  return { ...body, currency: shown, sources: await payoutSources(db, ctx.npoId) };
}
