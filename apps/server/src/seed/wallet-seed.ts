// The demo's wallets and bank debits (docs/product/payments.md#sandbox): the Spring Appeal offers
// every method, so its form shows the sandbox's wallet button and, in dollars and euros, its
// bank-debit form, while the organisation as a whole keeps bank debit off.
import { DONATION_METHODS } from '@kindling/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { campaigns } from '../modules/campaigns/campaigns.tables.ts';
import type { Db } from '../platform/db/client.ts';

export async function seedWallets(db: Db, npoIds: Map<string, number>) {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  // Only while the campaign follows the organisation: a choice staff made since is kept.
  await db
    .update(campaigns)
    .set({ donationMethods: [...DONATION_METHODS] })
    .where(
      and(
        eq(campaigns.npoId, npoId),
        eq(campaigns.campaignUrl, 'spring-appeal'),
        sql`${campaigns.donationMethods} IS NULL`,
      ),
    );
}
