// SQL of saved and scheduled reports (docs/product/reports.md#saved-reports). Every read and write is
// bound to the organisation; a saved report another member keeps private is not found.
import { ACCESS } from '@kindling/contracts';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { memberships, permissionsOf } from '../organisations/index.ts';
import { users } from '../users/index.ts';
import { reportScheduleRuns, reportSchedules, savedReports } from './saved-reports.tables.ts';

export type SavedReportRow = typeof savedReports.$inferSelect & { ownerName: string };
export type ScheduleRow = typeof reportSchedules.$inferSelect;
export type Member = { user_id: number; name: string; email: string };

const ownerName = sql<string>`coalesce(nullif(btrim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}, 'A former member')`;

/** The saved reports `userId` may see: their own and the organisation's shared ones, by name. */
export function selectVisible(db: Tx, npoId: number, userId: number, id?: number): Promise<SavedReportRow[]> {
  return db
    .select({ ...savedReportColumns, ownerName })
    .from(savedReports)
    .leftJoin(users, eq(users.id, savedReports.ownerId))
    .where(
      and(
        eq(savedReports.npoId, npoId),
        or(eq(savedReports.shared, true), eq(savedReports.ownerId, userId)),
        id === undefined ? undefined : eq(savedReports.id, id),
      ),
    )
    .orderBy(savedReports.name, savedReports.id);
}

const savedReportColumns = {
  id: savedReports.id,
  npoId: savedReports.npoId,
  ownerId: savedReports.ownerId,
  name: savedReports.name,
  report: savedReports.report,
  view: savedReports.view,
  filters: savedReports.filters,
  columns: savedReports.columns,
  shared: savedReports.shared,
  createdAt: savedReports.createdAt,
  updatedAt: savedReports.updatedAt,
};

export async function insertSavedReport(db: Tx, values: typeof savedReports.$inferInsert): Promise<number> {
  const [row] = await db.insert(savedReports).values(values).returning({ id: savedReports.id });
  return Number(row?.id);
}

export async function updateSavedReport(
  db: Tx,
  npoId: number,
  id: number,
  patch: Partial<Pick<typeof savedReports.$inferInsert, 'name' | 'shared' | 'columns' | 'filters'>>,
): Promise<void> {
  await db
    .update(savedReports)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(savedReports.npoId, npoId), eq(savedReports.id, id)));
}

export async function deleteSavedReport(db: Tx, npoId: number, id: number): Promise<void> {
  await db.delete(savedReports).where(and(eq(savedReports.npoId, npoId), eq(savedReports.id, id)));
}

export async function selectSchedules(db: Tx, npoId: number, reportIds: number[]): Promise<ScheduleRow[]> {
  if (reportIds.length === 0) return [];
  return db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.npoId, npoId), inArray(reportSchedules.savedReportId, reportIds)));
}

export async function upsertSchedule(db: Tx, values: typeof reportSchedules.$inferInsert): Promise<void> {
  const { cadence, weekday, dayOfMonth, format, recipientIds } = values;
  await db
    .insert(reportSchedules)
    .values(values)
    .onConflictDoUpdate({
      target: reportSchedules.savedReportId,
      set: { cadence, weekday, dayOfMonth, format, recipientIds, updatedAt: new Date() },
    });
}

export async function deleteSchedule(db: Tx, npoId: number, reportId: number): Promise<void> {
  await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.npoId, npoId), eq(reportSchedules.savedReportId, reportId)));
}

export function selectRuns(db: Tx, scheduleIds: number[]) {
  if (scheduleIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(reportScheduleRuns)
    .where(inArray(reportScheduleRuns.scheduleId, scheduleIds))
    .orderBy(desc(reportScheduleRuns.sentAt), desc(reportScheduleRuns.id))
    .limit(12 * scheduleIds.length);
}

/**
 * The organisation's members, with whether they may see reports now: an active (not suspended)
 * membership of a dashboard role holding “View reports” (docs/product/team.md#permissions).
 */
export async function selectMembers(db: Tx, npoId: number, userIds?: number[]) {
  const rows = await db
    .select({
      userId: memberships.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roleCode: memberships.roleCode,
      permissions: memberships.permissions,
      revokedPermissions: memberships.revokedPermissions,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.npoId, npoId),
        isNull(memberships.suspendedAt),
        userIds ? inArray(memberships.userId, userIds.length ? userIds : [0]) : undefined,
      ),
    )
    .orderBy(users.firstName, users.lastName, users.id);
  return rows.map((r) => ({
    user_id: Number(r.userId),
    name: `${r.firstName} ${r.lastName}`.trim() || r.email,
    email: r.email,
    mayView: (ACCESS.dashboard as readonly number[]).includes(r.roleCode) && permissionsOf(r).includes('reports.view'),
  }));
}
