import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationApi, notificationKeys, type RecipientAction } from './notifications.queries.ts';

/**
 * The read / unread / dismiss actions and their bulk forms. docs/product/notifications.md#bell-and-page: a failure is
 * only logged; either way every notification list is refetched so the screen shows the server's truth.
 */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const onError = (error: unknown) => console.error('Notification action failed', error);

  const one = useMutation({
    mutationFn: ({ recipientId, action }: { recipientId: number; action: RecipientAction }) =>
      notificationApi.update(recipientId, action),
    onError,
    onSettled: settle,
  });
  const markAll = useMutation({ mutationFn: notificationApi.markAllAsRead, onError, onSettled: settle });
  const dismissAll = useMutation({ mutationFn: notificationApi.dismissAll, onError, onSettled: settle });

  return {
    update: (recipientId: number, action: RecipientAction) => one.mutate({ recipientId, action }),
    markAllAsRead: () => markAll.mutate(),
    dismissAll: () => dismissAll.mutate(),
    pending: one.isPending || markAll.isPending || dismissAll.isPending,
  };
}
