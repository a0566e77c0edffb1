// Test set-up of recurring plans: a recorded first gift at a chosen time, a saved sandbox card with
// the chosen last four digits (…0002 keeps declining, …4242 is charged) and the plan made the way
// checkout makes it (ensurePlanForFirstGift).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { createJobs, type Jobs } from '../../platform/jobs/jobs.ts';
import { recordSucceededPayment, recurringPlans } from '../donations/index.ts';
import { sandboxOnlyProviders } from '../payments/index.ts';
import { sandboxPaymentMethods } from '../payments/payments.tables.ts';
import { createSandboxProvider } from '../payments/providers/sandbox/sandbox.provider.ts';
import { ensurePlanForFirstGift, type PlanRow } from './index.ts';
import type { RecurringInterval } from './next-charge.ts';
import type { SchedulerDeps } from './scheduler.service.ts';

let counter = 0;

export async function npoIdOf(db: Db, slug = 'riverside-food-bank'): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = ${slug}`);
  return Number(rows[0]?.id);
}

export type CardExpiry = { month: number; year: number };

export async function saveSandboxCard(db: Db, npoId: number, last4: string, expiry?: CardExpiry): Promise<string> {
  counter += 1;
  const id = `pm_sandbox_test${Date.now().toString(36)}${counter}`;
  await db.insert(sandboxPaymentMethods).values({
    id,
    npoId,
    type: 'card',
    cardLast4: last4,
    cardExpMonth: expiry?.month ?? null,
    cardExpYear: expiry?.year ?? null,
  });
  return id;
}

export type NewTestPlan = {
  npoId: number;
  startedAt: Date;
  interval?: RecurringInterval;
  last4?: string;
  amountMinor?: number;
  currency?: string;
  email?: string;
  firstName?: string;
  /** The saved card's expiry (the sandbox's card form keeps it); none by default. */
  cardExpiry?: CardExpiry;
};

/** A first gift recorded at `startedAt` and its plan, due one interval later. */
export async function createTestPlan(db: Db, input: NewTestPlan): Promise<PlanRow> {
  counter += 1;
  const email = input.email ?? `plan-donor-${Date.now().toString(36)}-${counter}@example.org`;
  const { donation } = await recordSucceededPayment(db, {
    npoId: input.npoId,
    campaignId: null,
    provider: 'sandbox',
    providerReference: `pi_sandbox_testplan_${Date.now().toString(36)}_${counter}`,
    amountMinor: input.amountMinor ?? 2500,
    currency: input.currency ?? 'USD',
    interval: input.interval ?? 'monthly',
    paymentMethod: 'card',
    donor: { email, firstName: input.firstName ?? 'Grace', lastName: 'Hopper' },
    occurredAt: input.startedAt,
  });
  const paymentMethodId = await saveSandboxCard(db, input.npoId, input.last4 ?? '4242', input.cardExpiry);
  const plan = await ensurePlanForFirstGift(db, {
    donation,
    provider: 'sandbox',
    paymentMethodId,
    customerId: null,
    donorName: `${input.firstName ?? 'Grace'} Hopper`,
    campaignName: null,
  });
  if (!plan) throw new Error('no plan for a recurring gift');
  return plan;
}

export async function planById(db: Db, id: number): Promise<PlanRow> {
  const [row] = await db.select().from(recurringPlans).where(eq(recurringPlans.id, id));
  if (!row) throw new Error(`no plan ${id}`);
  return row;
}

export async function setPlan(db: Db, id: number, patch: Partial<PlanRow>): Promise<void> {
  await db.update(recurringPlans).set(patch).where(eq(recurringPlans.id, id));
}

export async function countRows(db: Db, table: string, planId: number, extra = sql``): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE recurring_plan_id = ${planId} ${extra}`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function notificationKinds(db: Db, npoId: number, planId: number): Promise<string[]> {
  const { rows } = await db.execute<{ kind: string }>(sql`
    SELECT kind FROM notifications
    WHERE npo_id = ${npoId} AND metadata->>'plan_id' = ${String(planId)} ORDER BY id`);
  return rows.map((r) => r.kind);
}

/**
 * The scheduler's dependencies as another instance would have them: its own sandbox (state lives
 * in the database) and a send-only pg-boss; the app's workers run the receipts and e-mails.
 */
export async function schedulerDepsFor(
  db: Db,
  sessionSecret: string,
): Promise<SchedulerDeps & { stop: () => Promise<void> }> {
  const jobs: Jobs = createJobs({ db, work: false, onError: () => {} });
  await jobs.start();
  const providers = sandboxOnlyProviders(createSandboxProvider({ db, sessionSecret }));
  return { db, providers, jobs, stop: () => jobs.stop() };
}

export const sandboxCharges = async (db: Db, npoId: number, planId: number): Promise<number> => {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM sandbox_payments
    WHERE kind = 'charge' AND npo_id = ${npoId} AND metadata->>'plan_id' = ${String(planId)}`);
  return Number(rows[0]?.n ?? 0);
};

/** An organisation of its own (so sweeps see only the test's plans) with admin@kindling.test as admin. */
export async function isolatedOrganisation(
  db: Db,
  name: string,
  calendar: { timeZone?: string; locale?: string } = {},
): Promise<number> {
  counter += 1;
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now().toString(36)}-${counter}`;
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO npos (name, slug, base_currency, time_zone, locale)
    VALUES (${name}, ${slug}, 'USD', ${calendar.timeZone ?? 'UTC'}, ${calendar.locale ?? 'en-US'}) RETURNING id`);
  const npoId = Number(rows[0]?.id);
  await db.execute(sql`
    INSERT INTO memberships (npo_id, user_id, role_code, role_name)
    SELECT ${npoId}, id, 5150, 'admin' FROM users WHERE lower(email) = 'admin@kindling.test'`);
  return npoId;
}
