import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../session/index.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { peerApi, peerKeys, peerQueries } from '../api/peer.queries.ts';
import { GiftsTable } from '../components/GiftsTable.tsx';
import { PageSummary } from '../components/PageSummary.tsx';
import { SharePanel } from '../components/SharePanel.tsx';
import { TeamPanel } from '../components/TeamPanel.tsx';

const ENTRY = pageEntry('/peer-dashboard') ?? {
  title: 'My dashboard',
  section: 'My Account',
  description: '',
  emptyTitle: 'No fundraising pages yet',
};

/** /peer-dashboard: each of the fundraiser's pages with its progress, gifts, share panel and checklist. */
export function PeerDashboardPage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const client = useQueryClient();
  const pages = useQuery(peerQueries.dashboard(npoId));
  const shared = useMutation({
    mutationFn: (id: number) => peerApi.shared(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: peerKeys.dashboard(npoId) }),
  });
  let body: React.ReactNode;
  if (pages.isError) {
    body = (
      <LoadError
        title="Your pages could not be loaded"
        message={pages.error.message}
        retrying={pages.isFetching}
        onRetry={() => void pages.refetch()}
      />
    );
  } else if (!pages.data) {
    body = <Skeleton height={320} />;
  } else if (pages.data.pages.length === 0) {
    body = (
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4">
          {ENTRY.emptyTitle}
        </Title>
        <Text c="dimmed">When an organisation invites you to fundraise, your page appears here.</Text>
      </Paper>
    );
  } else {
    body = pages.data.pages.map((page) => (
      <Paper key={page.id} withBorder radius="md" p="lg">
        <Stack gap="lg">
          <PageSummary page={page} />
          <SharePanel
            url={`${window.location.origin}/raise/${page.campaign_url}`}
            title={page.title}
            onShare={() => {
              if (!page.checklist.first_share) shared.mutate(page.id);
            }}
          />
          <Stack gap="xs">
            <Title order={3} size="h4">
              Recent donations
            </Title>
            <GiftsTable pageId={page.id} limit={5} />
          </Stack>
          <TeamPanel pageId={page.id} currency={page.currency} />
        </Stack>
      </Paper>
    ));
  }
  return (
    <PageFrame entry={ENTRY}>
      <Stack gap="lg">{body}</Stack>
    </PageFrame>
  );
}
