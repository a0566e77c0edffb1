import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { webhookEvents } from '../../platform/outbox/webhook-events.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * An organisation's webhook endpoints (docs/decisions/074-webhook-outbox.md). The signing secret is
 * sealed (AES-GCM with the server's encryption key) because every delivery needs it; it is shown in
 * full once, when created or rotated.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    url: text().notNull(),
    description: text().notNull().default(''),
    events: text().array().notNull(),
    enabled: boolean().notNull().default(true),
    secretSealed: text().notNull(),
    secretPrefix: text().notNull(),
    consecutiveFailures: integer().notNull().default(0),
    /** The first failed attempt since the last success: the clock of the disable rule. */
    failingSince: timestamp({ withTimezone: true }),
    disabledReason: text(),
    createdByUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_npo_idx').on(t.npoId)],
);

/** One event for one endpoint: delivered at least once, whatever the number of attempts. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' }).notNull(),
    endpointId: bigint({ mode: 'number' })
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_uq').on(t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, sql`${t.id} DESC`),
  ],
);

/** Each request made for a delivery, as the log shows it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint({ mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    requestHeaders: jsonb().$type<Record<string, string>>().notNull(),
    requestBody: text().notNull(),
    responseStatus: integer(),
    responseBody: text(),
    error: text(),
    durationMs: integer().notNull(),
    manual: boolean().notNull().default(false),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

/**
 * What the demo receiver (/demo/webhook-receiver, served by this app outside production) was sent:
 * the demo's endpoint points at it so people see signed deliveries arrive without a server of their own.
 */
export const demoWebhookReceipts = pgTable('demo_webhook_receipts', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  eventId: text(),
  eventType: text(),
  signatureValid: boolean().notNull(),
  body: text().notNull(),
});
