import { CONSTANTS, canReach } from '@kindling/contracts';
import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { peerQueries } from '../api/peer.queries.ts';
import { PeerPagesTable } from '../components/PeerPagesTable.tsx';
import { PeerSettingsForm } from '../components/PeerSettingsForm.tsx';
import { TeamsTable } from '../components/TeamsTable.tsx';

const ENTRY = pageEntry('/dashboard/peer-to-peer/:id') ?? {
  title: 'Peer-to-peer campaign',
  section: 'Fundraising',
  description: '',
  emptyTitle: 'No fundraiser pages to show yet',
};

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** /dashboard/peer-to-peer/{id}: a campaign's fundraiser pages, their totals, staff decisions and settings. */
export function PeerToPeerPage() {
  const id = Number.parseInt(useParams().id ?? '', 10);
  const valid = Number.isSafeInteger(id) && id > 0;
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const canEdit = canReach('admin', session.role);
  const format = useFormat();
  const view = useQuery({ ...peerQueries.staff(npoId, id), enabled: valid });
  if (!valid || (view.error instanceof ApiError && view.error.status === 404)) {
    return (
      <PageFrame entry={ENTRY}>
        <Paper withBorder radius="md" p="lg" role="alert">
          <Title order={2} size="h4">
            Campaign not found
          </Title>
          <Anchor component={Link} to="/dashboard/campaigns">
            Back to campaigns
          </Anchor>
        </Paper>
      </PageFrame>
    );
  }
  if (view.isError) {
    return (
      <PageFrame entry={ENTRY}>
        <LoadError
          title="Fundraisers could not be loaded"
          message={view.error.message}
          retrying={view.isFetching}
          onRetry={() => void view.refetch()}
        />
      </PageFrame>
    );
  }
  const v = view.data;
  return (
    <PageFrame entry={ENTRY} heading={v ? `Fundraisers of ${v.campaign.name}` : undefined}>
      {!v ? (
        <Skeleton height={360} />
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
            <Stat label="Raised by fundraisers" value={format.money(v.totals.raised_minor, v.currency)} />
            <Stat label="Fundraiser pages" value={format.count(v.totals.pages)} />
            <Stat label="Teams" value={format.count(v.totals.teams)} />
            <Stat label="Average per page" value={format.money(v.totals.average_minor, v.currency)} />
            <Stat label="Share of the campaign" value={`${format.count(Math.round(v.totals.share * 100))} %`} />
          </SimpleGrid>
          <Group justify="space-between">
            <Title order={2} size="h4">
              Fundraisers
            </Title>
            <Button
              component="a"
              variant="light"
              leftSection={<Download size={16} aria-hidden />}
              href={`${CONSTANTS.apiBase}/npo_admin/peer_to_peer/${id}/export`}
              download
            >
              Export CSV
            </Button>
          </Group>
          {v.pages.length === 0 ? (
            <Text c="dimmed">{ENTRY.emptyTitle}</Text>
          ) : (
            <PeerPagesTable campaignId={id} rows={v.pages} currency={v.currency} canEdit={canEdit} />
          )}
          <TeamsTable campaignId={id} />
          <PeerSettingsForm campaignId={id} settings={v.settings} currency={v.currency} canEdit={canEdit} />
        </Stack>
      )}
    </PageFrame>
  );
}
