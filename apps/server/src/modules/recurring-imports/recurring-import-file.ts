// Reading an uploaded file of recurring plans into checked rows and per-row failures (nothing is
// written here): the upload is read as it streams in by the imports module's reader, each row is
// checked with the contract and the organisation's campaign addresses. The provider check of each
// row's customer and saved method happens in the job (recurring-imports.jobs.ts).
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  IMPORT_PREVIEW_ROWS,
  RECURRING_IMPORT_COLUMNS,
  RECURRING_IMPORT_REQUIRED_COLUMNS,
  type TImportPreviewRow,
  ZRecurringImportRow,
} from '@kindling/contracts';
import type { Format } from '../../platform/format/format.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { readCsvCells } from '../imports/index.ts';
import type { RecurringImportFailure, RecurringImportRow } from './recurring-imports.tables.ts';

export type CheckedPlans = {
  totalRows: number;
  rows: RecurringImportRow[];
  failures: RecurringImportFailure[];
  preview: TImportPreviewRow[];
};

const squash = (s: string) => s.trim().toLowerCase().replace(/\s+/g, '_');

/**
 * A row's identity across files: the same plan (donor, provider, method, amount, currency,
 * interval, campaign) imported again has the same key and is never made twice.
 */
export function rowKeyOf(r: Omit<RecurringImportRow, 'row' | 'key'>): string {
  const parts = [r.provider, r.customer_id ?? '', r.payment_method_id, r.email, r.amount_minor, r.currency, r.interval];
  return createHash('sha256')
    .update([...parts, r.campaign_id ?? ''].join('\u001f'))
    .digest('hex');
}

/**
 * Checks every row. Row numbers are the spreadsheet's (header = row 1). `today` is the
 * organisation's today: a next charge date before it is refused (the old platform's charge for
 * it is its own; charging it here too would take the gift twice).
 */
export async function readRecurringImportFile(
  source: Readable,
  campaignIdByUrl: ReadonlyMap<string, number>,
  format: Format,
  today: string,
): Promise<CheckedPlans> {
  const file = await readCsvCells(source, format, 'The file has no plans: add a row under the header.');
  const columns = file.columns.map(squash);
  const missing = RECURRING_IMPORT_REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    const message = `The file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. Start from the sample.`;
    throw new AppError('VALIDATION_FAILED', message, { file: message });
  }
  const rows: RecurringImportRow[] = [];
  const failures: RecurringImportFailure[] = [];
  const preview: TImportPreviewRow[] = [];
  const seen = new Map<string, number>();
  file.cells.forEach((cells, index) => {
    const row = index + 2;
    const values = Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
    const errors = rowErrors(values, campaignIdByUrl, today, (plan) => {
      const key = rowKeyOf(plan);
      const earlier = seen.get(key);
      if (earlier !== undefined) return [`The same plan as row ${earlier}; each plan once per file.`];
      seen.set(key, row);
      rows.push({ row, key, ...plan });
      return [];
    });
    if (errors.length > 0) failures.push({ row, reason: errors.join(' ') });
    if (preview.length < IMPORT_PREVIEW_ROWS) {
      const shown = Object.fromEntries(RECURRING_IMPORT_COLUMNS.map((c) => [c, values[c] ?? '']));
      preview.push({ row, cells: shown, errors });
    }
  });
  return { totalRows: file.cells.length, rows, failures, preview };
}

function rowErrors(
  values: Record<string, string>,
  campaignIdByUrl: ReadonlyMap<string, number>,
  today: string,
  accept: (plan: Omit<RecurringImportRow, 'row' | 'key'>) => string[],
): string[] {
  const parsed = ZRecurringImportRow.safeParse(values);
  if (!parsed.success) return parsed.error.issues.map((issue) => issue.message);
  const { campaign_url: url, ...plan } = parsed.data;
  // Only this organisation's campaigns are looked up: another's address is unknown here.
  const campaignId = url ? campaignIdByUrl.get(url.toLowerCase()) : null;
  if (campaignId === undefined) return [`campaign_url: no campaign of yours has the address "${url}".`];
  if (plan.next_charge_date < today) return ['next_charge_date: must be today or later.'];
  return accept({ ...plan, campaign_id: campaignId });
}
