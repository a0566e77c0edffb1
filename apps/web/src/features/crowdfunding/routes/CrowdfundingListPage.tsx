import type { TCrowdfundingList } from '@kindling/contracts';
import { Anchor, Badge, Button, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { api } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';

const ENTRY = pageEntry('/dashboard/crowdfunding') ?? {
  title: 'Crowdfunding',
  section: 'Fundraising',
  description: '',
  emptyTitle: 'No crowdfunding pages yet',
};

const listQuery = (npoId: number | null) =>
  queryOptions({
    queryKey: ['crowdfunding', 'list', npoId] as const,
    queryFn: ({ signal }) => api<TCrowdfundingList>('GET', '/npo_admin/crowdfunding', { signal }),
    enabled: npoId !== null,
  });

const STATUS_COLOURS: Record<string, string> = { draft: 'gray', active: 'green', ended: 'blue' };

/** /dashboard/crowdfunding: each page's status, raised against goal, backers, days left and its reward backers' export. */
export function CrowdfundingListPage() {
  const session = useSession();
  const format = useFormat();
  const list = useQuery(listQuery(session.selectedNpo?.id ?? null));
  const data = list.data;
  return (
    <PageFrame
      entry={ENTRY}
      actions={
        <Button component={Link} to="/dashboard/crowdfunding/new" leftSection={<Plus size={16} />}>
          New crowdfunding page
        </Button>
      }
    >
      {list.isError && !data ? (
        <LoadError
          title="Crowdfunding pages could not be loaded"
          message={list.error.message}
          retrying={list.isFetching}
          onRetry={() => list.refetch()}
        />
      ) : !data ? (
        <Text c="dimmed">Loading crowdfunding pages…</Text>
      ) : data.campaigns.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="xs">
            <Title order={2} size="h4">
              {ENTRY.emptyTitle}
            </Title>
            <Text c="dimmed" ta="center">
              A crowdfunding page tells a project's story with images, rewards and updates for its backers.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="lg" p="md" component="section" aria-label="Crowdfunding pages">
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Page</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Raised</Table.Th>
                  <Table.Th ta="right">Backers</Table.Th>
                  <Table.Th ta="right">Days left</Table.Th>
                  <Table.Th>Rewards</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.campaigns.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/dashboard/crowdfunding/${c.id}`} fw={500}>
                        {c.name}
                      </Anchor>
                      <Anchor
                        href={`/crowdfunding/${c.campaign_url}`}
                        target="_blank"
                        rel="noopener"
                        size="xs"
                        display="block"
                      >
                        /crowdfunding/{c.campaign_url}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOURS[c.status] ?? 'gray'} variant="light">
                        {c.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td miw={180}>
                      <Text size="sm">
                        {format.money(c.raised_minor, c.currency)}
                        {c.goal_minor !== null && ` of ${format.money(c.goal_minor, c.currency)}`}
                      </Text>
                      {c.funding_model === 'all_or_nothing' && (
                        <Text size="xs" c="dimmed">
                          All or nothing
                          {c.pledged_minor > 0 && ` · ${format.money(c.pledged_minor, c.currency)} pledged`}
                          {c.settlement === 'met' && ' · goal met, charged'}
                          {c.settlement === 'missed' && ' · goal missed, released'}
                        </Text>
                      )}
                      {c.goal_minor !== null && (
                        <Progress
                          value={Math.min(100, (c.raised_minor / Math.max(1, c.goal_minor)) * 100)}
                          size="sm"
                          aria-label={`${c.name}: ${format.percent(c.raised_minor, c.goal_minor)} of the goal`}
                        />
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{format.count(c.backers)}</Table.Td>
                    <Table.Td ta="right">
                      {c.days_left === null ? '—' : c.days_left <= 0 ? 'Ended' : format.count(c.days_left)}
                    </Table.Td>
                    <Table.Td>
                      <Anchor href={`/api/v1/npo_admin/crowdfunding/${c.id}/reward_backers.csv`} download>
                        Export reward backers
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </PageFrame>
  );
}
