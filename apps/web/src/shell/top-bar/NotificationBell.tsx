import { CONSTANTS, MESSAGES } from '@kindling/contracts';
import { ActionIcon, Anchor, Divider, Group, Popover, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { Bell, BellOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

/**
 * The bell and its dropdown (spec 01 section 2.6). The notifications API and the live channel land in
 * a later issue; until then the list is honestly empty rather than filled with made-up entries.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" trapFocus>
      <Popover.Target>
        <Tooltip label="Notifications" disabled={opened}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Notifications"
            aria-expanded={opened}
            onClick={() => setOpened((value) => !value)}
          >
            <Bell size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="md" py="sm">
          <Text fw={600} size="sm">
            Notifications
          </Text>
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={CONSTANTS.notificationsMaxHeightPx} type="auto">
          <Stack align="center" gap={4} py="lg" px="md">
            <BellOff size={24} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="sm" fw={600}>
              {MESSAGES.noNotifications}
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              Donations, new donors and campaign milestones will show up here as they happen.
            </Text>
          </Stack>
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
