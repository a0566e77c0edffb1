import type { TNotificationStatus, TNotificationsResponse } from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

/** The bell shows the newest ones; the page pages through the rest. */
export const BELL_PAGE_SIZE = 20;
export const PAGE_SIZE = 20;

export type NotificationListParams = {
  status: TNotificationStatus;
  page: number;
  perPage: number;
  /** The server answers for the selected organisation: switching it is a different list. */
  npoId: number | null;
};

/** Query keys of the notifications, written once: every list lives under `all`. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (params: NotificationListParams) => [...notificationKeys.all, 'list', params] as const,
};

export const notificationQueries = {
  list: (params: NotificationListParams) =>
    queryOptions({
      queryKey: notificationKeys.list(params),
      queryFn: ({ signal }) =>
        api<TNotificationsResponse>('GET', '/notifications', {
          query: { status: params.status, page: params.page, per_page: params.perPage },
          signal,
        }),
    }),
  bell: (npoId: number | null) => notificationQueries.list({ status: 'all', page: 1, perPage: BELL_PAGE_SIZE, npoId }),
};

export type RecipientAction = 'mark_as_read' | 'mark_as_unread' | 'dismiss';

export const notificationApi = {
  update: (recipientId: number, action: RecipientAction) =>
    api<unknown>('PATCH', `/notification_recipients/${recipientId}/${action}`),
  markAllAsRead: () => api<unknown>('POST', '/notification_recipients/mark_all_as_read'),
  dismissAll: () => api<unknown>('POST', '/notification_recipients/dismiss_all'),
};
