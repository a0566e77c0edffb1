// The demo organisation's payment settings (docs/product/payments.md#payment-methods and
// #exchange-rates): every method but bank debit, the draft Summer Lunch Club without PayPal, and
// manual euro and pound rates for this year. The manual rates equal the platform defaults, so the
// demo gifts' base amounts stay what they were; /exchange-rates shows them as manual.
import { and, eq, sql } from 'drizzle-orm';
import { campaigns } from '../modules/campaigns/campaigns.tables.ts';
import { exchangeRates } from '../modules/donations/donations.tables.ts';
import { npos } from '../modules/organisations/organisations.tables.ts';
import type { Db } from '../platform/db/client.ts';

export const DEMO_MANUAL_RATES = [
  { currency: 'EUR', rate: '1.16' },
  { currency: 'GBP', rate: '1.32' },
] as const;

export async function seedPaymentSettings(db: Db, npoIds: Map<string, number>, adminUserId: number | null) {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  // Once: an organisation whose methods are already set keeps what its staff chose since.
  const first = await db
    .update(npos)
    .set({ donationMethods: ['card', 'apple_pay', 'google_pay', 'paypal'] })
    .where(and(eq(npos.id, npoId), sql`${npos.donationMethods} IS NULL`))
    .returning({ id: npos.id });
  if (first.length === 0) return;
  await db
    .update(campaigns)
    .set({ donationMethods: ['card', 'apple_pay', 'google_pay'] })
    .where(and(eq(campaigns.npoId, npoId), eq(campaigns.campaignUrl, 'summer-lunch-club')));
  const year = new Date().getUTCFullYear();
  for (const { currency, rate } of DEMO_MANUAL_RATES) {
    await db.insert(exchangeRates).values({
      npoId,
      fromCurrency: currency,
      toCurrency: 'USD',
      rate,
      asOf: `${year}-01-01`,
      validTo: `${year}-12-31`,
      source: 'manual',
      createdBy: adminUserId,
    });
  }
}
