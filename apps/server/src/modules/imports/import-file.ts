// Reading an uploaded donations CSV into checked gifts and per-row failures (nothing is written
// here): the service stores both with the import, the job records the gifts.
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  IMPORT_REQUIRED_COLUMNS,
  type TImportPreviewRow,
  ZImportRow,
} from '@kindling/contracts';
import { parse } from 'csv-parse/sync';
import type { Format } from '../../platform/format/format.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { ImportFailure, ImportGift } from './imports.tables.ts';

export type CheckedFile = {
  totalRows: number;
  gifts: ImportGift[];
  failures: ImportFailure[];
  preview: TImportPreviewRow[];
};

type Cells = Record<string, string>;

/** The file's records as header → cell maps; a broken file is refused whole, with where it breaks. */
function readRecords(bytes: Buffer): Cells[] {
  // PostgreSQL cannot store a NUL, and a file full of them is a UTF-16 or binary export, not UTF-8 CSV.
  if (bytes.includes(0)) {
    const message = 'The file contains NUL characters: save it as CSV (UTF-8) and upload it again.';
    throw new AppError('VALIDATION_FAILED', message, { file: message });
  }
  try {
    return parse(bytes, {
      bom: true,
      // Headers as people type them: 'First Name ' is first_name.
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_')),
      skip_empty_lines: true,
      relax_column_count: true,
      // One more than allowed, so an oversized file is told apart from a full one.
      to: IMPORT_MAX_ROWS + 1,
    }) as Cells[];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new AppError('VALIDATION_FAILED', `The file is not a readable CSV: ${message}`, { file: message });
  }
}

function requireColumns(records: Cells[]): void {
  const first = records[0];
  if (!first) throw new AppError('VALIDATION_FAILED', 'The file has no gifts: add a row under the header.');
  const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !(c in first));
  if (missing.length > 0) {
    const message = `The file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. Start from the template.`;
    throw new AppError('VALIDATION_FAILED', message, { file: message });
  }
}

/**
 * Checks every row with the contract (ZImportRow) and the organisation's campaign addresses.
 * Row numbers are the spreadsheet's: the header is row 1, the first gift row 2. Counts in messages
 * are written as the organisation writes them (`format`).
 */
export function checkImportFile(
  bytes: Buffer,
  campaignIdByUrl: ReadonlyMap<string, number>,
  format: Format,
): CheckedFile {
  const records = readRecords(bytes);
  requireColumns(records);
  if (records.length > IMPORT_MAX_ROWS) {
    const message = `The file has more than ${format.count(IMPORT_MAX_ROWS)} rows; split it into smaller files.`;
    throw new AppError('VALIDATION_FAILED', message, { file: message });
  }
  const gifts: ImportGift[] = [];
  const failures: ImportFailure[] = [];
  const preview: TImportPreviewRow[] = [];
  records.forEach((cells, index) => {
    const row = index + 2;
    const errors = rowErrors(cells, campaignIdByUrl, (gift) => gifts.push({ row, ...gift }));
    if (errors.length > 0) failures.push({ row, reason: errors.join(' ') });
    if (preview.length < IMPORT_PREVIEW_ROWS) {
      const shown = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, cells[c] ?? '']));
      preview.push({ row, cells: shown, errors });
    }
  });
  return { totalRows: records.length, gifts, failures, preview };
}

function rowErrors(
  cells: Cells,
  campaignIdByUrl: ReadonlyMap<string, number>,
  accept: (gift: Omit<ImportGift, 'row'>) => void,
): string[] {
  const parsed = ZImportRow.safeParse(cells);
  if (!parsed.success) return parsed.error.issues.map((issue) => issue.message);
  const { campaign_url: url, ...gift } = parsed.data;
  const campaignId = url ? campaignIdByUrl.get(url.toLowerCase()) : null;
  if (campaignId === undefined) return [`campaign_url: no campaign of yours has the address "${url}".`];
  accept({ ...gift, campaign_id: campaignId });
  return [];
}
