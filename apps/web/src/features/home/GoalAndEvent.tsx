import type { TOrganisationStats } from '@kindling/contracts';
import { Anchor, Group, Paper, RingProgress, Stack, Text, Title } from '@mantine/core';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../../session';
import { useFormat } from '../../shared/format.ts';
import { canReachPath } from '../../shell/route-access.ts';

/** This month's raised amount against the monthly goal, as a ring and a sentence. */
export function MonthlyGoal({ stats }: { stats: TOrganisationStats }) {
  const format = useFormat();
  const goal = Number(stats.monthly_goal);
  const raised = Number(stats.monthly_raised);
  const money = (minor: number) => format.money(minor, stats.currency);
  const share = goal > 0 ? Math.round((raised / goal) * 100) : 0;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="monthly-goal-heading">
      <Title order={2} size="h4" id="monthly-goal-heading" mb="xs">
        Monthly goal
      </Title>
      {goal > 0 ? (
        <Group wrap="nowrap" gap="md">
          <RingProgress
            size={96}
            thickness={10}
            roundCaps
            sections={[{ value: Math.min(100, share), color: share >= 100 ? 'teal' : 'indigo' }]}
            label={
              <Text ta="center" fw={700} size="sm">
                {share}%
              </Text>
            }
            aria-hidden
          />
          <Stack gap={2}>
            <Text fw={600} role="status" aria-label="Monthly goal progress">
              {money(raised)} of {money(goal)}
            </Text>
            <Text size="sm" c="dimmed">
              {share >= 100
                ? 'Goal reached this month.'
                : `${money(Math.max(0, goal - raised))} to go this month (${share}%).`}
            </Text>
          </Stack>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No monthly goal is set. {money(raised)} raised this month so far.
        </Text>
      )}
    </Paper>
  );
}

/** The next event, or a placeholder with a way to create one. */
export function UpcomingEvent({ stats }: { stats: TOrganisationStats }) {
  const format = useFormat();
  const session = useSession();
  const event = stats.upcoming_event;
  const canCreate = canReachPath('/dashboard/event-new', session.role, session.roleName);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="upcoming-event-heading">
      <Group gap="xs" mb="xs">
        <CalendarDays size={18} aria-hidden />
        <Title order={2} size="h4" id="upcoming-event-heading">
          Upcoming event
        </Title>
      </Group>
      {event ? (
        // events18: the event's page in the dashboard.
        <Anchor component={Link} to={`/dashboard/events/edit/${event.id}`} size="sm">
          {event.name} · {format.date(event.starts_at)}
        </Anchor>
      ) : (
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            No upcoming event. Events bring supporters together and raise more than a form alone.
          </Text>
          {canCreate && (
            <Anchor component={Link} to="/dashboard/event-new" size="sm">
              Plan an event
            </Anchor>
          )}
        </Stack>
      )}
    </Paper>
  );
}
