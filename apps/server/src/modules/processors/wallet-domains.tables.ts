import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';

/**
 * Domains registered for Apple Pay and Google Pay on the organisation's connected Stripe account
 * (Stripe's payment method domains, decision 038): the wallet buttons show only on a registered
 * domain. One row per organisation and domain; registering again refreshes it.
 */
export const walletDomains = pgTable(
  'wallet_domains',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    domain: text().notNull(),
    /** pmd_… at Stripe; null for the sandbox, which needs no registration. */
    providerDomainId: text(),
    /** Stripe's status per wallet: active, inactive (with a reason at Stripe). */
    applePay: text().notNull(),
    googlePay: text().notNull(),
    registeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wallet_domains_npo_domain_uq').on(t.npoId, t.domain)],
);
