import type {
  TDonationFilterOptions,
  TDonationListFilter,
  TDonationListPageOnly,
  TDonationListQuery,
  TDonationListResponse,
  TDonationListRow,
  TDonationListTotals,
} from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import {
  type CurrencyTotal,
  type DonationListRecord,
  selectBaseCurrency,
  selectDonationPage,
  selectDonationTotals,
  selectFilterOptions,
} from './donation-list.repository.ts';

const iso = (v: Date | string) => new Date(v).toISOString();

export function toListRow(r: DonationListRecord): TDonationListRow {
  return {
    id: Number(r.id),
    created_at: iso(r.created_at),
    receipt_number: r.receipt_number,
    donor: { id: Number(r.donor_id), first_name: r.first_name, last_name: r.last_name, email: r.email },
    amount_minor: Number(r.amount_minor),
    included_fees_minor: Number(r.fee_covered_minor),
    currency: r.currency,
    base_amount_minor: Number(r.base_amount_minor),
    base_currency: r.base_currency,
    campaign_id: r.campaign_id == null ? null : Number(r.campaign_id),
    campaign_name: r.campaign_name,
    designation: r.designation_name,
    payment_method: r.payment_method,
    provider: r.provider,
    provider_reference: r.provider_reference,
    interval: r.interval as TDonationListRow['interval'],
    status: r.status as TDonationListRow['status'],
    gift_aid: r.gift_aid === true,
    refunded_at: r.refunded_at == null ? null : iso(r.refunded_at),
  };
}

export function totalsOf(perCurrency: CurrencyTotal[], baseCurrency: string): TDonationListTotals {
  const byCurrency = perCurrency.map((t) => ({
    currency: t.currency,
    count: Number(t.count),
    amount_minor: Number(t.amount_minor),
  }));
  return {
    count: byCurrency.reduce((n, t) => n + t.count, 0),
    base_amount_minor: perCurrency.reduce((n, t) => n + Number(t.base_amount_minor), 0),
    base_currency: baseCurrency,
    by_currency: byCurrency,
  };
}

/** The totals of the filtered set and the base currency they are in. */
export async function donationTotals(db: Db, npoId: number, filter: Partial<TDonationListFilter>) {
  const [perCurrency, baseCurrency] = await Promise.all([
    selectDonationTotals(db, npoId, filter),
    selectBaseCurrency(db, npoId),
  ]);
  return totalsOf(perCurrency, baseCurrency);
}

/**
 * One page of the organisation's donations and the totals of everything the filter matches. The
 * page and the totals are read side by side on two connections; the totals' count is the total.
 */
export async function listDonations(
  db: Db,
  npoId: number,
  query: TDonationListQuery,
): Promise<TDonationListResponse | TDonationListPageOnly> {
  const offset = (query.page - 1) * query.per_page;
  const page = { page: query.page, per_page: query.per_page };
  if (!query.include_totals) {
    const rows = await selectDonationPage(db, npoId, query, query.per_page, offset);
    return { donations: rows.map(toListRow), total: null, totals: null, ...page };
  }
  const [rows, totals] = await Promise.all([
    selectDonationPage(db, npoId, query, query.per_page, offset),
    donationTotals(db, npoId, query),
  ]);
  return { donations: rows.map(toListRow), total: totals.count, totals, ...page };
}

export async function donationFilterOptions(db: Db, npoId: number): Promise<TDonationFilterOptions> {
  const o = await selectFilterOptions(db, npoId);
  return {
    base_currency: o.baseCurrency,
    campaigns: o.campaigns.map((c) => ({ id: Number(c.id), name: c.name })),
    payment_methods: o.methods,
    currencies: o.currencies,
    designations: o.designations,
  };
}
