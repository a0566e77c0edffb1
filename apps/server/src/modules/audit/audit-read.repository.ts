import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../users/index.ts';
import { auditLog } from './audit.tables.ts';

export type AuditRecord = {
  id: number;
  action: string;
  actorUserId: number | null;
  /** The actor's name; null for the system (checkout, webhooks, jobs) or a removed user. */
  actorName: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
};

/** One record's history in an organisation (who did what, when), newest first. */
export async function listAuditEntries(
  db: Db,
  about: { npoId: number; targetType: string; targetId: string | number; limit?: number },
): Promise<AuditRecord[]> {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorUserId: auditLog.actorUserId,
      actorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      data: auditLog.data,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.npoId, about.npoId),
        eq(auditLog.targetType, about.targetType),
        eq(auditLog.targetId, String(about.targetId)),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(about.limit ?? 200);
}
