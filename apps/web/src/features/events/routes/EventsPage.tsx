import { canReach, type TEventListItem } from '@kindling/contracts';
import { Anchor, Badge, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { formatFor, useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { eventQueries } from '../api/events.queries.ts';

const ENTRY = pageEntry('/dashboard/events') ?? {
  title: 'Events',
  section: 'Fundraising',
  description: '',
  emptyTitle: 'No events yet',
};

export const STATUS_COLOURS: Record<TEventListItem['status'], string> = {
  draft: 'gray',
  published: 'green',
  cancelled: 'red',
  ended: 'blue',
};

function EventTable({ title, events }: { title: string; events: TEventListItem[] }) {
  const format = useFormat();
  if (events.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Starts</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Sold</Table.Th>
              <Table.Th ta="right">Revenue</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((e) => {
              const own = formatFor({ locale: format.locale, timeZone: e.time_zone });
              return (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/dashboard/events/edit/${e.id}`} fw={500}>
                      {e.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      /event-page/{e.slug}
                    </Text>
                    {/* tix18: the door's check-in screen. */}
                    <Anchor component={Link} to={`/dashboard/events/${e.id}/check-in`} size="sm">
                      Check-in
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{own.dateTime(e.starts_at)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOURS[e.status]} variant="light">
                      {e.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td miw={140}>
                    <Text size="sm">
                      {e.capacity === null
                        ? `${format.count(e.sold)} sold`
                        : `${format.count(e.sold)} of ${format.count(e.capacity)}`}
                    </Text>
                    {e.capacity !== null && (
                      <Progress
                        value={Math.min(100, (e.sold / Math.max(1, e.capacity)) * 100)}
                        size="sm"
                        aria-label={`${e.name}: ${e.sold} of ${e.capacity} places sold`}
                      />
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{format.money(e.revenue_minor, e.currency)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** /dashboard/events: upcoming and past events, places sold against capacity, and revenue. */
export function EventsPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const list = useQuery(eventQueries.list(npoId));
  const canEdit = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  const newButton = canEdit ? (
    <Button component={Link} to="/dashboard/event-new" leftSection={<CalendarPlus size={16} aria-hidden />}>
      New event
    </Button>
  ) : null;
  const data = list.data;
  return (
    <PageFrame entry={ENTRY} actions={newButton}>
      {list.isError && !data ? (
        <LoadError
          title="Events could not be loaded"
          message={list.error.message}
          retrying={list.isFetching}
          onRetry={() => list.refetch()}
        />
      ) : !data ? (
        <Text c="dimmed">Loading events…</Text>
      ) : data.upcoming.length + data.past.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="xs">
            <Title order={2} size="h4">
              {ENTRY.emptyTitle}
            </Title>
            <Text c="dimmed" ta="center">
              Sell tickets to a gala, a run or a dinner, with a public page and a calendar file.
            </Text>
            <Group>{newButton}</Group>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="lg">
          <EventTable title="Upcoming events" events={data.upcoming} />
          <EventTable title="Past events" events={data.past} />
        </Stack>
      )}
    </PageFrame>
  );
}
