// Staff reads of plans: the list with its filters and counts, one plan with its charge history.
import type { TPlanCharge } from '@kindling/contracts';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { campaigns } from '../campaigns/index.ts';
import { type PlanStatus, recurringPlans } from '../donations/index.ts';
import { donors } from '../donors/index.ts';
import type { PlanRow } from './plans.repository.ts';

export type PlanListRow = {
  plan: PlanRow;
  donor: { id: number; firstName: string; lastName: string; email: string };
  campaignName: string | null;
};

export type PlanListFilter = { status: PlanStatus | 'all'; q: string; page: number; perPage: number };

/** `%…%` with LIKE's wildcards taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchOf(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containing(q);
  return or(ilike(donors.email, pattern), ilike(sql`${donors.firstName} || ' ' || ${donors.lastName}`, pattern));
}

const selection = {
  plan: recurringPlans,
  donor: { id: donors.id, firstName: donors.firstName, lastName: donors.lastName, email: donors.email },
  campaignName: campaigns.name,
};

function joined(tx: Tx) {
  return tx
    .select(selection)
    .from(recurringPlans)
    .innerJoin(donors, and(eq(donors.id, recurringPlans.donorId), eq(donors.npoId, recurringPlans.npoId)))
    .leftJoin(campaigns, and(eq(campaigns.id, recurringPlans.campaignId), eq(campaigns.npoId, recurringPlans.npoId)));
}

export async function listPlans(
  tx: Tx,
  npoId: number,
  filter: PlanListFilter,
): Promise<{ rows: PlanListRow[]; total: number; counts: Record<string, number> }> {
  const search = searchOf(filter.q);
  const where = and(
    eq(recurringPlans.npoId, npoId),
    filter.status === 'all' ? undefined : eq(recurringPlans.status, filter.status),
    search,
  );
  const rows = await joined(tx)
    .where(where)
    .orderBy(desc(recurringPlans.createdAt), desc(recurringPlans.id))
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
  // The tab counts follow the search, not the status tab.
  const counted = await tx
    .select({ status: recurringPlans.status, n: sql<number>`count(*)::int` })
    .from(recurringPlans)
    .innerJoin(donors, and(eq(donors.id, recurringPlans.donorId), eq(donors.npoId, recurringPlans.npoId)))
    .where(and(eq(recurringPlans.npoId, npoId), search))
    .groupBy(recurringPlans.status);
  const counts = Object.fromEntries(counted.map((c) => [c.status, Number(c.n)]));
  const total =
    filter.status === 'all' ? counted.reduce((sum, c) => sum + Number(c.n), 0) : Number(counts[filter.status] ?? 0);
  return { rows, total, counts };
}

export async function findPlanWithDonor(tx: Tx, npoId: number, planId: number): Promise<PlanListRow | null> {
  const [row] = await joined(tx).where(and(eq(recurringPlans.npoId, npoId), eq(recurringPlans.id, planId)));
  return row ?? null;
}

type ChargeRow = {
  kind: 'donation' | 'attempt';
  id: number;
  amount_minor: number;
  currency: string;
  status: string;
  failure_message: string | null;
  receipt_number: string | null;
  provider_reference: string | null;
  created_at: Date | string;
};

/** The plan's gifts (its first gift included) and its attempts that did not succeed, newest first. */
export async function chargeHistory(tx: Tx, npoId: number, planId: number): Promise<TPlanCharge[]> {
  const { rows } = await tx.execute<ChargeRow>(sql`
    SELECT 'donation' AS kind, id, amount_minor, currency, status, NULL AS failure_message, receipt_number,
           provider_reference, created_at
    FROM donations WHERE npo_id = ${npoId} AND recurring_plan_id = ${planId}
    UNION ALL
    SELECT 'attempt', id, amount_minor, currency, status, failure_message, NULL, provider_reference, created_at
    FROM payment_attempts WHERE npo_id = ${npoId} AND recurring_plan_id = ${planId}
    ORDER BY created_at DESC, id DESC
    LIMIT 500`);
  return rows.map((r) => ({
    kind: r.kind,
    id: Number(r.id),
    amount_minor: Number(r.amount_minor),
    currency: r.currency,
    status: r.status,
    failure_message: r.failure_message,
    receipt_number: r.receipt_number,
    provider_reference: r.provider_reference,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

export async function baseCurrencyOf(tx: Tx, npoId: number): Promise<string> {
  const { rows } = await tx.execute<{ base_currency: string }>(sql`SELECT base_currency FROM npos WHERE id = ${npoId}`);
  return rows[0]?.base_currency ?? 'USD';
}

/** The plan locked for a staff change (waits for a charge in progress to finish). */
export async function lockPlan(tx: Tx, npoId: number, planId: number): Promise<PlanRow | null> {
  const [row] = await tx
    .select()
    .from(recurringPlans)
    .where(and(eq(recurringPlans.id, planId), eq(recurringPlans.npoId, npoId)))
    .for('no key update');
  return row ?? null;
}
