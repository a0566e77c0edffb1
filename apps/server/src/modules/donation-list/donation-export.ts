import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { currencyExponent, fromMinorUnits, INTERVAL_LABELS, type TGivingInterval } from '@kindling/contracts';
import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import { wallDateTime } from '../../platform/format/calendar.ts';
import type { DonationListRecord } from './donation-list.repository.ts';

// The columns of the donations export, for a finance person: one row per donation, amounts in
// major units of their currency (what a spreadsheet adds up), and the references to reconcile with
// the provider's payouts. Dates are the organisation's wall clock, its time zone named in the
// header (decision 027), as its staff and its accounts count days.

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

type ExportColumn = { key: keyof ExportRow; header: string; width: number };

/** The header of the date column: 'Date (Europe/London)'. */
export const exportDateHeader = (zone: string) => `Date (${zone})`;

/** The export's columns for an organisation in time zone `zone`. */
export const exportColumns = (zone: string): ExportColumn[] => [
  { key: 'date', header: exportDateHeader(zone), width: 20 },
  ...OTHER_COLUMNS,
];

const OTHER_COLUMNS: ExportColumn[] = [
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

/** One export row; `date` is the wall clock of `zone` (see wallDateTime). */
export function toExportRow(r: DonationListRecord, zone: string): ExportRow {
  return {
    date: wallDateTime(new Date(r.created_at), zone),
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

const csvCells = (r: DonationListRecord, columns: ExportColumn[], zone: string) => {
  const row = toExportRow(r, zone);
  return columns.map((c) => (c.key === 'date' ? csvDate(row.date) : String(row[c.key])));
};

/** Cells that start like a formula are escaped (a donor named '=HYPERLINK(...)' stays text). */
const CSV_OPTIONS = { escape_formulas: true } as const;

/**
 * CSV bytes of the rows, streamed: a database batch is turned into text only when the reader wants
 * more, and goes out as one chunk. (One chunk per row cost a stream write and a socket write for
 * every 180 bytes: the export took four times as long and made garbage while the batch's rows were
 * still referenced, which pushed them into V8's old space; see donation-export.repository.ts.)
 */
export function csvExportStream(
  batches: AsyncIterable<DonationListRecord[]>,
  onDone: (rows: number) => void,
  zone: string,
): Readable {
  const columns = exportColumns(zone);
  async function* chunks() {
    // No records: csv-stringify writes the byte order mark and the header line only.
    yield stringify([], { ...CSV_OPTIONS, bom: true, header: true, columns: columns.map((c) => c.header) });
    let rows = 0;
    for await (const batch of batches) {
      rows += batch.length;
      yield stringify(
        batch.map((r) => csvCells(r, columns, zone)),
        CSV_OPTIONS,
      );
    }
    onDone(rows);
  }
  // Bytes, not objects: the stream holds at most about one chunk ahead of what the client has taken.
  // Destroying it (the client went away) returns the generator, which closes the cursor.
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}

const numberFormat = (currency: string) => (currencyExponent(currency) === 0 ? '#,##0' : '#,##0.00');

/** A writable stream, from Node or from the readable-stream package exceljs's zip library uses. */
type WritableLike = NodeJS.EventEmitter & {
  destroyed?: boolean;
  writableNeedDrain?: boolean;
  _writableState?: { length: number; highWaterMark: number };
};

const isBehind = (stream: WritableLike) =>
  !stream.destroyed &&
  (stream.writableNeedDrain ??
    (stream._writableState ? stream._writableState.length >= stream._writableState.highWaterMark : false));

/** Waits while a stream holds more than it wants, so a slow step never piles the workbook up. */
async function drained(stream: WritableLike) {
  if (!isBehind(stream)) return;
  const ac = new AbortController();
  await Promise.race([
    once(stream, 'drain', { signal: ac.signal }),
    once(stream, 'close', { signal: ac.signal }),
  ]).catch(() => {});
  ac.abort();
}

/**
 * Where the sheet's XML waits for the zip: exceljs writes a committed row's XML into the zip entry
 * without heeding write()'s answer (exceljs/lib/utils/stream-buf.js, `_pipe`), so when deflating
 * is slower than making rows the whole sheet queued there (117 MB of buffers for 300,000 rows).
 * Read from exceljs 4.4's internals; undefined (no wait) if a later version lays them out otherwise.
 */
function sheetXmlQueue(sheet: ExcelJS.Worksheet): WritableLike | undefined {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  const first: unknown = Array.isArray(pipes) ? pipes[0] : undefined;
  return first && typeof (first as WritableLike).once === 'function' ? (first as WritableLike) : undefined;
}

/**
 * An XLSX workbook of the rows, streamed with exceljs's WorkbookWriter (rows are committed and
 * zipped as they come; no shared strings, so nothing grows with the row count). Amounts are number
 * cells with the currency's decimals; dates are date cells.
 */
export function xlsxExportStream(
  batches: AsyncIterable<DonationListRecord[]>,
  onDone: (rows: number) => void,
  zone: string,
): Readable {
  const out = new PassThrough();
  const write = async () => {
    // Loaded on first use, not at start-up: exceljs is megabytes of heap few requests need (decision 102, Memory).
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Donations', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = exportColumns(zone).map((c) => ({ key: c.key, header: c.header, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.getColumn('date').numFmt = 'yyyy-mm-dd hh:mm:ss';
    let rows = 0;
    for await (const batch of batches) {
      // The reader went away: leaving the loop ends the cursor's generator, which closes it.
      if (out.destroyed) return;
      for (const r of batch) {
        const row = toExportRow(r, zone);
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
      const queue = sheetXmlQueue(sheet);
      if (queue) await drained(queue);
      await drained(out);
    }
    sheet.commit();
    await workbook.commit();
    onDone(rows);
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
