import type { TCampaign } from '@kindling/contracts';
import { Anchor, Group, Pagination, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HandCoins, SearchX, TriangleAlert } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { DonationCards, DonationsTable } from '../../donations/index.ts';
import { campaignQueries, DONATIONS_PAGE_SIZE } from '../api/campaigns.queries.ts';
import { ListMessage, RetryButton, StatusBadge } from '../components/CampaignBits.tsx';
import { ConversionPanel } from '../components/ConversionPanel.tsx';

const ENTRY = pageEntry('/dashboard/campaign-donations/:id') ?? {
  title: 'Campaign donations',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function BackLink() {
  return (
    <Anchor component={Link} to="/dashboard/campaigns" size="sm">
      Back to campaigns
    </Anchor>
  );
}

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

/** Shown for a 404, and for an id that cannot be one. */
function NotFound() {
  return (
    <PageFrame entry={ENTRY}>
      <Paper withBorder radius="md">
        <ListMessage
          role="alert"
          icon={<SearchX size={28} aria-hidden color="var(--mantine-color-dimmed)" />}
          title="Campaign not found"
          hint="It may have been removed, or it belongs to another organisation."
          action={<BackLink />}
        />
      </Paper>
    </PageFrame>
  );
}

/** The campaign's status and totals, or a skeleton while they load. */
function Totals({ campaign: c, pending }: { campaign: TCampaign | undefined; pending: boolean }) {
  const format = useFormat();
  return c ? (
    <Stack gap="sm">
      <Group gap="xs">
        <StatusBadge status={c.status} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} maw={720}>
        <Stat label="Donations" value={format.count(c.donations_count)} />
        <Stat label="Raised" value={format.money(c.raised_minor, c.raised_currency)} />
        <Stat label="Donors" value={format.count(c.donors)} />
      </SimpleGrid>
    </Stack>
  ) : pending ? (
    <Skeleton height={72} maw={720} />
  ) : null;
}

/** /dashboard/campaign-donations/{id}: one campaign's totals and its donations, newest first. */
export function CampaignDonationsPage() {
  const id = Number.parseInt(useParams().id ?? '', 10);
  const validId = Number.isSafeInteger(id) && id > 0;
  const npoId = useSession().selectedNpo?.id ?? null;
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const campaign = useQuery({ ...campaignQueries.detail(npoId, id), enabled: validId });
  const donations = useQuery({
    ...campaignQueries.donations(npoId, id, page),
    enabled: validId,
    placeholderData: keepPreviousData,
  });

  if (!validId || isNotFound(campaign.error) || isNotFound(donations.error)) {
    return <NotFound />;
  }

  const c = campaign.data?.campaign;
  const list = donations.data?.donations ?? [];
  const pages = Math.max(1, Math.ceil((donations.data?.total ?? 0) / DONATIONS_PAGE_SIZE));
  const retry = () => {
    if (campaign.isError) campaign.refetch();
    if (donations.isError) donations.refetch();
  };

  let body: React.ReactNode;
  if ((campaign.isError && !c) || (donations.isError && !donations.data)) {
    body = (
      <ListMessage
        role="alert"
        icon={<TriangleAlert size={28} aria-hidden color="var(--mantine-color-red-6)" />}
        title="Donations could not be loaded"
        hint={(campaign.error ?? donations.error)?.message}
        action={<RetryButton onRetry={retry} loading={campaign.isFetching || donations.isFetching} />}
      />
    );
  } else if (donations.isPending) {
    body = (
      <Stack p="md" gap="sm" role="status" aria-label="Loading donations">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={20} />
        ))}
      </Stack>
    );
  } else if (list.length === 0) {
    body = (
      <ListMessage
        icon={<HandCoins size={28} aria-hidden color="var(--mantine-color-dimmed)" />}
        title="No donations to this campaign yet"
        hint="Gifts made through its form will appear here as they arrive."
      />
    );
  } else body = mobile ? <DonationCards donations={list} /> : <DonationsTable donations={list} />;

  return (
    <PageFrame entry={ENTRY} heading={c ? c.name : undefined} actions={<BackLink />}>
      <Totals campaign={c} pending={campaign.isPending} />
      <Paper
        withBorder={!(mobile && list.length > 0)}
        radius="md"
        style={{ overflow: 'hidden' }}
        bg={mobile && list.length > 0 ? 'transparent' : undefined}
      >
        {body}
      </Paper>
      {pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(value) => setParams(value > 1 ? { page: String(value) } : {})}
          />
        </Group>
      ) : null}
      {/* conv15: the funnel and abandoned gifts. */}
      {c ? <ConversionPanel campaignId={id} /> : null}
    </PageFrame>
  );
}
