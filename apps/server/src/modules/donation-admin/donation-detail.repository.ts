import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { campaigns } from '../campaigns/index.ts';
import { donations, ledgerEntries, recurringPlans } from '../donations/index.ts';
import { donors } from '../donors/index.ts';
import { users } from '../users/index.ts';
import { donationRefunds } from './donation-admin.tables.ts';

export type DonationRow = typeof donations.$inferSelect;

const userName = (table: typeof users) =>
  sql<string | null>`nullif(trim(${table.firstName} || ' ' || ${table.lastName}), '')`;

/** The organisation's donation with its donor, campaign, plan and who entered it; null otherwise. */
export async function findDonationDetail(db: Db, npoId: number, id: number) {
  const [row] = await db
    .select({
      donation: donations,
      donor: { id: donors.id, firstName: donors.firstName, lastName: donors.lastName, email: donors.email },
      campaignName: campaigns.name,
      createdBy: userName(users),
      plan: { id: recurringPlans.id, status: recurringPlans.status, interval: recurringPlans.interval },
    })
    .from(donations)
    .innerJoin(donors, eq(donors.id, donations.donorId))
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .leftJoin(users, eq(users.id, donations.createdByUserId))
    .leftJoin(recurringPlans, eq(recurringPlans.id, donations.recurringPlanId))
    .where(and(eq(donations.id, id), eq(donations.npoId, npoId)));
  return row ?? null;
}

export async function ledgerOf(db: Db, npoId: number, donationId: number) {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.npoId, npoId), eq(ledgerEntries.donationId, donationId)))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}

export async function refundsOf(db: Db, npoId: number, donationId: number) {
  return db
    .select({ refund: donationRefunds, createdBy: userName(users) })
    .from(donationRefunds)
    .leftJoin(users, eq(users.id, donationRefunds.createdByUserId))
    .where(
      and(
        eq(donationRefunds.npoId, npoId),
        eq(donationRefunds.donationId, donationId),
        inArray(donationRefunds.status, ['succeeded', 'failed']),
      ),
    )
    .orderBy(asc(donationRefunds.createdAt));
}

/**
 * What refunds have taken or are taking from a gift: succeeded ones and claims still pending (a
 * refund the provider reported as failed gave nothing back).
 */
export async function refundedSoFar(tx: Tx, donationId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${donationRefunds.amountMinor}), 0)` })
    .from(donationRefunds)
    .where(and(eq(donationRefunds.donationId, donationId), ne(donationRefunds.status, 'failed')));
  return Number(row?.total ?? 0);
}
