// The fundraiser's soft credit (docs/product/crm.md#soft-credits-and-tributes, docs/decisions/087-peer-soft-credit-after-payment.md):
// a gift through a fundraiser's page stays the donor's (hard credit) and is credited to the page owner's
// CRM contact. Written by the page's follow-up job after the payment, so the checkout request does no
// more work; the contacts module's unique key makes a rerun, a retried confirmation or the provider's
// webhook write it once.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { insertFundraiserSoftCredit } from '../contacts/index.ts';

/** Credits the gift to its page's owner; false when the page has no owner or the credit exists. */
export async function creditPeerFundraiser(
  db: Db,
  job: { npoId: number; pageId: number; donationId: number },
): Promise<boolean> {
  const { rows } = await db.execute<{ email: string; first_name: string; last_name: string }>(sql`
    SELECT u.email, u.first_name, u.last_name FROM campaigns c JOIN users u ON u.id = c.owner_user_id
    WHERE c.id = ${job.pageId} AND c.npo_id = ${job.npoId} AND c.parent_campaign_id IS NOT NULL`);
  const owner = rows[0];
  if (!owner) return false;
  return insertFundraiserSoftCredit(db, {
    npoId: job.npoId,
    donationId: job.donationId,
    email: owner.email,
    firstName: owner.first_name ?? '',
    lastName: owner.last_name ?? '',
  });
}
