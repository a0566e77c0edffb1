// Reading an uploaded donations CSV, as a stream, into checked rows and per-row failures (nothing is
// recorded here): the caller stages the rows a batch at a time, so a million-row file is never held
// whole in memory (docs/decisions/102-streaming-donation-import.md).
import type { Readable } from 'node:stream';
import {
  IMPORT_COLUMNS,
  IMPORT_PREVIEW_ROWS,
  IMPORT_REQUIRED_COLUMNS,
  plainImportRow,
  type TImportPreviewRow,
  ZImportRow,
} from '@kindling/contracts/imports.ts';
import { CsvError, parse } from 'csv-parse';
import type { Format } from '../../platform/format/format.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { ImportGift } from './imports.tables.ts';

/** PostgreSQL cannot store a NUL, and a file full of them is a UTF-16 or binary export, not UTF-8 CSV. */
export const NUL_MESSAGE = 'The file contains NUL characters: save it as CSV (UTF-8) and upload it again.';

/** A row of the file as checked: the gift it describes, or why it cannot be imported. */
export type CheckedRow = { row: number; gift: Omit<ImportGift, 'row'> | null; reason: string | null };

export type CheckOutcome = { totalRows: number; validRows: number; failedRows: number; preview: TImportPreviewRow[] };

/**
 * A batch of checked rows as the staging insert binds them: one array per column. Arrays of plain
 * values also cross from the check's worker thread cheaply (import-check-thread.ts).
 */
export type StagedColumns = {
  row: number[];
  date: (string | null)[];
  firstName: (string | null)[];
  lastName: (string | null)[];
  email: (string | null)[];
  amountMinor: (number | null)[];
  currency: (string | null)[];
  campaignId: (number | null)[];
  paymentMethod: (string | null)[];
  reference: (string | null)[];
  reason: (string | null)[];
};

export function stagedColumns(rows: readonly CheckedRow[]): StagedColumns {
  const col = <T>(pick: (r: CheckedRow) => T) => rows.map(pick);
  return {
    row: col((r) => r.row),
    date: col((r) => r.gift?.date ?? null),
    firstName: col((r) => r.gift?.first_name ?? null),
    lastName: col((r) => r.gift?.last_name ?? null),
    email: col((r) => r.gift?.email ?? null),
    amountMinor: col((r) => r.gift?.amount_minor ?? null),
    currency: col((r) => r.gift?.currency ?? null),
    campaignId: col((r) => r.gift?.campaign_id ?? null),
    paymentMethod: col((r) => r.gift?.payment_method ?? null),
    reference: col((r) => r.gift?.reference ?? null),
    reason: col((r) => r.reason),
  };
}

export type CheckOptions = {
  campaignIdByUrl: ReadonlyMap<string, number>;
  /** Counts in messages are written as the organisation writes them. */
  format: Format;
  maxRows: number;
  /** Stop after the preview's rows: the head of the file, read at once for staff. */
  headOnly?: boolean;
  batchRows?: number;
  /** Receives the checked rows in order, a batch at a time, with how far into the file the check is. */
  onBatch?: (rows: CheckedRow[], progress: { rows: number; bytes: number }) => Promise<void>;
};

/**
 * The stored file is handed to the parser in slices of this size, not a megabyte at a time: the
 * parser turns a whole piece into rows before the check takes the first, and 13,000 rows waiting
 * (a megabyte's worth) outlive the young generation and fill the old one with garbage: 220 MB of
 * JS heap at the peak of a 100,000-row check (decision 102, Memory).
 */
const SLICE_BYTES = 16 * 1024;

/** A stored chunk of the file in the slices the parser is handed. */
export function* slicesOf(chunk: Buffer): Generator<Buffer> {
  for (let at = 0; at < chunk.length; at += SLICE_BYTES) yield chunk.subarray(at, at + SLICE_BYTES);
}

type Cells = Record<string, string>;

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, { file: message });

function requireColumns(names: readonly string[]): void {
  const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    throw refuse(
      `The file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. Start from the template.`,
    );
  }
}

/**
 * Records as arrays, named here with the header read once: the parser's own `columns` option built
 * each record's object at a cost of 40% of the parse (a third of a second of the check's thread per
 * 100,000 rows; decision 102, "The check on its own thread").
 */
function csvParser() {
  return parse({ bom: true, skip_empty_lines: true, relax_column_count: true });
}

/** Headers as people type them: 'First Name ' is first_name. */
const columnNames = (header: readonly string[]) => header.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));

/**
 * A record's cells by column name, as the parser's `columns` option named them: a later column of
 * the same name wins, cells past the header are dropped and cells a short row lacks are absent.
 */
function cellsOf(names: readonly string[], record: readonly string[]): Cells {
  const cells: Cells = {};
  const n = Math.min(names.length, record.length);
  for (let i = 0; i < n; i += 1) cells[names[i] as string] = record[i] as string;
  return cells;
}

/**
 * Checks every row with the contract (ZImportRow) and the organisation's campaign addresses, reading
 * `source` as it comes. Row numbers are the spreadsheet's: the header is row 1, the first gift row 2.
 * A file that breaks the CSV format, lacks columns or has more than `maxRows` rows is refused whole
 * (AppError); a row's own problems are that row's failure.
 */
export async function checkImportStream(source: Readable, options: CheckOptions): Promise<CheckOutcome> {
  const { campaignIdByUrl, format, maxRows, onBatch } = options;
  const batchRows = options.batchRows ?? 2000;
  const parser = csvParser();
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  const preview: TImportPreviewRow[] = [];
  let batch: CheckedRow[] = [];
  let count = 0;
  let valid = 0;
  // The batch being staged while the next one is parsed: one at a time, in order (the database and
  // the parser each wait half as long). Its failure is seen at the next batch or at the end.
  let staging: Promise<void> | null = null;
  const stage = async (rows: CheckedRow[]) => {
    if (!onBatch) return;
    await staging;
    staging = onBatch(rows, { rows: count, bytes: parser.info.bytes });
    staging.catch(() => {});
  };
  try {
    let names: string[] | null = null;
    for await (const record of parser as AsyncIterable<string[]>) {
      if (names === null) {
        names = columnNames(record);
        continue;
      }
      // At the first gift row: a file of a header alone is told it has no gifts.
      if (count === 0) requireColumns(names);
      const cells = cellsOf(names, record);
      count += 1;
      if (count > maxRows) {
        throw refuse(`The file has more than ${format.count(maxRows)} rows; split it into smaller files.`);
      }
      const row = count + 1;
      let gift: Omit<ImportGift, 'row'> | null = null;
      const errors = rowErrors(cells, campaignIdByUrl, (g) => {
        gift = g;
      });
      if (gift) valid += 1;
      if (preview.length < IMPORT_PREVIEW_ROWS) {
        const shown = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, cells[c] ?? '']));
        preview.push({ row, cells: shown, errors });
        if (options.headOnly && preview.length === IMPORT_PREVIEW_ROWS) break;
      }
      if (!onBatch) continue;
      batch.push({ row, gift, reason: errors.length > 0 ? errors.join(' ') : null });
      if (batch.length >= batchRows) {
        await stage(batch);
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof CsvError) {
      throw new AppError('VALIDATION_FAILED', `The file is not a readable CSV: ${error.message}`, {
        file: error.message,
      });
    }
    throw error;
  } finally {
    source.unpipe(parser);
    source.destroy();
    // A file refused half-way: nothing may still be writing when the caller clears its rows.
    await (staging as Promise<void> | null)?.catch(() => {});
  }
  await staging;
  if (count === 0) throw new AppError('VALIDATION_FAILED', 'The file has no gifts: add a row under the header.');
  if (batch.length > 0) await stage(batch);
  await staging;
  return { totalRows: count, validRows: valid, failedRows: count - valid, preview };
}

function rowErrors(
  cells: Cells,
  campaignIdByUrl: ReadonlyMap<string, number>,
  accept: (gift: Omit<ImportGift, 'row'>) => void,
): string[] {
  // Most rows are plainly valid: read without zod (its output, tested), which names problems only.
  const plain = plainImportRow(cells);
  const parsed = plain ? { success: true as const, data: plain } : ZImportRow.safeParse(cells);
  if (!parsed.success) return parsed.error.issues.map((issue) => issue.message);
  const { campaign_url: url, ...gift } = parsed.data;
  // Another organisation's campaign is unknown here: the map holds this organisation's addresses only.
  const campaignId = url ? campaignIdByUrl.get(url.toLowerCase()) : null;
  if (campaignId === undefined) return [`campaign_url: no campaign of yours has the address "${url}".`];
  accept({ ...gift, campaign_id: campaignId });
  return [];
}
