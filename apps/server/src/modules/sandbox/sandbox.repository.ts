import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { sandboxOauthCodes } from './sandbox.tables.ts';

export async function insertCode(
  db: Db,
  values: { codeDigest: string; accountId: string; email: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sandboxOauthCodes).values(values);
}

/** Marks a live code used and returns what it grants; null when unknown, used or expired. */
export async function redeemCode(db: Db, codeDigest: string): Promise<{ accountId: string; email: string } | null> {
  const [row] = await db
    .update(sandboxOauthCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(sandboxOauthCodes.codeDigest, codeDigest),
        isNull(sandboxOauthCodes.usedAt),
        gt(sandboxOauthCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ accountId: sandboxOauthCodes.accountId, email: sandboxOauthCodes.email });
  return row ?? null;
}
