import type { TNotification } from '@kindling/contracts';
import { ActionIcon, Anchor, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { Check, Circle, X } from 'lucide-react';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';
import type { RecipientAction } from '../api/notifications.queries.ts';
import classes from './NotificationItem.module.css';
import { relativeTime } from './relative-time.ts';

type Props = {
  notification: TNotification;
  onAction: (recipientId: number, action: RecipientAction) => void;
  /** Called when the user follows the notification's link (the bell closes its dropdown). */
  onNavigate?: () => void;
  disabled?: boolean;
};

/** One notification: title, message, how long ago, its link, and read / unread / dismiss. */
export function NotificationItem({ notification, onAction, onNavigate, disabled }: Props) {
  const format = useFormat();
  // The server sends only the current user's recipient row (docs/product/notifications.md#who-is-notified).
  const recipient = notification.notification_recipients[0];
  if (!recipient) return null;
  const unread = recipient.read_at === null;
  const createdAt = notification.metadata.created_at;
  const link = notification.metadata.link;
  const name = notification.title;

  return (
    <Box component="article" className={classes.item} data-unread={unread || undefined} aria-label={name}>
      <Group wrap="nowrap" align="flex-start" gap="xs">
        <Box className={classes.dot} aria-hidden data-unread={unread || undefined} />
        <Stack gap={2} className={classes.body}>
          <Text size="sm" fw={unread ? 700 : 500}>
            {name}
            {unread ? <span className={classes.srOnly}> (unread)</span> : null}
          </Text>
          <Text size="sm" c="dimmed" className={classes.message}>
            {notification.message}
          </Text>
          <Group gap="xs">
            <Text size="xs" c="dimmed" component="time" dateTime={createdAt} title={format.dateTime(createdAt)}>
              {relativeTime(createdAt, format.locale)}
            </Text>
            {link ? (
              <Anchor
                component={Link}
                to={link}
                size="xs"
                onClick={() => {
                  if (unread) onAction(recipient.id, 'mark_as_read');
                  onNavigate?.();
                }}
              >
                View
              </Anchor>
            ) : null}
          </Group>
        </Stack>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={unread ? 'Mark as read' : 'Mark as unread'}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              disabled={disabled}
              aria-label={`${unread ? 'Mark as read' : 'Mark as unread'}: ${name}`}
              onClick={() => onAction(recipient.id, unread ? 'mark_as_read' : 'mark_as_unread')}
            >
              {unread ? <Check size={16} aria-hidden /> : <Circle size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Dismiss">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              disabled={disabled}
              aria-label={`Dismiss: ${name}`}
              onClick={() => onAction(recipient.id, 'dismiss')}
            >
              <X size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Box>
  );
}
