import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { auditLog } from './audit.tables.ts';

export type AuditEntry = {
  npoId?: number | null;
  actorUserId: number | null;
  /** Dotted past tense: `membership.role_changed`, `user.mfa_enabled`. */
  action: string;
  targetType: string;
  targetId?: string | number | null;
  data?: Record<string, unknown>;
  ip?: string | null;
};

/** Appends one row; pass the transaction that makes the change so both commit together. */
export async function insertAuditEntry(db: Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    npoId: entry.npoId ?? null,
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    data: entry.data ?? {},
    ip: entry.ip ?? null,
  });
}

/** The values of an entry as auditInsertSql binds them (`data` as JSON text). */
export type AuditValues = {
  npoId: number | null;
  actorUserId: number | null;
  action: string;
  targetType: string;
  data: string;
  ip: string | null;
};

export const auditValuesOf = (entry: Omit<AuditEntry, 'targetId'>): AuditValues => ({
  npoId: entry.npoId ?? null,
  actorUserId: entry.actorUserId,
  action: entry.action,
  targetType: entry.targetType,
  data: JSON.stringify(entry.data ?? {}),
  ip: entry.ip ?? null,
});

/**
 * An entry as an INSERT for a caller's own statement: one row per row of `about` (a CTE), whose
 * facts (its id) `targetId` and `extraData` may name. Each value is an AuditValues value or a
 * placeholder for one.
 */
export function auditInsertSql(
  v: { [K in keyof AuditValues]: unknown },
  from: { about: SQL; targetId: SQL; extraData?: SQL },
): SQL {
  return sql`INSERT INTO ${auditLog} (npo_id, actor_user_id, action, target_type, target_id, data, ip)
    SELECT ${v.npoId}::bigint, ${v.actorUserId}::bigint, ${v.action}::text, ${v.targetType}::text,
      (${from.targetId})::text, ${v.data}::jsonb || ${from.extraData ?? sql`'{}'::jsonb`}, ${v.ip}::text
    FROM ${from.about}`;
}
