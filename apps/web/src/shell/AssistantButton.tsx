import { ActionIcon, Affix, Anchor, CloseButton, Group, Popover, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../session';
import { canReachPath } from './route-access.ts';

const INSIGHTS_PATH = '/dashboard/crm/ai-insights';

/**
 * The floating assistant button shown whenever a role is set (docs/product/shell.md#assistant-button). The insights
 * assistant itself is not built yet, so the panel says so instead of inventing answers.
 */
export function AssistantButton() {
  const session = useSession();
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  if (session.role === null) return null;
  const insightsReachable = canReachPath(INSIGHTS_PATH, session.role, session.roleName);
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
      <Popover opened={opened} onChange={setOpened} position="top-end" width={300} shadow="lg" trapFocus>
        <Popover.Target>
          <ActionIcon
            size={52}
            radius="xl"
            variant="filled"
            aria-label="Open assistant"
            aria-expanded={opened}
            onClick={() => setOpened((value) => !value)}
            style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
          >
            <Sparkles size={24} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown role="dialog" aria-labelledby={titleId}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <ThemeIcon variant="light" radius="md" aria-hidden>
                  <Sparkles size={16} />
                </ThemeIcon>
                <Title order={2} size="h5" id={titleId}>
                  Insights assistant
                </Title>
              </Group>
              <CloseButton aria-label="Close assistant" onClick={() => setOpened(false)} />
            </Group>
            <Text size="sm">
              The assistant is coming soon. You will be able to ask questions about your donors, campaigns and payments
              in plain language and get tables, charts and suggested next steps.
            </Text>
            {insightsReachable && (
              <Anchor component={Link} to={INSIGHTS_PATH} size="sm" onClick={() => setOpened(false)}>
                See what AI insights will cover
              </Anchor>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Affix>
  );
}
