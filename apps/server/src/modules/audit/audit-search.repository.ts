import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../users/index.ts';
import { auditLog } from './audit.tables.ts';

/** The security page's filters (docs/product/security.md#audit-log); days are UTC calendar days. */
export type AuditFilter = { actorId?: number; action?: string; entity?: string; from?: string; to?: string };

export type AuditLogRow = {
  id: number;
  createdAt: Date;
  actorUserId: number | null;
  actorName: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  ip: string | null;
  data: Record<string, unknown>;
};

const columns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorUserId: auditLog.actorUserId,
  actorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  ip: auditLog.ip,
  data: auditLog.data,
};

function whereOf(npoId: number, f: AuditFilter): SQL | undefined {
  // From and to are days of the organisation's calendar, cut at its midnights (decision 027).
  const zone = sql`(SELECT n.time_zone FROM npos n WHERE n.id = ${npoId})`;
  return and(
    eq(auditLog.npoId, npoId),
    f.actorId === undefined ? undefined : eq(auditLog.actorUserId, f.actorId),
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.entity ? eq(auditLog.targetType, f.entity) : undefined,
    f.from ? gte(auditLog.createdAt, sql`${f.from}::date::timestamp AT TIME ZONE ${zone}`) : undefined,
    f.to ? lt(auditLog.createdAt, sql`(${f.to}::date + 1)::timestamp AT TIME ZONE ${zone}`) : undefined,
  );
}

/** One page of the organisation's log, newest first, with the filtered total. */
export async function searchAuditLog(
  db: Db,
  npoId: number,
  filter: AuditFilter,
  page: { page: number; perPage: number },
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const where = whereOf(npoId, filter);
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** What the filters can offer: the actions, entities and actors found in the organisation's log. */
export async function auditFilterOptions(db: Db, npoId: number) {
  const [actions, entities, actors] = await Promise.all([
    db.selectDistinct({ v: auditLog.action }).from(auditLog).where(eq(auditLog.npoId, npoId)).orderBy(auditLog.action),
    db
      .selectDistinct({ v: auditLog.targetType })
      .from(auditLog)
      .where(eq(auditLog.npoId, npoId))
      .orderBy(auditLog.targetType),
    db
      .selectDistinct({ id: users.id, name: columns.actorName })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorUserId))
      .where(eq(auditLog.npoId, npoId))
      .orderBy(columns.actorName),
  ]);
  return {
    actions: actions.map((r) => r.v),
    entities: entities.map((r) => r.v),
    actors: actors.map((r) => ({ id: r.id, name: r.name ?? `User ${r.id}` })),
  };
}

/**
 * The filtered log in batches, newest first, by keyset (id below the last one seen) so a long export
 * never re-reads what it already sent.
 */
export async function* auditLogBatches(
  db: Db,
  npoId: number,
  filter: AuditFilter,
  batchSize = 1000,
): AsyncGenerator<AuditLogRow[]> {
  let before: number | null = null;
  for (;;) {
    const rows: AuditLogRow[] = await db
      .select(columns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(and(whereOf(npoId, filter), before === null ? undefined : lt(auditLog.id, before)))
      .orderBy(desc(auditLog.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    before = rows[rows.length - 1]?.id ?? null;
    if (rows.length < batchSize) return;
  }
}
