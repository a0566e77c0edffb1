import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../session/index.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { peerQueries } from '../api/peer.queries.ts';

const ENTRY = pageEntry('/donate') ?? { title: 'Donate', section: 'My Account', description: '', emptyTitle: '' };

/** /donate: the fundraiser gives to their own page (counts for it) or to the campaign it raises for. */
export function PeerDonatePage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const pages = useQuery(peerQueries.dashboard(npoId));
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
    body = <Skeleton height={160} />;
  } else if (pages.data.pages.length === 0) {
    body = <Text c="dimmed">{ENTRY.emptyTitle}</Text>;
  } else {
    body = pages.data.pages.map((page) => (
      <Paper key={page.id} withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {page.campaign_name}
          </Title>
          <Text size="sm" c="dimmed">
            A gift on your own page counts towards your goal and ticks “Make your own gift” on your checklist.
          </Text>
          <Group>
            {page.state === 'live' && (
              <Button component="a" href={`/raise/${page.campaign_url}`}>
                Give to my page
              </Button>
            )}
            <Button component="a" variant="light" href={`/${page.parent_url}`}>
              Give to {page.campaign_name}
            </Button>
          </Group>
        </Stack>
      </Paper>
    ));
  }
  return (
    <PageFrame entry={ENTRY}>
      <Stack>{body}</Stack>
    </PageFrame>
  );
}
