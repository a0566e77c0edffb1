import type { TCrowdfundingDetail } from '@kindling/contracts';
import { Anchor, Box, Button, Group, Paper, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ExternalLink, Pencil } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { toast } from '../../../shared/toast.ts';
import { detailQuery, publishPage, setFulfilled } from '../api/crowdfunding.queries.ts';
import { PledgesPanel } from '../components/PledgesPanel.tsx';
import { UpdatesPanel } from '../components/UpdatesPanel.tsx';
import { FUNDING_MODEL_TEXT } from './CrowdfundingEditPage.tsx';

const ENTRY = pageEntry('/dashboard/crowdfunding/:id') ?? {
  title: 'Crowdfunding page',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </Paper>
  );
}

/** Raised per day as bars: a table underneath for screen readers and exact figures. */
function Daily({ detail }: { detail: TCrowdfundingDetail }) {
  const format = useFormat();
  if (detail.daily.length === 0) return <Text c="dimmed">No gifts in the last 60 days.</Text>;
  const max = Math.max(...detail.daily.map((d) => d.raised_minor), 1);
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={4} aria-label="Raised per day">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Day</Table.Th>
            <Table.Th>Raised</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.daily.map((d) => (
            <Table.Tr key={d.day}>
              <Table.Td w={120}>{format.day(d.day)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Box
                    h={10}
                    bg="teal.6"
                    style={{ borderRadius: 4 }}
                    w={`${Math.max(2, (d.raised_minor / max) * 70)}%`}
                    aria-hidden
                  />
                  <Text size="sm">{format.money(d.raised_minor, detail.currency)}</Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Backers({ detail }: { detail: TCrowdfundingDetail }) {
  const format = useFormat();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: ({ claimId, fulfilled }: { claimId: number; fulfilled: boolean }) => setFulfilled(claimId, fulfilled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: detailQuery(detail.id).queryKey }),
    onError: (error) => toast('red', describeFormError(error, 'The reward could not be marked.').message ?? ''),
  });
  if (detail.backer_list.length === 0) return <Text c="dimmed">No backers yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" aria-label="Backers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Backer</Table.Th>
            <Table.Th>Gift</Table.Th>
            <Table.Th>Reward</Table.Th>
            <Table.Th>Fulfilled</Table.Th>
            <Table.Th>Date</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.backer_list.map((b) => (
            <Table.Tr key={b.donation_id}>
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/donation/${b.donation_id}`}>
                  {b.name || b.email}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {b.email}
                </Text>
              </Table.Td>
              <Table.Td>{format.money(b.amount_minor, b.currency)}</Table.Td>
              <Table.Td>
                {b.reward ?? '—'}
                {b.shipping_address && (
                  <Text size="xs" c="dimmed">
                    Send to {b.shipping_address}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {b.claim_id === null ? (
                  '—'
                ) : (
                  <Switch
                    checked={b.fulfilled}
                    aria-label={`${b.reward} sent to ${b.name || b.email}`}
                    onChange={(e) =>
                      toggle.mutate({ claimId: b.claim_id as number, fulfilled: e.currentTarget.checked })
                    }
                  />
                )}
              </Table.Td>
              <Table.Td>{format.date(b.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** /dashboard/crowdfunding/{id}: figures, raised per day, backers with their reward and fulfilment, updates. */
export function CrowdfundingDetailPage() {
  const id = Number(useParams().id);
  const format = useFormat();
  const query = useQuery(detailQuery(id));
  const d = query.data;
  const queryClient = useQueryClient();
  const publish = useMutation({
    mutationFn: () => publishPage(id),
    onSuccess: () => {
      toast('green', 'The crowdfunding page is live.');
      return queryClient.invalidateQueries({ queryKey: detailQuery(id).queryKey });
    },
    onError: (error) => toast('red', describeFormError(error, 'The page could not be published.').message ?? ''),
  });
  return (
    <PageFrame
      entry={{ ...ENTRY, title: d?.name ?? ENTRY.title }}
      actions={
        d && (
          <Group gap="xs">
            {d.status === 'draft' && (
              <Button variant="filled" color="green" loading={publish.isPending} onClick={() => publish.mutate()}>
                Publish page
              </Button>
            )}
            <Button component={Link} to={`/dashboard/crowdfunding/${d.id}/edit`} leftSection={<Pencil size={16} />}>
              Edit
            </Button>
            <Button
              component="a"
              variant="default"
              href={`/crowdfunding/${d.campaign_url}`}
              target="_blank"
              rel="noopener"
              leftSection={<ExternalLink size={16} />}
            >
              View page
            </Button>
          </Group>
        )
      }
    >
      {query.isError && !d ? (
        <LoadError
          title="This crowdfunding page could not be loaded"
          message={query.error.message}
          retrying={query.isFetching}
          onRetry={() => query.refetch()}
        />
      ) : !d ? (
        <Text c="dimmed">Loading the crowdfunding page…</Text>
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label="Raised" value={format.money(d.raised_minor, d.currency)} />
            <Figure label="Goal" value={d.goal_minor === null ? '—' : format.money(d.goal_minor, d.currency)} />
            <Figure label="Backers" value={format.count(d.backers)} />
            <Figure
              label="Days left"
              value={d.days_left === null ? '—' : d.days_left <= 0 ? 'Ended' : format.count(d.days_left)}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {FUNDING_MODEL_TEXT[d.funding_model].label} · status {d.status}
            {d.deadline && ` · deadline ${format.dateTime(d.deadline)}`}
          </Text>
          <Section id="cf-daily" title="Raised per day">
            <Daily detail={d} />
          </Section>
          {d.funding_model === 'all_or_nothing' && (
            <Section id="cf-pledges" title="Pledges">
              <PledgesPanel detail={d} />
            </Section>
          )}
          <Section id="cf-backers" title="Backers">
            <Group mb="sm">
              <Button
                component="a"
                variant="light"
                href={`/api/v1/npo_admin/crowdfunding/${d.id}/reward_backers.csv`}
                download
                leftSection={<Download size={16} />}
              >
                Export reward backers (CSV)
              </Button>
            </Group>
            <Backers detail={d} />
          </Section>
          <Section id="cf-updates" title="Updates">
            <UpdatesPanel campaignId={d.id} updates={d.updates} />
          </Section>
        </Stack>
      )}
    </PageFrame>
  );
}
