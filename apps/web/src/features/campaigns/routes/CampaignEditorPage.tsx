import '@mantine/dates/styles.css';
import { Anchor, Paper, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SearchX, TriangleAlert } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { type PageEntry, pageEntry } from '../../../shared/page-catalog.ts';
import { campaignQueries } from '../api/campaigns.queries.ts';
import { ListMessage, RetryButton } from '../components/CampaignBits.tsx';
import { CampaignEditor } from '../components/editor/CampaignEditor.tsx';

const entryOf = (pattern: string, title: string): PageEntry =>
  pageEntry(pattern) ?? { title, section: 'Fundraising', description: '', emptyTitle: '' };
const NEW_ENTRY = entryOf('/dashboard/campaign-new', 'New campaign');
const EDIT_ENTRY = entryOf('/dashboard/campaign-edit/:id', 'Edit campaign');

function BackLink() {
  return (
    <Anchor component={Link} to="/dashboard/campaigns" size="sm">
      Back to campaigns
    </Anchor>
  );
}

/** /dashboard/campaign-new: an empty draft in the organisation's base currency. */
export function CampaignNewPage() {
  const session = useSession();
  return <CampaignEditor entry={NEW_ENTRY} saved={null} baseCurrency={session.npo?.base_currency ?? 'USD'} />;
}

/** /dashboard/campaign-edit/{id}: the saved campaign, or not found (another organisation's id answers 404). */
export function CampaignEditPage() {
  const id = Number.parseInt(useParams().id ?? '', 10);
  const validId = Number.isSafeInteger(id) && id > 0;
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const campaign = useQuery({ ...campaignQueries.detail(npoId, id), enabled: validId });
  const notFound = !validId || (campaign.error instanceof ApiError && campaign.error.status === 404);
  if (campaign.data && !notFound) {
    // Keyed by id: a save that answers with new ids must not leave rows of the old campaign behind.
    return (
      <CampaignEditor
        key={campaign.data.campaign.id}
        entry={EDIT_ENTRY}
        saved={campaign.data.campaign}
        baseCurrency={campaign.data.campaign.raised_currency}
      />
    );
  }
  return (
    <PageFrame entry={EDIT_ENTRY} actions={<BackLink />}>
      {notFound ? (
        <Paper withBorder radius="md">
          <ListMessage
            role="alert"
            icon={<SearchX size={28} aria-hidden color="var(--mantine-color-dimmed)" />}
            title="Campaign not found"
            hint="It may have been removed, or it belongs to another organisation."
            action={<BackLink />}
          />
        </Paper>
      ) : campaign.isError ? (
        <Paper withBorder radius="md">
          <ListMessage
            role="alert"
            icon={<TriangleAlert size={28} aria-hidden color="var(--mantine-color-red-6)" />}
            title="The campaign could not be loaded"
            hint={campaign.error.message}
            action={<RetryButton onRetry={() => campaign.refetch()} loading={campaign.isFetching} />}
          />
        </Paper>
      ) : (
        <Stack gap="md" role="status" aria-label="Loading the campaign">
          <Skeleton height={36} />
          <Skeleton height={240} />
        </Stack>
      )}
    </PageFrame>
  );
}
