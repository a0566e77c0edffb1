import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';

/**
 * Whether the organisation's profile is filled in enough for receipts and the donation form
 * (docs/product/overview.md#launchpad), from the columns the organisation has today: its name
 * and its logo.
 */
export async function profileStatus(
  db: Tx,
  npoId: number,
): Promise<{ complete: boolean; missing: string[]; hasLogo: boolean }> {
  const { rows } = await db.execute<{ name: string | null; logo_url: string | null }>(
    sql`SELECT name, logo_url FROM npos WHERE id = ${npoId}`,
  );
  const row = rows[0];
  const missing = row?.name?.trim() ? [] : ['Organisation name'];
  return { complete: missing.length === 0, missing, hasLogo: !!row?.logo_url?.trim() };
}
