import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' }),
    actorUserId: bigint({ mode: 'number' }),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_npo_idx').on(t.npoId, t.createdAt),
    // One record's history (a donation's page) without scanning the organisation's whole log.
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);
