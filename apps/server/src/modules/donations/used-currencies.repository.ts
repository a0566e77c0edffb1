import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { campaigns } from '../campaigns/index.ts';
import { donations } from './donations.tables.ts';

/** Currencies the organisation's donations and campaigns use. */
export async function listUsedCurrencies(db: Tx, npoId: number): Promise<string[]> {
  const { rows } = await db.execute<{ currency: string }>(sql`
    SELECT ${donations.currency} AS currency FROM ${donations} WHERE ${donations.npoId} = ${npoId}
    UNION
    SELECT ${campaigns.currency} FROM ${campaigns} WHERE ${campaigns.npoId} = ${npoId}`);
  return rows.map((r) => r.currency);
}
