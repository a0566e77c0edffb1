import type { TOrganisationStats } from '@kindling/contracts';
import '@mantine/charts/styles.css';
import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useAccountDetails, useSession } from '../../session';
import { PageFrame } from '../../shared/PageFrame.tsx';
import { pageEntry } from '../../shared/page-catalog.ts';
import type { PageEntry } from '../../shared/page-entry.ts';
import { analysisQueries } from '../analysis/index.ts';
import { MonthlyGoal, UpcomingEvent } from './GoalAndEvent.tsx';
import { HomeCharts } from './HomeCharts.tsx';
import { RecentDonations } from './RecentDonations.tsx';
import { StatCard, statCards } from './stat-cards.tsx';
import { TopCampaigns } from './TopCampaigns.tsx';

const ENTRY: PageEntry = pageEntry('/dashboard/home') ?? {
  section: 'Dashboard',
  title: 'Home',
  description: "Your organisation's fundraising at a glance.",
  emptyTitle: 'Nothing to show yet',
};

/**
 * /dashboard/home: the organisation statistics of GET /npo_admin/account_details as stat cards,
 * the monthly goal and the next event, charts and recent donations of GET
 * /npo_admin/analysis/home. Each part has its own loading and error state; Refresh reloads both.
 */
export function HomePage() {
  const entry = ENTRY;
  const session = useSession();
  const query = useAccountDetails();
  const charts = useQuery(analysisQueries.home(session.selectedNpo?.id ?? null));
  const stats = query.data;
  const heading = session.firstName ? `Welcome back, ${session.firstName}` : entry.title;
  const refresh = (
    <Button
      variant="default"
      leftSection={<RefreshCw size={16} aria-hidden />}
      onClick={() => {
        void query.refetch();
        void charts.refetch();
      }}
      loading={query.isFetching || charts.isFetching}
      disabled={!session.selectedNpo}
    >
      Refresh
    </Button>
  );
  return (
    <PageFrame entry={entry} heading={heading} actions={refresh}>
      <section aria-labelledby="stats-heading" aria-busy={query.isFetching}>
        <Title order={2} size="h4" id="stats-heading" mb="sm">
          {session.npo?.name ?? session.selectedNpo?.name ?? 'Your organisation'} at a glance
        </Title>
        <StatsBody
          stats={stats}
          loading={!stats && (query.isPending || query.isFetching)}
          failed={!stats && query.isError}
          noOrganisation={!session.selectedNpo}
          onRetry={() => void query.refetch()}
        />
      </section>
      {stats && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <MonthlyGoal stats={stats} />
          <UpcomingEvent stats={stats} />
        </SimpleGrid>
      )}
      {session.selectedNpo && <HomeCharts query={charts} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {session.selectedNpo && <RecentDonations query={charts} />}
        {stats && <TopCampaigns stats={stats} />}
      </SimpleGrid>
    </PageFrame>
  );
}

type StatsBodyProps = {
  stats: TOrganisationStats | undefined;
  loading: boolean;
  failed: boolean;
  noOrganisation: boolean;
  onRetry: () => void;
};

function StatsBody({ stats, loading, failed, noOrganisation, onRetry }: StatsBodyProps) {
  if (stats) {
    return (
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        {statCards(stats).map((card) => (
          <StatCard key={card.label} card={card} />
        ))}
      </SimpleGrid>
    );
  }
  if (failed) {
    return (
      <Alert color="red" variant="light" icon={<TriangleAlert size={18} aria-hidden />} title="Figures unavailable">
        <Stack gap="sm" align="flex-start">
          We could not load your organisation's figures. Check your connection and try again.
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (noOrganisation && !loading) {
    return (
      <Alert variant="light" title="No organisation selected">
        Choose an organisation in the switcher at the top to see its figures.
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }} role="status" aria-label="Loading figures">
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed skeleton slots
        <Paper key={index} withBorder radius="lg" p="md">
          <Skeleton height={12} width="50%" mb="md" />
          <Skeleton height={26} width="70%" mb="sm" />
          <Skeleton height={10} width="40%" />
        </Paper>
      ))}
    </SimpleGrid>
  );
}
