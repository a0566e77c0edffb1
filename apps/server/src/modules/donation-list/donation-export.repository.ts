import type { TDonationListFilter } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import type { Db } from '../../platform/db/client.ts';
import type { DonationListRecord } from './donation-list.repository.ts';
import { donationFilterWhere, donationOrderBy, donationRowColumns, donationRowJoins } from './donation-list.sql.ts';

const dialect = new PgDialect();
/**
 * Rows per FETCH. Small on purpose: a batch's rows stay referenced until the last of them is
 * written, and turning 2,000 rows into CSV or XLSX allocates enough for V8 to run two young
 * collections meanwhile, which moves the rows to the old space, where they wait for a full
 * collection as garbage (the server grew by 200 MB over a million rows). 250 rows are written
 * before a young collection comes; the extra round trips cost nothing noticeable (bench/export-memory).
 */
const BATCH_ROWS = 250;

/**
 * The next rows of the cursor, through pg's callback form. Its promise form (client.query without
 * a callback) keeps every answer reachable for a while after it is read: measured with forced
 * young-generation collections, each row of a promise-form FETCH survived into V8's old space
 * (about 350 bytes a row) where this form leaves none, and that promoted garbage is what made the
 * server grow by 200 MB over a million-row export (bench/export-memory).
 */
const fetchBatch = (client: PoolClient) =>
  new Promise<DonationListRecord[]>((resolve, reject) => {
    client.query<DonationListRecord>(`FETCH ${BATCH_ROWS} FROM donation_export`, (error, result) =>
      error ? reject(error) : resolve(result.rows),
    );
  });

export type DonationCursor = {
  /** How many rows the cursor will yield (same snapshot as the rows). */
  total: number;
  batches: () => AsyncGenerator<DonationListRecord[]>;
  /** Ends the transaction and returns the connection; safe to call more than once. */
  close: () => Promise<void>;
};

/**
 * Opens a server-side cursor over the filtered donations in the list's order, in a read-only
 * repeatable-read transaction on a connection of its own, so the count sent first and the rows that
 * follow are the same set however long the download takes, and only one batch is in memory at once.
 */
export async function openDonationCursor(db: Db, npoId: number, filter: TDonationListFilter): Promise<DonationCursor> {
  const client: PoolClient = await db.$client.connect();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      await client.query('ROLLBACK');
      client.release();
    } catch (error) {
      client.release(error as Error);
    }
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const where = donationFilterWhere(npoId, filter);
    const count = dialect.sqlToQuery(sql`SELECT count(*)::bigint AS n FROM donations d WHERE ${where}`);
    const { rows } = await client.query<{ n: number }>(count.sql, count.params);
    const declare = dialect.sqlToQuery(sql`DECLARE donation_export NO SCROLL CURSOR FOR
      SELECT ${donationRowColumns} FROM donations d ${donationRowJoins}
      WHERE ${where} ORDER BY ${donationOrderBy(filter.sort, filter.order)}`);
    await client.query(declare.sql, declare.params);
    async function* batches() {
      try {
        // A closed cursor (the download was cancelled) must not touch a connection it gave back.
        while (!closed) {
          const rows = await fetchBatch(client);
          if (rows.length === 0) return;
          yield rows;
        }
      } finally {
        await close();
      }
    }
    return { total: Number(rows[0]?.n ?? 0), batches, close };
  } catch (error) {
    await close();
    throw error;
  }
}
