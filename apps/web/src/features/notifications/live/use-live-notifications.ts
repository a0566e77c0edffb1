import { CONSTANTS, NOTIFICATION_CHANNEL, type TNotification, ZLiveNotificationMessage } from '@kindling/contracts';
import { notifications as toasts } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { openLiveChannel } from '../../../app/cable.ts';
import { useSession } from '../../../session/index.ts';
import { notificationKeys } from '../api/notifications.queries.ts';

/**
 * docs/product/notifications.md#live-channel: a live payload counts only if it carries a notification; anything else is
 * discarded with a warning. Returns the notification, or null.
 */
export function acceptLivePayload(message: unknown): TNotification | null {
  const parsed = ZLiveNotificationMessage.safeParse(message);
  if (parsed.success) return parsed.data.notification;
  console.warn('Live notification discarded: the payload has no valid notification', message);
  return null;
}

/**
 * A member of several organisations hears about all of them, but a toast about another
 * organisation than the one on screen would mislead (its link opens a page of the selected one):
 * only the lists are refreshed for those. Notifications without an organisation always toast.
 * Nor does one toast what the user did themselves (`actor_user_id`, e.g. the fundraiser they just
 * invited): the screen they acted on confirmed it already, and it stays in the bell.
 */
export function toastsHere(notification: TNotification, selectedNpoId: number | null, userId?: number | null): boolean {
  if (userId != null && notification.metadata.actor_user_id === userId) return false;
  const npoId = notification.metadata.npo_id;
  return typeof npoId !== 'number' || selectedNpoId === null || npoId === selectedNpoId;
}

/**
 * Keeps the signed-in user's live channel open (closed on logout or when the user changes): each
 * notification that arrives refreshes the lists and shows a toast for 5 seconds.
 */
export function useLiveNotifications(): void {
  const { userId, selectedNpo } = useSession();
  const queryClient = useQueryClient();
  // Read at arrival time: switching organisation must not reopen the socket.
  const selectedNpoId = useRef<number | null>(null);
  selectedNpoId.current = selectedNpo?.id ?? null;

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    return openLiveChannel(userId, NOTIFICATION_CHANNEL, {
      received: (message) => {
        const notification = acceptLivePayload(message);
        if (!notification) return;
        refresh();
        if (!toastsHere(notification, selectedNpoId.current, userId)) return;
        toasts.show({ title: notification.title, message: notification.message, autoClose: CONSTANTS.toastMs });
      },
      // Whatever arrived while the socket was down was not pushed: ask for the list again.
      connected: ({ reconnected }) => {
        if (reconnected) refresh();
      },
    });
  }, [userId, queryClient]);
}
