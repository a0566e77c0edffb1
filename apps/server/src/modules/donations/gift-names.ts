// The names a staff notice about a gift uses (donation-admin's refunds and disputes, the failed
// bank debit here): who gave, to which campaign, and the organisation's locale for the amounts.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { campaigns } from '../campaigns/index.ts';
import { donors } from '../donors/index.ts';
import { npos } from '../organisations/index.ts';

export type GiftNames = { donorName: string; campaignName: string | null; locale: string };

/** Who gave the gift and to which campaign, as a notice about it names them, and its organisation's locale. */
export async function giftNamesOf(
  tx: Tx,
  d: { npoId: number; donorId: number; campaignId: number | null },
): Promise<GiftNames> {
  const [row] = await tx
    .select({
      firstName: donors.firstName,
      lastName: donors.lastName,
      campaignName: campaigns.name,
      locale: npos.locale,
    })
    .from(donors)
    .innerJoin(npos, eq(npos.id, donors.npoId))
    .leftJoin(campaigns, and(eq(campaigns.id, sql`${d.campaignId}::bigint`), eq(campaigns.npoId, d.npoId)))
    .where(and(eq(donors.id, d.donorId), eq(donors.npoId, d.npoId)));
  const donorName = `${row?.firstName ?? ''} ${row?.lastName ?? ''}`.trim();
  return { donorName: donorName || 'A donor', campaignName: row?.campaignName ?? null, locale: row?.locale ?? 'en-US' };
}
