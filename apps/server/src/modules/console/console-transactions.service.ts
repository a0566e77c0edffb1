import { Readable } from 'node:stream';
import {
  CONSOLE_TRANSACTIONS_EXPORT_MAX,
  CONSOLE_TRANSACTIONS_PAGE,
  type TConsoleTransaction,
  type TConsoleTransactionList,
  type TConsoleTransactionQuery,
} from '@kindling/contracts';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { listPlatformTransactions, type TransactionCursor } from '../donations/index.ts';

const STALE_CURSOR = 'This list has changed. Please reload the page.';

/** Opaque to clients: base64url of the last row's exact time, kind rank and id. */
const encodeCursor = (c: TransactionCursor) => Buffer.from(`${c.at}|${c.rank}|${c.id}`).toString('base64url');

function decodeCursor(cursor: string): TransactionCursor {
  const [at = '', rank = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!/^[1-3]$/.test(rank) || !/^\d{1,15}$/.test(id) || Number.isNaN(Date.parse(at))) {
    throw new AppError('VALIDATION_FAILED', STALE_CURSOR, { cursor: STALE_CURSOR });
  }
  return { at, rank: Number(rank), id: Number(id) };
}

/** GET /console/transactions: one page, newest first (docs/product/console.md#consoletransactions). */
export async function consoleTransactions(db: Db, query: TConsoleTransactionQuery): Promise<TConsoleTransactionList> {
  const { cursor, ...filters } = query;
  const after = cursor === undefined ? null : decodeCursor(cursor);
  const { rows, more } = await listPlatformTransactions(db, filters, after, CONSOLE_TRANSACTIONS_PAGE);
  const last = rows.at(-1);
  return {
    transactions: rows.map(({ cursor: _cursor, ...row }) => row),
    next_cursor: more && last ? encodeCursor(last.cursor) : null,
  };
}

const HEADERS = [
  'Date (UTC)',
  'Id',
  'Kind',
  'Status',
  'Organisation',
  'Organisation id',
  'Gift',
  'Amount',
  'Currency',
  'Provider',
  'Provider reference',
  'Payment method',
  'E-mail',
];

/** Amounts in minor units as the API gives them: a spreadsheet divides; no currency guessing here. */
const cells = (t: TConsoleTransaction) => [
  t.created_at.slice(0, 19).replace('T', ' '),
  t.id,
  t.kind,
  t.status,
  t.organisation,
  t.npo_id,
  t.donation_id,
  t.amount_minor,
  t.currency,
  t.provider ?? '',
  t.provider_reference ?? '',
  t.payment_method ?? '',
  t.email ?? '',
];

/** The filtered transactions as CSV, read 1,000 at a time by keyset, up to the export's ceiling. */
export function consoleTransactionsCsv(db: Db, query: TConsoleTransactionQuery): Readable {
  const { cursor: _ignored, ...filters } = query;
  async function* chunks() {
    yield stringify([], { bom: true, header: true, columns: HEADERS });
    let after: TransactionCursor | null = null;
    let written = 0;
    while (written < CONSOLE_TRANSACTIONS_EXPORT_MAX) {
      const { rows, more } = await listPlatformTransactions(db, filters, after, 1000);
      written += rows.length;
      yield stringify(rows.map(cells), { escape_formulas: true });
      const last = rows.at(-1);
      if (!more || !last) return;
      after = last.cursor;
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}
