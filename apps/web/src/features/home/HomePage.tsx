import type { THomeCard, TOrganisationStats } from '@kindling/contracts';
import '@mantine/charts/styles.css';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw, SlidersHorizontal, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { useAccountDetails, useSession } from '../../session';
import { useFormat } from '../../shared/format.ts';
import { PageFrame } from '../../shared/PageFrame.tsx';
import { pageEntry } from '../../shared/page-catalog.ts';
import type { PageEntry } from '../../shared/page-entry.ts';
import { analysisQueries } from '../analysis/index.ts';
import { MonthlyGoal, UpcomingEvent } from './GoalAndEvent.tsx';
import { HomeCharts } from './HomeCharts.tsx';
import { RecentDonations } from './RecentDonations.tsx';
import { useHomeSettings } from './settings/dashboard-settings.queries.ts';
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
 * Which parts show and the charts' period are the user's dashboard settings (/dashboard/settings).
 */
export function HomePage() {
  const entry = ENTRY;
  const session = useSession();
  const query = useAccountDetails();
  const { settings, settled } = useHomeSettings();
  const charts = useQuery(analysisQueries.home(session.selectedNpo?.id ?? null, settings.period_months, settled));
  const stats = query.data;
  const shows = (card: (typeof settings.cards)[number]) => settings.cards.includes(card);
  const heading = session.firstName ? `Welcome back, ${session.firstName}` : entry.title;
  const refresh = (
    <Group gap="xs">
      <Button
        component={Link}
        to="/dashboard/settings"
        variant="subtle"
        leftSection={<SlidersHorizontal size={16} aria-hidden />}
      >
        Customise
      </Button>
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
    </Group>
  );
  return (
    <PageFrame entry={entry} heading={heading} actions={refresh}>
      <section aria-labelledby="stats-heading" aria-busy={query.isFetching}>
        <Title order={2} size="h4" id="stats-heading" mb="sm">
          {session.npo?.name ?? session.selectedNpo?.name ?? 'Your organisation'} at a glance
        </Title>
        <StatsBody
          cards={settings.cards}
          stats={stats}
          loading={!stats && (query.isPending || query.isFetching)}
          failed={!stats && query.isError}
          noOrganisation={!session.selectedNpo}
          onRetry={() => void query.refetch()}
        />
      </section>
      {stats && (shows('monthly_goal') || shows('upcoming_event')) && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {shows('monthly_goal') && <MonthlyGoal stats={stats} />}
          {shows('upcoming_event') && <UpcomingEvent stats={stats} />}
        </SimpleGrid>
      )}
      {session.selectedNpo && <HomeCharts query={charts} charts={settings.charts} months={settings.period_months} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {session.selectedNpo && shows('recent_donations') && <RecentDonations query={charts} />}
        {stats && shows('top_campaigns') && <TopCampaigns stats={stats} />}
      </SimpleGrid>
    </PageFrame>
  );
}

type StatsBodyProps = {
  cards: readonly THomeCard[];
  stats: TOrganisationStats | undefined;
  loading: boolean;
  failed: boolean;
  noOrganisation: boolean;
  onRetry: () => void;
};

function StatsBody({ cards, stats, loading, failed, noOrganisation, onRetry }: StatsBodyProps) {
  const format = useFormat();
  if (stats) {
    const shown = statCards(stats, format).filter((card) => cards.includes(card.key));
    if (shown.length === 0) {
      return (
        <Text c="dimmed" size="sm">
          You chose to hide every figure. Choose Customise to show some again.
        </Text>
      );
    }
    return (
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        {shown.map((card) => (
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
