// The tax report (docs/product/reports.md#tax): one view per document a finance person files.
import type { Db } from '../../platform/db/client.ts';
import type { ReportBody } from './campaigns-report.service.ts';
import type { IncomeScope, ReportFilter } from './income.repository.ts';
import { count, date, money, sumLines, text } from './table-report.ts';
import {
  GIFT_AID_DECLARED,
  selectReceiptRanges,
  selectTaxGifts,
  TAX_LIST_LIMIT,
  type TaxGiftRecord,
  US_ACKNOWLEDGEMENT,
} from './tax-report.repository.ts';

async function receipts(db: Db, scope: IncomeScope, filter: ReportFilter): Promise<ReportBody> {
  const columns = [
    text('month', 'Month given'),
    text('first', 'First number'),
    text('last', 'Last number'),
    count('receipts', 'Receipts'),
    count('emailed', 'E-mailed'),
    money('amount', 'Amount'),
  ];
  const rows = (await selectReceiptRanges(db, scope, filter)).map((r) => ({
    key: r.month,
    cells: {
      month: r.month,
      first: r.first_number,
      last: r.last_number,
      receipts: r.receipts,
      emailed: r.emailed,
      amount: r.amount,
    },
  }));
  return {
    columns,
    rows,
    totals: sumLines(columns, rows),
    chart: { label: 'month', value: 'receipts' },
    note: 'Receipts of the period’s gifts (numbered when the gift is made), by the month given, first and last number; e-mailed counts those sent.',
  };
}

/** Totals over every matching gift, even past the listed ones; a sentence says when the list stops. */
function giftTotals(records: TaxGiftRecord[], first: string): { totals: ReportBody['totals']; more: string } {
  const all = records[0]?.total_gifts ?? 0;
  return {
    totals: { [first]: `Total: ${all} gifts`, amount: records[0]?.total_amount ?? 0 },
    more: all > TAX_LIST_LIMIT ? ` The first ${TAX_LIST_LIMIT} of ${all} gifts are listed; the total counts all.` : '',
  };
}

async function acknowledgements(db: Db, scope: IncomeScope, filter: ReportFilter): Promise<ReportBody> {
  const records = await selectTaxGifts(db, scope, filter, US_ACKNOWLEDGEMENT);
  const columns = [
    date('day', 'Date'),
    text('donor', 'Donor'),
    text('email', 'E-mail'),
    money('amount', 'Amount'),
    text('receipt', 'Receipt number'),
    date('receipt_sent', 'Acknowledged on'),
  ];
  const rows = records.map((r) => ({
    key: String(r.id),
    cells: {
      day: r.day,
      donor: r.donor,
      email: r.email ?? '',
      amount: r.amount,
      receipt: r.receipt_number ?? '',
      receipt_sent: r.receipt_sent,
    },
  }));
  const { totals, more } = giftTotals(records, 'day');
  return {
    columns,
    rows,
    totals,
    chart: { label: 'day', value: 'amount' },
    note: `Single gifts of USD 250 or more, which need a written acknowledgement; amounts in USD.${more}`,
  };
}

async function giftAid(db: Db, scope: IncomeScope, filter: ReportFilter): Promise<ReportBody> {
  const records = await selectTaxGifts(db, scope, filter, GIFT_AID_DECLARED);
  const columns = [
    date('day', 'Date'),
    text('name', 'Name on declaration'),
    text('postcode', 'Postcode'),
    money('amount', 'Amount'),
    date('declared_on', 'Declared on'),
    text('status', 'Status'),
  ];
  const rows = records.map((r) => ({
    key: String(r.id),
    cells: {
      day: r.day,
      name: r.declared_name ?? r.donor,
      postcode: r.postcode ?? '',
      amount: r.amount,
      declared_on: r.declared_on,
      status: r.status === 'refunded' ? 'Refunded' : 'Succeeded',
    },
  }));
  const { totals, more } = giftTotals(records, 'day');
  return {
    columns,
    rows,
    totals,
    chart: { label: 'day', value: 'amount' },
    note: `Gifts in GBP with a Gift Aid declaration, refunded ones marked; amounts in GBP.${more}`,
  };
}

export const TAX_VIEWS = ['receipts', 'acknowledgements', 'gift_aid'] as const;

/** The view's body and the currency its money is in (the gifts' own for US and Gift Aid lists). */
export async function taxReport(
  db: Db,
  view: string,
  ctx: { scope: IncomeScope; filter: ReportFilter; currency: string },
): Promise<ReportBody & { currency: string }> {
  if (view === 'acknowledgements') return { ...(await acknowledgements(db, ctx.scope, ctx.filter)), currency: 'USD' };
  if (view === 'gift_aid') return { ...(await giftAid(db, ctx.scope, ctx.filter)), currency: 'GBP' };
  return { ...(await receipts(db, ctx.scope, ctx.filter)), currency: ctx.currency };
}
