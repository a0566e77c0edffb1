import { ACCESS, type TNotification, type TNotificationKind, type TNotificationStatus } from '@kindling/contracts';
import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { arrayParam } from '../../platform/db/raw-rows.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { memberships } from '../organisations/index.ts';
import { notificationRecipients, notifications } from './notifications.tables.ts';

/** The PostgreSQL channel every instance LISTENs on; the payload is a notification id. */
export const NOTIFY_CHANNEL = 'kindling_notifications';

/** The database or a transaction of it: producers may notify inside their own transaction. */
import type { Tx } from '../../platform/db/tx.ts';

export type NotifyOrganisationInput = {
  npoId: number;
  kind: TNotificationKind;
  title: string;
  message: string;
  /** In-app path the notification points to, e.g. /dashboard/donation/42. */
  link?: string;
  /** Role codes that receive it; default the dashboard access group (never peer fundraisers 1123 unless listed). */
  roles?: readonly number[];
  /** Narrow to these members (e.g. the fundraiser a notification is about); still only members of npoId. */
  userIds?: readonly number[];
  /** Extra facts for the client (donation id, amount…), kept in metadata. */
  data?: Record<string, unknown>;
};

/**
 * Creates one notification for the staff of an organisation and announces it to every server
 * instance with NOTIFY (delivered when the surrounding transaction commits, so no instance ever
 * loads a row that is not there yet). Returns null when nobody in the organisation may see it.
 */
export async function notifyOrganisation(
  db: Tx,
  input: NotifyOrganisationInput,
): Promise<{ notificationId: number; recipientUserIds: number[] } | null> {
  // One statement (atomic by itself, one round trip, no savepoint inside a caller's transaction).
  const { rows } = await db.execute<{ id: number; users: number[] }>(sql`
    WITH ${notificationCtes(notificationValuesOf(input), { userIds: input.userIds })}
    SELECT note.id, ARRAY(SELECT npo_user_id FROM recipients) AS users FROM note, notified`);
  const row = rows[0];
  // Nobody in the organisation may see it: nothing is kept.
  if (!row) return null;
  return { notificationId: Number(row.id), recipientUserIds: row.users.map(Number) };
}

/** The values of a notification as notificationCtes binds them (`metadata` as JSON text). */
export type NotificationValues = {
  npoId: number;
  kind: TNotificationKind;
  title: string;
  message: string;
  metadata: string;
  createdAt: string;
  /** Role codes that receive it. */
  roles: number[];
};

export function notificationValuesOf(input: NotifyOrganisationInput, now: Date = new Date()): NotificationValues {
  // Only in-app paths: the web app renders the link as a router link ('//host' would leave the site).
  if (input.link !== undefined && !/^\/(?![/\\])/.test(input.link)) {
    throw new Error(`notification link must be an in-app path, got ${input.link}`);
  }
  const createdAt = now.toISOString();
  const metadata = {
    ...input.data,
    created_at: createdAt,
    npo_id: input.npoId,
    ...(input.link ? { link: input.link } : {}),
  };
  return {
    npoId: input.npoId,
    kind: input.kind,
    title: input.title,
    message: input.message,
    metadata: JSON.stringify(metadata),
    createdAt,
    roles: [...(input.roles ?? ACCESS.dashboard)],
  };
}

/**
 * The notification as common table expressions for a caller's own statement: `members` (who may
 * see it), `note` (the row, only if there is someone), `recipients` and `notified` (the NOTIFY; a
 * plain SELECT runs only when referenced, so the statement must read from it). Each value is a
 * NotificationValues value or a placeholder for one. With `about`, the notification exists only
 * when that CTE (e.g. a donation just inserted) returned a row, and `aboutMetadata` adds facts
 * only known from that row (its id) to the metadata.
 */
export function notificationCtes(
  v: { [K in keyof NotificationValues]: unknown },
  options: { userIds?: unknown; about?: SQL; aboutMetadata?: SQL } = {},
): SQL {
  const narrowed =
    options.userIds === undefined ? sql`` : sql` AND user_id = ANY(${arrayParam(options.userIds)}::bigint[])`;
  return sql`members AS (
      SELECT user_id, npo_id FROM ${memberships}
      WHERE npo_id = ${v.npoId}::bigint AND role_code = ANY(${arrayParam(v.roles)}::int[])${narrowed}
    ), note AS (
      INSERT INTO ${notifications} (npo_id, kind, title, message, metadata, created_at)
      SELECT ${v.npoId}::bigint, ${v.kind}::text, ${v.title}::text, ${v.message}::text,
        ${v.metadata}::jsonb || ${options.aboutMetadata ?? sql`'{}'::jsonb`}, ${v.createdAt}::timestamptz
      FROM ${options.about ?? sql`(SELECT 1) AS one`}
      WHERE EXISTS (SELECT 1 FROM members)
      RETURNING id
    ), recipients AS (
      INSERT INTO ${notificationRecipients} (notification_id, npo_user_id, npo_id, created_at)
      SELECT note.id, members.user_id, members.npo_id, ${v.createdAt}::timestamptz FROM note, members
      RETURNING npo_user_id
    ), notified AS (
      SELECT pg_notify(${NOTIFY_CHANNEL}, note.id::text) FROM note
    )`;
}

type RecipientRow = typeof notificationRecipients.$inferSelect;
type NotificationRow = typeof notifications.$inferSelect;

/**
 * The wire shape in docs/product/notifications.md#who-is-notified, carrying only `recipient` (the viewer's own row).
 */
export function toNotification(n: NotificationRow, recipient: RecipientRow): TNotification {
  return {
    id: n.id,
    kind: n.kind as TNotificationKind,
    title: n.title,
    message: n.message,
    metadata: { ...n.metadata, created_at: n.metadata.created_at ?? n.createdAt.toISOString() },
    notification_recipients: [toRecipient(recipient)],
  };
}

export const toRecipient = (r: RecipientRow) => ({
  id: r.id,
  npo_user_id: r.npoUserId,
  read_at: r.readAt?.toISOString() ?? null,
  dismissed_at: r.dismissedAt?.toISOString() ?? null,
});

/** Whose list: the user's rows in the selected organisation (all of them before one is selected). */
export type Viewer = { userId: number; npoId: number | null };

const visibleTo = (viewer: Viewer): SQL[] => {
  const where = [eq(notificationRecipients.npoUserId, viewer.userId), isNull(notificationRecipients.dismissedAt)];
  if (viewer.npoId !== null) where.push(eq(notificationRecipients.npoId, viewer.npoId));
  return where;
};

const statusFilter: Record<TNotificationStatus, SQL | undefined> = {
  all: undefined,
  unread: isNull(notificationRecipients.readAt),
  read: isNotNull(notificationRecipients.readAt),
};

export async function listNotifications(
  db: Db,
  viewer: Viewer,
  query: { status: TNotificationStatus; page: number; per_page: number },
) {
  const where = and(...visibleTo(viewer), statusFilter[query.status]);
  const [rows, [counts]] = await Promise.all([
    db
      .select({ n: notifications, r: notificationRecipients })
      .from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
      .where(where)
      .orderBy(desc(notificationRecipients.createdAt), desc(notificationRecipients.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({
        total: sql<number>`count(*) FILTER (WHERE ${statusFilter[query.status] ?? sql`true`})::int`,
        unread: sql<number>`count(*) FILTER (WHERE ${notificationRecipients.readAt} IS NULL)::int`,
      })
      .from(notificationRecipients)
      .where(and(...visibleTo(viewer))),
  ]);
  return {
    notifications: rows.map(({ n, r }) => toNotification(n, r)),
    total: counts?.total ?? 0,
    unread_count: counts?.unread ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}

export type RecipientAction = 'mark_as_read' | 'mark_as_unread' | 'dismiss';

const actionValues = (action: RecipientAction) => {
  if (action === 'mark_as_read') return { readAt: sql`coalesce(${notificationRecipients.readAt}, now())` };
  if (action === 'mark_as_unread') return { readAt: null };
  return { dismissedAt: sql`coalesce(${notificationRecipients.dismissedAt}, now())` };
};

/**
 * Changes one of the viewer's own recipient rows. Someone else's row answers 404 exactly like a
 * missing one, so ids reveal nothing; marking twice keeps the first read time.
 */
export async function updateRecipient(db: Db, userId: number, recipientId: number, action: RecipientAction) {
  const [row] = await db
    .update(notificationRecipients)
    .set(actionValues(action))
    .where(and(eq(notificationRecipients.id, recipientId), eq(notificationRecipients.npoUserId, userId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'Notification not found.');
  return { notification_recipient: toRecipient(row) };
}

/** Marks all of the viewer's visible rows read, or dismisses them all. */
export async function updateAllRecipients(db: Db, viewer: Viewer, action: 'mark_as_read' | 'dismiss') {
  const where =
    action === 'mark_as_read'
      ? and(...visibleTo(viewer), isNull(notificationRecipients.readAt))
      : and(...visibleTo(viewer));
  const rows = await db
    .update(notificationRecipients)
    .set(actionValues(action))
    .where(where)
    .returning({ id: notificationRecipients.id });
  return { updated: rows.length };
}

/**
 * What the live channel pushes: the notification once per recipient among `userIds` (the users
 * connected to this instance), each with that user's own recipient row.
 */
export async function loadForDelivery(db: Db, notificationId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const [n] = await db.select().from(notifications).where(eq(notifications.id, notificationId));
  if (!n) return [];
  const recipients = await db
    .select()
    .from(notificationRecipients)
    .where(
      and(
        eq(notificationRecipients.notificationId, notificationId),
        inArray(notificationRecipients.npoUserId, [...userIds]),
      ),
    );
  return recipients.map((r) => ({ userId: r.npoUserId, notification: toNotification(n, r) }));
}
