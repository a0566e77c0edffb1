import { CONSTANTS, MESSAGES, NOTIFICATION_STATUSES, type TNotificationStatus } from '@kindling/contracts';
import { Button, Center, Group, Loader, Pagination, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BellOff } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/use-page-title.ts';
import { useSession } from '../../../session/index.ts';
import { notificationQueries, PAGE_SIZE } from '../api/notifications.queries.ts';
import { useNotificationActions } from '../api/use-notification-actions.ts';
import { NotificationItem } from '../components/NotificationItem.tsx';

const FILTER_LABELS: Record<TNotificationStatus, string> = { all: 'All', unread: 'Unread', read: 'Read' };
const EMPTY_HINTS: Record<TNotificationStatus, string> = {
  all: 'Donations, new recurring plans and fundraisers will show up here as they happen.',
  unread: 'You have read everything.',
  read: 'Notifications you have read will show up here.',
};

const statusOf = (value: string | null): TNotificationStatus =>
  (NOTIFICATION_STATUSES as readonly string[]).includes(value ?? '') ? (value as TNotificationStatus) : 'all';

/** /notifications: every notification of the signed-in user, filtered by all / unread / read, paged. */
export function NotificationsPage() {
  usePageTitle('Notifications');
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const npoId = useSession().selectedNpo?.id ?? null;
  const list = useQuery({
    ...notificationQueries.list({ status, page, perPage: PAGE_SIZE, npoId }),
    placeholderData: keepPreviousData,
  });
  const actions = useNotificationActions();

  useEffect(() => {
    if (list.error) console.error('Notifications could not be loaded', list.error);
  }, [list.error]);

  const go = (next: { status?: TNotificationStatus; page?: number }) => {
    const search = new URLSearchParams(params);
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 1;
    if (nextStatus === 'all') search.delete('status');
    else search.set('status', nextStatus);
    if (nextPage === 1) search.delete('page');
    else search.set('page', String(nextPage));
    setParams(search, { replace: true });
  };

  const items = list.data?.notifications ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  // Paging past the end (after dismissing the last item of a page) steps back to the last page.
  useEffect(() => {
    if (list.data && page > pages) go({ page: pages });
  });

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz={28}>
          Notifications
        </Title>
        <Text c="dimmed">
          {list.data ? `${list.data.unread_count} unread` : 'What happened in your organisation, newest first.'}
        </Text>
      </Stack>
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label="Show"
          value={status}
          onChange={(value) => go({ status: statusOf(value) })}
          data={NOTIFICATION_STATUSES.map((value) => ({ value, label: FILTER_LABELS[value] }))}
        />
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            disabled={!list.data?.unread_count || actions.pending}
            onClick={actions.markAllAsRead}
          >
            Mark all as read
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={items.length === 0 || actions.pending}
            onClick={actions.dismissAll}
          >
            Dismiss all
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {list.isPending ? (
          <Center py="xl">
            <Loader role="status" color={CONSTANTS.spinnerColor} aria-label="Loading notifications" />
          </Center>
        ) : items.length === 0 ? (
          <Stack align="center" gap={4} py="xl" px="md">
            <BellOff size={28} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text fw={600}>{MESSAGES.noNotifications}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {EMPTY_HINTS[status]}
            </Text>
          </Stack>
        ) : (
          items.map((n) => (
            <NotificationItem key={n.id} notification={n} onAction={actions.update} disabled={actions.pending} />
          ))
        )}
      </Paper>
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={Math.min(page, pages)} onChange={(value) => go({ page: value })} />
        </Group>
      ) : null}
    </Stack>
  );
}
