import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { npos } from '../organisations/index.ts';
import { stripeConnectStates } from './processors.tables.ts';

const settingsColumns = {
  stripeAccountId: npos.stripeAccountId,
  stripeConnectedAt: npos.stripeConnectedAt,
  stripeLivemode: npos.stripeLivemode,
  paypalMerchantId: npos.paypalMerchantId,
  paypalEmail: npos.paypalEmail,
  paypalConnectedAt: npos.paypalConnectedAt,
};

export type ProcessorSettings = {
  stripeAccountId: string | null;
  stripeConnectedAt: Date | null;
  stripeLivemode: boolean | null;
  paypalMerchantId: string | null;
  paypalEmail: string | null;
  paypalConnectedAt: Date | null;
};

/** One organisation's settings; `forUpdate` locks the row for a change in the same transaction. */
export async function findSettings(db: Tx, npoId: number, forUpdate = false): Promise<ProcessorSettings | null> {
  const query = db.select(settingsColumns).from(npos).where(eq(npos.id, npoId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function setStripeAccount(
  db: Tx,
  npoId: number,
  values: { accountId: string | null; livemode: boolean | null },
): Promise<void> {
  await db
    .update(npos)
    .set({
      stripeAccountId: values.accountId,
      stripeLivemode: values.livemode,
      stripeConnectedAt: values.accountId ? sql`now()` : null,
    })
    .where(eq(npos.id, npoId));
}

export async function setPaypal(
  db: Tx,
  npoId: number,
  values: { merchantId: string; email: string } | null,
): Promise<void> {
  await db
    .update(npos)
    .set({
      paypalMerchantId: values?.merchantId ?? null,
      paypalEmail: values?.email ?? null,
      paypalConnectedAt: values ? sql`now()` : null,
    })
    .where(eq(npos.id, npoId));
}

/** Serialises connections of one Stripe account across organisations until the transaction ends. */
export async function lockStripeAccount(tx: Tx, accountId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`stripe-account:${accountId}`}))`);
}

export async function isStripeAccountUsedElsewhere(db: Tx, accountId: string, npoId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: npos.id })
    .from(npos)
    .where(and(eq(npos.stripeAccountId, accountId), ne(npos.id, npoId)))
    .limit(1);
  return !!row;
}

export async function insertConnectState(
  db: Tx,
  values: { stateDigest: string; sessionId: string; npoId: number; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(stripeConnectStates).values(values);
}

/** Takes a live state of this session (it cannot be used twice); null when unknown, foreign or expired. */
export async function takeConnectState(
  db: Tx,
  stateDigest: string,
  sessionId: string,
): Promise<{ npoId: number; userId: number } | null> {
  const [row] = await db
    .delete(stripeConnectStates)
    .where(
      and(
        eq(stripeConnectStates.stateDigest, stateDigest),
        eq(stripeConnectStates.sessionId, sessionId),
        gt(stripeConnectStates.expiresAt, sql`now()`),
      ),
    )
    .returning({ npoId: stripeConnectStates.npoId, userId: stripeConnectStates.userId });
  return row ?? null;
}

/** Old states are dropped whenever a new round trip starts: the table stays small without a job. */
export async function deleteExpiredConnectStates(db: Tx): Promise<void> {
  await db.delete(stripeConnectStates).where(sql`${stripeConnectStates.expiresAt} <= now()`);
}
