import { z } from 'zod';

// Notifications and the live NotificationChannel message (docs/product/notifications.md).

/** The kinds producers may create: a closed set, so the web app can rely on it. */
export const NOTIFICATION_KINDS = [
  'donation.received',
  'donation.refunded',
  'donation.refund_failed',
  'donation.disputed',
  'card_testing.burst',
  'recurring_plan.created',
  'recurring_charge.failed',
  'recurring_charge.recovered',
  'recurring_plan.cancelled',
  'fundraiser.invited',
  'fundraiser.joined',
  'import.finished',
  'import.failed',
  'export.finished',
  // fix15: a bank debit the bank refused days later (decision 038).
  'donation.debit_failed',
  // deals20: a CRM task falls due.
  'task.due',
  // con24b: an announcement of the platform operator.
  'platform.announcement',
  // p2p16c: a fundraiser's page reached a milestone (docs/decisions/051-peer-teams-and-milestones.md).
  'fundraiser.milestone',
  // w21: a workflow's "notify staff" step.
  'workflow.notice',
] as const;
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);
export type TNotificationKind = z.infer<typeof ZNotificationKind>;

/** The current user's own delivery of a notification; the only recipient a client ever sees. */
export const ZNotificationRecipient = z.object({
  id: z.number().int(),
  npo_user_id: z.number().int(),
  read_at: z.string().nullable(),
  dismissed_at: z.string().nullable(),
});
export type TNotificationRecipient = z.infer<typeof ZNotificationRecipient>;

export const ZNotificationMetadata = z
  .object({
    created_at: z.string(),
    /** An in-app path (starting with '/') the notification points to. */
    link: z
      .string()
      .regex(/^\/(?![/\\])/, 'an in-app path')
      .optional(),
  })
  .catchall(z.unknown());

export const ZNotification = z.object({
  id: z.number().int(),
  kind: ZNotificationKind,
  title: z.string(),
  message: z.string(),
  metadata: ZNotificationMetadata,
  notification_recipients: z.array(ZNotificationRecipient),
});
export type TNotification = z.infer<typeof ZNotification>;

export const NOTIFICATION_STATUSES = ['all', 'unread', 'read'] as const;
export const ZNotificationStatus = z.enum(NOTIFICATION_STATUSES);
export type TNotificationStatus = z.infer<typeof ZNotificationStatus>;

export const NOTIFICATIONS_PAGE_SIZE_MAX = 100;

/** GET /notifications query: a status filter and page-based paging (the bell asks for page 1). */
export const ZNotificationsQuery = z.object({
  status: ZNotificationStatus.default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE_MAX).default(20),
});
export type TNotificationsQuery = z.input<typeof ZNotificationsQuery>;

/**
 * GET /notifications answer: the list the bell reads, plus what the page's paging and the bell's
 * badge need (unread_count counts every unread one, not only this page's).
 */
export const ZNotificationsResponse = z.object({
  notifications: z.array(ZNotification),
  total: z.number().int(),
  unread_count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type TNotificationsResponse = z.infer<typeof ZNotificationsResponse>;

/** PATCH /notification_recipients/:id/… answer: the recipient row as it now is. */
export const ZNotificationRecipientResponse = z.object({ notification_recipient: ZNotificationRecipient });

/** POST /notification_recipients/mark_all_as_read and /dismiss_all: how many rows changed. */
export const ZNotificationBulkResponse = z.object({ updated: z.number().int() });

/** What NotificationChannel pushes: the notification with the receiving user's recipient row. */
export const ZLiveNotificationMessage = z.object({ notification: ZNotification });
export type TLiveNotificationMessage = z.infer<typeof ZLiveNotificationMessage>;

/** The Action Cable channel name the web app subscribes to. */
export const NOTIFICATION_CHANNEL = 'NotificationChannel';
