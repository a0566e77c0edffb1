// Announcement e-mails (docs/decisions/073-console-organisation-totals.md): one durable job per
// announcement, so the operator's request only writes the history and the notifications, and a
// platform with thousands of staff members is e-mailed in the background. A retried job resumes
// after the e-mails already sent (the history row counts them, one by one, in a fixed order).
import { ACCESS, ROLE } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { arrayParam } from '../../platform/db/raw-rows.ts';
import { escapeHtml } from '../../platform/http/standalone-page.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { getPlatformSettings } from './console-settings.ts';

/** An organisation's staff: the dashboard's roles without the platform operator's own. */
export const STAFF_ROLES = ACCESS.dashboard.filter((code) => code !== ROLE.SUPER_ADMIN);

export const announcementMailQueue = defineQueue<{ announcementId: number }>('console.announcement-mail', {
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 1800,
});

type Announcement = { title: string; message: string; targets: number[]; emails_sent: number };

async function announcementOf(db: Db, id: number): Promise<Announcement | null> {
  const { rows } = await db.execute<Announcement>(sql`
    SELECT a.title, a.message, a.emails_sent,
      CASE WHEN a.audience = 'chosen' THEN a.npo_ids
        ELSE (SELECT coalesce(array_agg(n.id ORDER BY n.id), '{}') FROM npos n WHERE n.status <> 'closed') END AS targets
    FROM console_announcements a WHERE a.id = ${id}`);
  const row = rows[0];
  return row ? { ...row, targets: row.targets.map(Number), emails_sent: Number(row.emails_sent) } : null;
}

/** One e-mail per staff member of the organisations (an account in several gets one), locked accounts left out. */
export async function mailAnnouncement(db: Db, mailer: Mailer, id: number, origin = ''): Promise<void> {
  const announcement = await announcementOf(db, id);
  if (!announcement) return;
  const settings = await getPlatformSettings(db);
  const { rows } = await db.execute<{ email: string; first_name: string }>(sql`
    SELECT DISTINCT ON (lower(u.email)) u.email, u.first_name FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.npo_id = ANY(${arrayParam(announcement.targets)}::bigint[])
      AND m.role_code = ANY(${arrayParam(STAFF_ROLES)}::int[]) AND u.locked_at IS NULL
    ORDER BY lower(u.email)`);
  for (const to of rows.slice(announcement.emails_sent)) {
    const text = [
      to.first_name ? `Hello ${to.first_name},` : 'Hello,',
      '',
      announcement.message,
      '',
      `The ${settings.name} team`,
    ].join('\n');
    await mailer.send({
      to: to.email,
      subject: `${settings.name}: ${announcement.title}`,
      text,
      ...(settings.logo_url ? { html: withLogo(text, settings.name, `${origin}${settings.logo_url}`) } : {}),
    });
    await db.execute(sql`UPDATE console_announcements SET emails_sent = emails_sent + 1 WHERE id = ${id}`);
  }
}

/** The platform's logo above the text, where the platform has one (decision 083). */
const withLogo = (text: string, name: string, logo: string) =>
  `<p><img src="${escapeHtml(logo)}" alt="${escapeHtml(name)}" height="48"></p>` +
  text
    .split('\n\n')
    .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('');

export function registerAnnouncementMail(jobs: Jobs, deps: { db: Db; mailer: Mailer; origin?: string }): void {
  jobs.register(announcementMailQueue, async ({ announcementId }) => {
    await mailAnnouncement(deps.db, deps.mailer, announcementId, deps.origin);
  });
}

/** Enqueues the announcement's e-mails (once per announcement, whatever calls it again). */
export const enqueueAnnouncementMail = (jobs: Jobs, announcementId: number) =>
  jobs.send(announcementMailQueue, { announcementId }, { key: `announcement-${announcementId}` });
