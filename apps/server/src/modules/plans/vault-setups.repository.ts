// The PayPal vault setups between create_setup_token and save_paypal_payment_method. The
// callers are anonymous donors: the provider's token ids are what find a setup, and every row
// carries the organisation it belongs to.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { vaultSetups } from '../donations/index.ts';

export type VaultSetupRow = typeof vaultSetups.$inferSelect;
export type NewVaultSetup = typeof vaultSetups.$inferInsert;

/** How long a donor has between starting the PayPal approval and saving it. */
export const VAULT_SETUP_LIFETIME_MS = 3 * 60 * 60 * 1000;

/** Stores a setup once per provider token (a replayed create returns the same token and row). */
export async function insertVaultSetup(db: Db, values: NewVaultSetup): Promise<VaultSetupRow> {
  const [inserted] = await db
    .insert(vaultSetups)
    .values(values)
    .onConflictDoNothing({ target: [vaultSetups.provider, vaultSetups.setupTokenId] })
    .returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(vaultSetups)
    .where(and(eq(vaultSetups.provider, values.provider), eq(vaultSetups.setupTokenId, values.setupTokenId)));
  if (!existing) throw new Error(`vault setup ${values.setupTokenId} could not be stored`);
  return existing;
}

/** A setup still within its lifetime, by the provider's setup token. */
export async function findOpenSetupByToken(db: Db, provider: string, setupTokenId: string) {
  const [row] = await db
    .select()
    .from(vaultSetups)
    .where(
      and(
        eq(vaultSetups.provider, provider),
        eq(vaultSetups.setupTokenId, setupTokenId),
        gt(vaultSetups.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/**
 * A setup by its payment token: within its lifetime, or at any time once its first gift was
 * recorded (a repeated save answers with that donation).
 */
export async function findSetupByPaymentToken(db: Db, provider: string, paymentTokenId: string) {
  const [row] = await db
    .select()
    .from(vaultSetups)
    .where(
      and(
        eq(vaultSetups.provider, provider),
        eq(vaultSetups.paymentTokenId, paymentTokenId),
        sql`(${vaultSetups.expiresAt} > now() OR ${vaultSetups.donationId} IS NOT NULL)`,
      ),
    );
  return row ?? null;
}

/** Keeps the first payment token stored for a setup; a concurrent second one loses and reads it. */
export async function storePaymentToken(
  db: Db,
  setup: VaultSetupRow,
  token: { id: string; customerId: string | null; email: string | null },
): Promise<VaultSetupRow> {
  const [row] = await db
    .update(vaultSetups)
    .set({
      paymentTokenId: token.id,
      customerId: token.customerId,
      payerEmail: token.email,
      status: 'vaulted',
      updatedAt: sql`now()`,
    })
    .where(and(eq(vaultSetups.id, setup.id), eq(vaultSetups.npoId, setup.npoId), isNull(vaultSetups.paymentTokenId)))
    .returning();
  if (row) return row;
  const [existing] = await db
    .select()
    .from(vaultSetups)
    .where(and(eq(vaultSetups.id, setup.id), eq(vaultSetups.npoId, setup.npoId)));
  if (!existing) throw new Error(`vault setup ${setup.id} disappeared`);
  return existing;
}

/** The outcome of the first charge: completed with its donation, or declined with the provider's message. */
export async function recordSetupOutcome(
  db: Db,
  setup: VaultSetupRow,
  outcome:
    | { status: 'completed'; chargeId: string; donationId: number }
    | { status: 'declined'; chargeId: string; failureMessage: string },
): Promise<void> {
  await db
    .update(vaultSetups)
    .set({
      status: outcome.status,
      chargeId: outcome.chargeId,
      ...(outcome.status === 'completed'
        ? { donationId: outcome.donationId, failureMessage: null }
        : { failureMessage: outcome.failureMessage }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(vaultSetups.id, setup.id), eq(vaultSetups.npoId, setup.npoId)));
}
