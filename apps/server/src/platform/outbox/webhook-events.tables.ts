import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The outbox of events that outbound webhooks announce (docs/decisions/074-webhook-outbox.md). A row is
 * written in the same transaction as the change it describes, so a crash neither loses nor invents an
 * event; `public_id` (`evt_…`) is what receivers de-duplicate on. The integrations module relays rows
 * to endpoints later (`relayed_at`). The organisation is not a foreign key: platform tables know no module.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text().notNull().default(sql`('evt_' || replace(gen_random_uuid()::text, '-', ''))`),
    npoId: bigint({ mode: 'number' }).notNull(),
    type: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    relayedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_events_public_id_uq').on(t.publicId),
    index('webhook_events_unrelayed_idx').on(t.id).where(sql`${t.relayedAt} IS NULL`),
  ],
);
