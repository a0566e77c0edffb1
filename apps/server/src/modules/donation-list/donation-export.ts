import { once } from 'node:events';
import { PassThrough, pipeline, Readable } from 'node:stream';
import { currencyExponent, fromMinorUnits, INTERVAL_LABELS, type TGivingInterval } from '@kindling/contracts';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { DonationListRecord } from './donation-list.repository.ts';

// The columns of the donations export, for a finance person: one row per donation, amounts in
// major units of their currency (what a spreadsheet adds up), and the references to reconcile with
// the provider's payouts.

export type ExportRow = {
  date: Date;
  receiptNumber: string;
  donorName: string;
  donorEmail: string;
  amount: string;
  currency: string;
  baseAmount: string;
  baseCurrency: string;
  feeCovered: string;
  campaign: string;
  designation: string;
  method: string;
  interval: string;
  status: string;
  giftAid: string;
  provider: string;
  providerReference: string;
  donationId: number;
};

export const EXPORT_COLUMNS: Array<{ key: keyof ExportRow; header: string; width: number }> = [
  { key: 'date', header: 'Date (UTC)', width: 20 },
  { key: 'receiptNumber', header: 'Receipt number', width: 16 },
  { key: 'donorName', header: 'Donor name', width: 24 },
  { key: 'donorEmail', header: 'Donor e-mail', width: 30 },
  { key: 'amount', header: 'Amount', width: 12 },
  { key: 'currency', header: 'Currency', width: 9 },
  { key: 'baseAmount', header: 'Base amount', width: 12 },
  { key: 'baseCurrency', header: 'Base currency', width: 9 },
  { key: 'feeCovered', header: 'Fee covered', width: 11 },
  { key: 'campaign', header: 'Campaign', width: 24 },
  { key: 'designation', header: 'Designation', width: 20 },
  { key: 'method', header: 'Payment method', width: 14 },
  { key: 'interval', header: 'Interval', width: 10 },
  { key: 'status', header: 'Status', width: 10 },
  { key: 'giftAid', header: 'Gift Aid', width: 8 },
  { key: 'provider', header: 'Provider', width: 10 },
  { key: 'providerReference', header: 'Provider reference', width: 30 },
  { key: 'donationId', header: 'Donation id', width: 11 },
];

/** One line per donation: line breaks inside a value become spaces (the web app counts lines). */
const oneLine = (s: string | null | undefined) => (s ?? '').replace(/[\r\n]+/g, ' ');

export function toExportRow(r: DonationListRecord): ExportRow {
  return {
    date: new Date(r.created_at),
    receiptNumber: oneLine(r.receipt_number),
    donorName: oneLine(`${r.first_name} ${r.last_name}`.trim()),
    donorEmail: oneLine(r.email),
    amount: fromMinorUnits(r.amount_minor, r.currency),
    currency: r.currency,
    baseAmount: fromMinorUnits(r.base_amount_minor, r.base_currency),
    baseCurrency: r.base_currency,
    feeCovered: fromMinorUnits(r.fee_covered_minor, r.currency),
    campaign: oneLine(r.campaign_name),
    designation: oneLine(r.designation_name),
    method: oneLine(r.payment_method),
    interval: INTERVAL_LABELS[r.interval as TGivingInterval] ?? r.interval,
    status: r.status,
    giftAid: r.gift_aid ? 'Yes' : 'No',
    provider: oneLine(r.provider),
    providerReference: oneLine(r.provider_reference),
    donationId: Number(r.id),
  };
}

/** '2026-03-04 10:00:00': sorts as text and every spreadsheet reads it as a date. */
const csvDate = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/**
 * CSV bytes of the rows, streamed: each batch is turned into lines only when the reader wants more.
 * Cells that start like a formula are escaped (a donor named '=HYPERLINK(...)' stays text).
 */
export function csvExportStream(
  batches: AsyncIterable<DonationListRecord[]>,
  onDone: (rows: number) => void,
): Readable {
  let rows = 0;
  async function* records() {
    for await (const batch of batches) {
      for (const r of batch) {
        const row = toExportRow(r);
        rows += 1;
        yield EXPORT_COLUMNS.map((c) => (c.key === 'date' ? csvDate(row.date) : String(row[c.key])));
      }
    }
    onDone(rows);
  }
  const csv = stringify({
    header: true,
    columns: EXPORT_COLUMNS.map((c) => c.header),
    escape_formulas: true,
    bom: true,
  });
  // pipeline, unlike pipe, destroys the source when the reader goes away, which closes the cursor.
  return pipeline(Readable.from(records()), csv, () => {});
}

const numberFormat = (currency: string) => (currencyExponent(currency) === 0 ? '#,##0' : '#,##0.00');

/** Waits while the reader is behind, so a slow download never piles the workbook up in memory. */
async function drained(stream: PassThrough) {
  if (!stream.writableNeedDrain || stream.destroyed) return;
  const ac = new AbortController();
  await Promise.race([
    once(stream, 'drain', { signal: ac.signal }),
    once(stream, 'close', { signal: ac.signal }),
  ]).catch(() => {});
  ac.abort();
}

/**
 * An XLSX workbook of the rows, streamed with exceljs's WorkbookWriter (rows are committed and
 * zipped as they come; no shared strings, so nothing grows with the row count). Amounts are number
 * cells with the currency's decimals; dates are date cells.
 */
export function xlsxExportStream(
  batches: AsyncIterable<DonationListRecord[]>,
  onDone: (rows: number) => void,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Donations', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((c) => ({ key: c.key, header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn('date').numFmt = 'yyyy-mm-dd hh:mm:ss';
  const write = async () => {
    let rows = 0;
    for await (const batch of batches) {
      // The reader went away: leaving the loop ends the cursor's generator, which closes it.
      if (out.destroyed) return;
      for (const r of batch) {
        const row = toExportRow(r);
        const added = sheet.addRow({
          ...row,
          amount: Number(row.amount),
          baseAmount: Number(row.baseAmount),
          feeCovered: Number(row.feeCovered),
        });
        added.getCell('amount').numFmt = numberFormat(row.currency);
        added.getCell('feeCovered').numFmt = numberFormat(row.currency);
        added.getCell('baseAmount').numFmt = numberFormat(row.baseCurrency);
        added.commit();
        rows += 1;
      }
      await drained(out);
    }
    sheet.commit();
    await workbook.commit();
    onDone(rows);
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
