// Saved and scheduled reports (docs/product/reports.md#saved-reports, decision 100): a member's saved
// report is theirs or shared with the organisation; a private one is not found by anyone else, a
// shared one is read-only except for its owner and administrators. A schedule's recipients are
// members who hold “View reports”, checked when it is saved and again when it is sent.
import {
  ROLE,
  type TReportScheduleInput,
  type TSavedReport,
  type TSavedReportUpdate,
  type ZReportScheduleInput,
  type ZSavedReportInput,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { reportScope } from './income.service.ts';
import { nextDueDay } from './report-schedule-calendar.ts';
import { checkReportKind, queryOf } from './saved-report-files.ts';
import {
  deleteSavedReport,
  deleteSchedule,
  insertSavedReport,
  type SavedReportRow,
  type ScheduleRow,
  selectMembers,
  selectRuns,
  selectSchedules,
  selectVisible,
  updateSavedReport,
  upsertSchedule,
} from './saved-reports.repository.ts';

const NOT_FOUND = 'Saved report not found.';
const ADMINS: readonly number[] = [ROLE.ADMIN, ROLE.SUPER_ADMIN];

const mayEdit = (session: OrganisationSession, row: SavedReportRow) =>
  row.ownerId === session.user.id || ADMINS.includes(session.roleCode);

async function organisationZone(db: Db, npoId: number): Promise<string> {
  const { rows } = await db.execute<{ zone: string }>(sql`SELECT time_zone AS zone FROM npos WHERE id = ${npoId}`);
  return rows[0]?.zone ?? 'UTC';
}

/** Filters that name another organisation's campaign or segment are 404, bad ones 400 (as the report). */
async function checkDefinition(db: Db, npoId: number, input: Pick<SavedReportRow, 'report' | 'view' | 'filters'>) {
  checkReportKind(input.report, input.view);
  const query = queryOf(input, dayIn(new Date(), 'UTC'));
  await reportScope(db, npoId, query);
}

export async function listSavedReports(db: Db, session: OrganisationSession, id?: number): Promise<TSavedReport[]> {
  const npoId = session.selectedNpoId;
  const rows = await selectVisible(db, npoId, session.user.id, id);
  const schedules = await selectSchedules(
    db,
    npoId,
    rows.map((r) => r.id),
  );
  const runs = await selectRuns(
    db,
    schedules.map((s) => s.id),
  );
  const members = await selectMembers(db, npoId, [...new Set(schedules.flatMap((s) => s.recipientIds))]);
  const today = dayIn(new Date(), await organisationZone(db, npoId));
  return rows.map((row) => {
    const s = schedules.find((x) => x.savedReportId === row.id);
    return {
      id: row.id,
      name: row.name,
      report: row.report,
      view: row.view,
      filters: row.filters,
      columns: row.columns,
      shared: row.shared,
      owner: { user_id: row.ownerId ?? 0, name: row.ownerName },
      editable: mayEdit(session, row),
      updated_at: row.updatedAt.toISOString(),
      schedule: s ? scheduleView(s, members, runs, today) : null,
    };
  });
}

function scheduleView(
  s: ScheduleRow,
  members: { user_id: number; name: string; email: string }[],
  runs: Awaited<ReturnType<typeof selectRuns>>,
  today: string,
): NonNullable<TSavedReport['schedule']> {
  const own = runs.filter((r) => r.scheduleId === s.id);
  const sentToday = own.some((r) => r.period === today);
  const rule = { cadence: s.cadence as 'weekly', weekday: s.weekday, dayOfMonth: s.dayOfMonth };
  return {
    cadence: rule.cadence,
    weekday: s.weekday,
    day_of_month: s.dayOfMonth,
    format: s.format as 'csv',
    recipients: members
      .filter((m) => s.recipientIds.includes(m.user_id))
      .map(({ user_id, name, email }) => ({ user_id, name, email })),
    next_on: nextDueDay(rule, sentToday ? addOne(today) : today),
    runs: own.slice(0, 12).map((r) => ({
      id: r.id,
      period: r.period,
      status: r.status as 'sent',
      sent_to: r.sentTo,
      skipped: r.skipped,
      sent_at: r.sentAt.toISOString(),
    })),
  };
}

const addOne = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export async function getSavedReport(db: Db, session: OrganisationSession, id: number): Promise<TSavedReport> {
  const [found] = await listSavedReports(db, session, id);
  if (!found) throw new AppError('NOT_FOUND', NOT_FOUND);
  return found;
}

/** The saved report if the caller may change it: 404 when they cannot see it, 403 when read-only. */
async function editable(db: Db, session: OrganisationSession, id: number): Promise<SavedReportRow> {
  const [row] = await selectVisible(db, session.selectedNpoId, session.user.id, id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (!mayEdit(session, row)) {
    throw new AppError('FORBIDDEN', 'Only the member who saved this report or an administrator can change it.');
  }
  return row;
}

export async function createSavedReport(
  db: Db,
  session: OrganisationSession,
  input: z.output<typeof ZSavedReportInput>,
): Promise<TSavedReport> {
  const npoId = session.selectedNpoId;
  await checkDefinition(db, npoId, input);
  const id = await insertSavedReport(db, { npoId, ownerId: session.user.id, ...input });
  await audit(db, session, 'reports.saved', id, { name: input.name, report: input.report, shared: input.shared });
  return getSavedReport(db, session, id);
}

export async function changeSavedReport(
  db: Db,
  session: OrganisationSession,
  id: number,
  patch: TSavedReportUpdate,
): Promise<TSavedReport> {
  const row = await editable(db, session, id);
  if (patch.filters) await checkDefinition(db, session.selectedNpoId, { ...row, filters: patch.filters });
  await updateSavedReport(db, session.selectedNpoId, id, patch);
  return getSavedReport(db, session, id);
}

export async function removeSavedReport(db: Db, session: OrganisationSession, id: number): Promise<void> {
  const row = await editable(db, session, id);
  await deleteSavedReport(db, session.selectedNpoId, id);
  await audit(db, session, 'reports.saved_deleted', id, { name: row.name });
}

/** Members who may receive a scheduled report: those holding “View reports” now. */
export async function reportRecipients(db: Db, npoId: number) {
  const members = await selectMembers(db, npoId);
  return members.filter((m) => m.mayView).map(({ user_id, name, email }) => ({ user_id, name, email }));
}

export async function setSchedule(
  db: Db,
  session: OrganisationSession,
  id: number,
  input: z.output<typeof ZReportScheduleInput>,
): Promise<TSavedReport> {
  const npoId = session.selectedNpoId;
  await editable(db, session, id);
  const ids = [...new Set(input.recipients)];
  const members = await selectMembers(db, npoId, ids);
  for (const userId of ids) {
    const member = members.find((m) => m.user_id === userId);
    if (!member) {
      throw new AppError('VALIDATION_FAILED', 'A recipient is not a member of this organisation.', {
        recipients: 'not_member',
      });
    }
    if (!member.mayView) {
      throw new AppError('VALIDATION_FAILED', `${member.name} does not hold the “View reports” permission here.`, {
        recipients: 'no_permission',
      });
    }
  }
  await upsertSchedule(db, {
    npoId,
    savedReportId: id,
    cadence: input.cadence,
    weekday: input.cadence === 'weekly' ? input.weekday : null,
    dayOfMonth: input.cadence === 'monthly' ? input.day_of_month : null,
    format: input.format,
    recipientIds: ids,
    createdBy: session.user.id,
  });
  await audit(db, session, 'reports.scheduled', id, { ...input, recipients: ids });
  return getSavedReport(db, session, id);
}

export async function removeSchedule(db: Db, session: OrganisationSession, id: number): Promise<TSavedReport> {
  await editable(db, session, id);
  await deleteSchedule(db, session.selectedNpoId, id);
  await audit(db, session, 'reports.unscheduled', id, {});
  return getSavedReport(db, session, id);
}

function audit(db: Db, session: OrganisationSession, action: string, id: number, data: Record<string, unknown>) {
  return recordAudit(db, {
    npoId: session.selectedNpoId,
    actorUserId: session.user.id,
    action,
    targetType: 'saved_report',
    targetId: id,
    data,
  });
}

export type { TReportScheduleInput };
