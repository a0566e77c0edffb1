import type { TDonationListFilter } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import type { Db } from '../../platform/db/client.ts';
import type { DonationListRecord } from './donation-list.repository.ts';
import { donationFilterWhere, donationOrderBy, donationRowColumns, donationRowJoins } from './donation-list.sql.ts';

const dialect = new PgDialect();
/** Rows per FETCH: large enough to keep round trips cheap, small enough to keep memory flat. */
const BATCH_ROWS = 2_000;

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
          const batch = await client.query<DonationListRecord>(`FETCH ${BATCH_ROWS} FROM donation_export`);
          if (batch.rows.length === 0) return;
          yield batch.rows;
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
