import { ORGANISATION_SETTINGS_CODES } from '@kindling/contracts';
import { Alert, Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../../session';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { overviewQueries } from '../api/overview.queries.ts';
import { ProvidersCard, SecurityCard, SetUpCard, TeamCard } from '../components/OverviewCards.tsx';
import { QueryState } from '../components/QueryState.tsx';

const ENTRY = pageEntry('/admin') ?? {
  section: 'Settings',
  title: 'Administration',
  description: 'Your organisation, team, payment processors and security settings.',
  emptyTitle: '',
};

/** Every administration page, in the order an organisation usually sets them up. */
const ADMIN_PAGES = [
  {
    path: '/admin/organization',
    title: 'Organisation',
    text: 'Name, logo, address, identifiers and currency.',
    settings: true,
  },
  { path: '/admin/team', title: 'Team', text: 'Members, invitations, roles and permissions.', settings: true },
  { path: '/admin/processors', title: 'Payment processors', text: 'Connect Stripe or PayPal.' },
  { path: '/stripe-methods', title: 'Payment methods', text: 'Cards, wallets and bank payments donors see.' },
  { path: '/exchange-rates', title: 'Exchange rates', text: 'Rates that convert gifts to your base currency.' },
  {
    path: '/admin/security',
    title: 'Security',
    text: 'Sessions, sign-in history, audit log, two-factor.',
    settings: true,
  },
  { path: '/admin/account', title: 'Account', text: 'Your own sign-in details and second factor.' },
] as const;

/** /admin and /admin/dashboard: the administration overview (docs/product/overview.md#administration-overview). */
export function AdminOverviewPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  // Finance (2001) reaches /admin for the payment pages but sees no organisation or team settings
  // (docs/product/sign-in.md#roles): no summary, and only the pages of its role.
  const code = effectiveRoleCode(session.role, session.roleName);
  const settingsRole = code !== null && (ORGANISATION_SETTINGS_CODES as readonly number[]).includes(code);
  const query = useQuery(overviewQueries.overview(npoId, settingsRole));
  const data = query.data;
  const pages = ADMIN_PAGES.filter((page) => settingsRole || !('settings' in page));
  return (
    <PageFrame entry={ENTRY}>
      {npoId === null ? (
        <Alert variant="light" title="No organisation selected">
          Choose an organisation in the switcher at the top to see its administration.
        </Alert>
      ) : !settingsRole ? (
        <Text c="dimmed">Your role manages the organisation's payments; an admin manages its team and settings.</Text>
      ) : (
        <QueryState
          label="Overview"
          isPending={query.isPending}
          error={query.error}
          isFetching={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      )}
      {data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <SetUpCard launchpad={data.launchpad} />
          <TeamCard team={data.team} />
          <ProvidersCard processors={data.processors} />
          <SecurityCard security={data.security} />
        </SimpleGrid>
      ) : null}
      <Stack gap="xs" component="section" aria-labelledby="admin-pages">
        <Title order={2} size="h4" id="admin-pages">
          Administration pages
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {pages.map((page) => (
            <Paper key={page.path} withBorder radius="md" p="sm">
              <Anchor component={Link} to={page.path} fw={600}>
                {page.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {page.text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </PageFrame>
  );
}
