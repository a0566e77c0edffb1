import { CONSTANTS, MESSAGES } from '@kindling/contracts';
import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { notificationQueries } from '../../features/notifications/api/notifications.queries.ts';
import { useNotificationActions } from '../../features/notifications/api/use-notification-actions.ts';
import { NotificationItem } from '../../features/notifications/components/NotificationItem.tsx';
import { useLiveNotifications } from '../../features/notifications/live/use-live-notifications.ts';
import { useSession } from '../../session/index.ts';

/**
 * The bell and its dropdown (docs/product/notifications.md#bell-and-page): the unread count, the newest notifications
 * in a list that scrolls at 300 px, and the actions. It also keeps the live channel open while the shell
 * is shown, so new notifications update the count and show a toast on every page.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  useLiveNotifications();
  const npoId = useSession().selectedNpo?.id ?? null;
  const list = useQuery(notificationQueries.bell(npoId));
  const actions = useNotificationActions();

  // docs/product/notifications.md#bell-and-page: a failed fetch is only logged; the bell then shows what it has (or
  // nothing).
  useEffect(() => {
    if (list.error) console.error('Notifications could not be loaded', list.error);
  }, [list.error]);

  const items = list.data?.notifications ?? [];
  const unread = list.data?.unread_count ?? 0;
  const label = unread > 0 ? `Notifications (${unread} unread)` : 'Notifications';

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" trapFocus>
      <Popover.Target>
        <Tooltip label="Notifications" disabled={opened}>
          <Indicator label={unread > 99 ? '99+' : unread} size={16} disabled={unread === 0} color="red" offset={6}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={label}
              aria-expanded={opened}
              onClick={() => setOpened((value) => !value)}
            >
              <Bell size={20} aria-hidden />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="md" py="sm" gap="xs">
          <Text fw={600} size="sm">
            Notifications
          </Text>
          {items.length > 0 ? (
            <Group gap={4}>
              <Button
                variant="subtle"
                size="compact-xs"
                disabled={unread === 0 || actions.pending}
                onClick={actions.markAllAsRead}
              >
                Mark all as read
              </Button>
              <Button
                variant="subtle"
                size="compact-xs"
                color="gray"
                disabled={actions.pending}
                onClick={actions.dismissAll}
              >
                Dismiss all
              </Button>
            </Group>
          ) : null}
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={CONSTANTS.notificationsMaxHeightPx} type="auto">
          {list.isPending ? (
            <Group justify="center" py="lg">
              <Loader role="status" size="sm" color={CONSTANTS.spinnerColor} aria-label="Loading notifications" />
            </Group>
          ) : items.length === 0 ? (
            <EmptyList />
          ) : (
            items.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                onAction={actions.update}
                onNavigate={() => setOpened(false)}
                disabled={actions.pending}
              />
            ))
          )}
        </ScrollArea.Autosize>
        <Divider />
        <Group justify="center" py="xs">
          <Anchor component={Link} to="/notifications" size="sm" onClick={() => setOpened(false)}>
            View all notifications
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

function EmptyList() {
  return (
    <Stack align="center" gap={4} py="lg" px="md">
      <BellOff size={24} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text size="sm" fw={600}>
        {MESSAGES.noNotifications}
      </Text>
      <Text size="xs" c="dimmed" ta="center">
        Donations, new recurring plans and fundraisers will show up here as they happen.
      </Text>
    </Stack>
  );
}
