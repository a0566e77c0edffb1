import type { TLaunchpad } from '@kindling/contracts';
import { Anchor, Badge, Group, List, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { CircleCheck, CircleDashed } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../../../session';
import { canReachPath } from '../../../shell/route-access.ts';
import { STEP_TEXT } from './launchpad-steps.ts';

/** The progress bar and the eight steps, each linking to where it is done. */
export function LaunchpadChecklist({ launchpad }: { launchpad: TLaunchpad }) {
  const session = useSession();
  const share = launchpad.total === 0 ? 0 : Math.round((launchpad.done / launchpad.total) * 100);
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" mb="xs">
          <Text fw={600} id="launchpad-progress-label">
            {launchpad.done} of {launchpad.total} steps done
          </Text>
          <Text size="sm" c="dimmed">
            {share}%
          </Text>
        </Group>
        <Progress.Root size="lg" radius="xl">
          <Progress.Section value={share} aria-label={`${launchpad.done} of ${launchpad.total} steps done`} />
        </Progress.Root>
        {launchpad.done === launchpad.total ? (
          <Text size="sm" mt="xs">
            Everything is set up. You are ready for your first real donation.
          </Text>
        ) : null}
      </Paper>
      <List spacing="sm" listStyleType="none" aria-label="Set-up steps" p={0}>
        {launchpad.steps.map((step) => {
          const text = STEP_TEXT[step.key];
          const reachable =
            canReachPath(text.path, session.role, session.roleName) || text.path === '/account-settings';
          return (
            <List.Item key={step.key} styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}>
              <Paper withBorder radius="md" p="md" component="article" aria-label={text.title}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <ThemeIcon variant="light" color={step.done ? 'teal' : 'gray'} radius="xl" size="lg" aria-hidden>
                    {step.done ? <CircleCheck size={18} /> : <CircleDashed size={18} />}
                  </ThemeIcon>
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Group justify="space-between" gap="xs">
                      <Text fw={600}>{text.title}</Text>
                      <Badge color={step.done ? 'teal.9' : 'gray'} variant={step.done ? 'filled' : 'light'}>
                        {step.done ? 'Done' : 'To do'}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {step.done ? text.done : text.todo}
                    </Text>
                    {step.missing.length > 0 ? <Text size="sm">Still missing: {step.missing.join(', ')}</Text> : null}
                    {reachable ? (
                      <Anchor component={Link} to={text.path} size="sm" fw={500}>
                        {text.action}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        An organisation admin can do this step.
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Paper>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
