import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.ts';
import { npos } from '../../../organisations/index.ts';
import { sandboxPaymentMethods, sandboxPayments } from '../../payments.tables.ts';

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
export type NewSandboxPayment = typeof sandboxPayments.$inferInsert;
export type SandboxMethodRow = typeof sandboxPaymentMethods.$inferSelect;

/**
 * Inserts once per idempotency key: a repeated key returns the row of the first request, as a
 * provider replays the first answer.
 */
export async function insertPaymentOnce(db: Db, values: NewSandboxPayment): Promise<SandboxPaymentRow> {
  const [inserted] = await db.insert(sandboxPayments).values(values).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const key = values.idempotencyKey;
  const [existing] = key ? await db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, key)) : [];
  if (!existing) throw new Error(`sandbox payment ${values.id} could not be stored`);
  return existing;
}

// Read on every confirm and webhook: prepared once per database handle (parsed and planned once per connection).
const paymentById = new WeakMap<Db, ReturnType<typeof preparePaymentById>>();
const preparePaymentById = (db: Db) =>
  db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.id, sql.placeholder('id')))
    .prepare('sandbox_payment_by_id');

export async function findPayment(db: Db, id: string): Promise<SandboxPaymentRow | null> {
  let prepared = paymentById.get(db);
  if (!prepared) {
    prepared = preparePaymentById(db);
    paymentById.set(db, prepared);
  }
  const [row] = await prepared.execute({ id });
  return row ?? null;
}

/**
 * Moves a payment on only from the expected statuses, in one statement, so two concurrent
 * confirmations cannot both succeed; null when another request got there first.
 */
export async function transition(
  db: Db,
  id: string,
  from: readonly string[],
  patch: Partial<NewSandboxPayment>,
): Promise<SandboxPaymentRow | null> {
  const [row] = await db
    .update(sandboxPayments)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(sandboxPayments.id, id), inArray(sandboxPayments.status, [...from])))
    .returning();
  return row ?? null;
}

export async function insertMethod(
  db: Db,
  values: typeof sandboxPaymentMethods.$inferInsert,
): Promise<SandboxMethodRow> {
  const [row] = await db.insert(sandboxPaymentMethods).values(values).returning();
  if (!row) throw new Error('sandbox payment method could not be stored');
  return row;
}

export async function findMethod(db: Db, id: string, npoId: number): Promise<SandboxMethodRow | null> {
  const [row] = await db
    .select()
    .from(sandboxPaymentMethods)
    .where(and(eq(sandboxPaymentMethods.id, id), eq(sandboxPaymentMethods.npoId, npoId)));
  return row ?? null;
}

/**
 * The demo records its gifts directly (seed), not through the card form, so their payments would
 * not exist at the sandbox and a refund would answer "No such payment.". This gives every sandbox
 * gift of the organisation that lacks one the succeeded payment it names (amount and currency
 * of the gift), as the card form would have left it; running it again changes nothing.
 */
export async function ensureSandboxPaymentsOfGifts(db: Db, npoId: number): Promise<number> {
  const { rowCount } = await db.execute(sql`
    INSERT INTO sandbox_payments (id, kind, npo_id, amount_minor, currency, interval, status, metadata, created_at, updated_at)
    SELECT d.provider_reference, 'intent', d.npo_id, d.amount_minor, d.currency, 'once', 'succeeded',
           jsonb_build_object('seeded', 'true'), d.created_at, d.created_at
    FROM donations d
    WHERE d.npo_id = ${npoId} AND d.provider = 'sandbox' AND d.provider_reference IS NOT NULL
      AND d.provider_capture_id IS NULL
    ON CONFLICT (id) DO NOTHING`);
  return rowCount ?? 0;
}

/** The organisation's locale (npos.locale), in which the sandbox's own pages write amounts. */
export async function localeOfNpo(db: Db, npoId: number): Promise<string> {
  const [row] = await db.select({ locale: npos.locale }).from(npos).where(eq(npos.id, npoId));
  return row?.locale ?? 'en-US';
}
