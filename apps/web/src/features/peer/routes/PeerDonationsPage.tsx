import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { peerQueries } from '../api/peer.queries.ts';
import { GiftsTable } from '../components/GiftsTable.tsx';

const ENTRY = pageEntry('/peer-donations/:id') ?? {
  title: 'Fundraiser donations',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

/** /peer-donations/{id}: every gift to one of the fundraiser's pages, with thank-you status. */
export function PeerDonationsPage() {
  const id = Number.parseInt(useParams().id ?? '', 10);
  const valid = Number.isSafeInteger(id) && id > 0;
  const npoId = useSession().selectedNpo?.id ?? null;
  const gifts = useQuery({ ...peerQueries.gifts(npoId, id), enabled: valid });
  const missing = !valid || (gifts.error instanceof ApiError && gifts.error.status === 404);
  return (
    <PageFrame entry={ENTRY} heading={gifts.data ? `Donations to ${gifts.data.page.title}` : undefined}>
      {missing ? (
        <Paper withBorder radius="md" p="lg" role="alert">
          <Title order={2} size="h4">
            Fundraising page not found
          </Title>
          <Text c="dimmed">It may have been removed, or it is not yours.</Text>
        </Paper>
      ) : (
        <Stack>
          <Anchor component={Link} to="/peer-dashboard" size="sm">
            Back to my dashboard
          </Anchor>
          <Paper withBorder radius="md" p="md">
            <GiftsTable pageId={id} />
          </Paper>
        </Stack>
      )}
    </PageFrame>
  );
}
