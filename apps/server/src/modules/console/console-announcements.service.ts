import type { TConsoleAnnouncement, TConsoleAnnouncementList, ZConsoleAnnouncementRequest } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { arrayParam } from '../../platform/db/raw-rows.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { audit, type Operator } from './console.service.ts';
import { enqueueAnnouncementMail, STAFF_ROLES } from './console-announcements.jobs.ts';

type Request = z.output<typeof ZConsoleAnnouncementRequest>;
type Row = {
  id: number;
  title: string;
  message: string;
  audience: 'all' | 'chosen';
  organisations: number;
  recipients: number;
  emails_sent: number;
  sent_by: string | null;
  created_at: string;
};

const toAnnouncement = (r: Row): TConsoleAnnouncement => ({
  ...r,
  id: Number(r.id),
  organisations: Number(r.organisations),
  recipients: Number(r.recipients),
  emails_sent: Number(r.emails_sent),
  created_at: new Date(r.created_at).toISOString(),
});

const SELECT = sql`
  SELECT a.id, a.title, a.message, a.audience, a.organisations, a.recipients, a.emails_sent, a.created_at,
    nullif(trim(u.first_name || ' ' || u.last_name), '') AS sent_by
  FROM console_announcements a LEFT JOIN users u ON u.id = a.sent_by`;

/** The newest 50 announcements. */
export async function listAnnouncements(db: Db): Promise<TConsoleAnnouncementList> {
  const { rows } = await db.execute<Row>(sql`${SELECT} ORDER BY a.created_at DESC, a.id DESC LIMIT 50`);
  return { announcements: rows.map(toAnnouncement) };
}

/** Every organisation not closed, or the chosen ones (each must exist). */
async function targetsOf(db: Db, input: Request): Promise<number[]> {
  if (input.audience === 'all') {
    const { rows } = await db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE status <> 'closed' ORDER BY id`);
    return rows.map((r) => Number(r.id));
  }
  const wanted = [...new Set(input.npo_ids)];
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT id FROM npos WHERE id = ANY(${arrayParam(wanted)}::bigint[]) ORDER BY id`,
  );
  if (rows.length < wanted.length) {
    const message = 'One of the chosen organisations does not exist any more. Choose again.';
    throw new AppError('VALIDATION_FAILED', message, { npo_ids: message });
  }
  return rows.map((r) => Number(r.id));
}

/**
 * Sends an announcement: a notification to the staff of each organisation (live, in one
 * transaction with the history row and the audit entry), then a job e-mails each of them once.
 */
export async function sendAnnouncement(
  deps: { db: Db; jobs: Jobs | null },
  /** `seeded`: the demo's announcement, which no operator sent: not in the audit log. */
  op: Operator & { seeded?: boolean },
  input: Request,
): Promise<TConsoleAnnouncement> {
  const { db } = deps;
  const targets = await targetsOf(db, input);
  const text = notificationTexts['platform.announcement'](input);
  const id = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO console_announcements (title, message, audience, npo_ids, sent_by)
      VALUES (${input.title}, ${input.message}, ${input.audience},
        ${arrayParam(input.audience === 'chosen' ? targets : [])}::bigint[], ${op.userId})
      RETURNING id`);
    const announcementId = Number(rows[0]?.id);
    let organisations = 0;
    let recipients = 0;
    for (const npoId of targets) {
      const sent = await notifyOrganisation(tx, {
        npoId,
        kind: 'platform.announcement',
        ...text,
        roles: STAFF_ROLES,
        data: { announcement_id: announcementId },
      });
      if (!sent) continue;
      organisations += 1;
      recipients += sent.recipientUserIds.length;
    }
    await tx.execute(sql`UPDATE console_announcements SET organisations = ${organisations}, recipients = ${recipients}
      WHERE id = ${announcementId}`);
    if (!op.seeded)
      await audit(tx, op, {
        npoId: null,
        action: 'announcement_sent',
        targetType: 'console_announcement',
        targetId: announcementId,
        data: { reason: input.reason, title: input.title, audience: input.audience, organisations },
      });
    return announcementId;
  });
  // The e-mails go by a job after the commit (decision 073); the demo's announcement sends none.
  if (deps.jobs) await enqueueAnnouncementMail(deps.jobs, id);
  const { rows } = await db.execute<Row>(sql`${SELECT} WHERE a.id = ${id}`);
  return toAnnouncement(rows[0] as Row);
}
