// The signed-in donor's pages (role 1123, docs/product/sign-in.md#route-access): the same portal components as the
// e-mail link's page, reading /api/v1/portal/account (the donor record with the user's e-mail in
// the selected organisation).
import type { TPortalOverview } from '@kindling/contracts';
import { Anchor, Center, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { useGift, useOverview } from '../api/portal.queries.ts';
import { ACCOUNT_SOURCE } from '../api/portal-api.ts';
import { GiftList, ReceiptLink } from '../components/GiftList.tsx';
import { PlanList } from '../components/PlanList.tsx';
import { errorText, Fact, INTERVAL_LABELS, usePortalFormat } from '../components/PortalBits.tsx';
import { PlanEditorById, Section } from '../components/PortalSections.tsx';
import { StatementDownload } from '../components/StatementDownload.tsx';

const entryOf = (path: string, title: string) =>
  pageEntry(path) ?? { title, section: 'Donations', description: '', emptyTitle: '' };

/** The overview every donor page needs first (the card form, the statement years). */
function WithOverview({
  path,
  title,
  children,
}: {
  path: string;
  title: string;
  children: (o: TPortalOverview) => ReactNode;
}) {
  const overview = useOverview(ACCOUNT_SOURCE);
  const entry = entryOf(path, title);
  let body: ReactNode;
  if (overview.isPending) {
    body = (
      <Center py="lg" role="status" aria-label="Loading">
        <Loader size="sm" />
      </Center>
    );
  } else if (overview.error || !overview.data) {
    body = (
      <Paper withBorder p="md" role="alert">
        <Text>{errorText(overview.error, 'Your donations could not be loaded.')}</Text>
      </Paper>
    );
  } else if (!overview.data.donor) {
    body = (
      <Paper withBorder p="md">
        <Text c="dimmed">
          There are no donations under your e-mail address with {overview.data.organisation.name} yet.
        </Text>
      </Paper>
    );
  } else body = children(overview.data);
  return <PageFrame entry={entry}>{body}</PageFrame>;
}

export function MyDonationsPage() {
  return (
    <WithOverview path="/my-donations" title="My donations">
      {(overview) => (
        <Stack gap="xl">
          <GiftList source={ACCOUNT_SOURCE} />
          <Section title="Annual statement">
            <StatementDownload source={ACCOUNT_SOURCE} years={overview.statement_years} />
          </Section>
        </Stack>
      )}
    </WithOverview>
  );
}

export function RecurringDonationsPage() {
  return (
    <WithOverview path="/recurring-donations" title="Recurring donations">
      {() => <PlanList source={ACCOUNT_SOURCE} />}
    </WithOverview>
  );
}

export function RecurringEditPage() {
  const id = Number(useParams().id);
  return (
    <WithOverview path="/recurring-edit/:id" title="Change recurring donation">
      {(overview) => (
        <PlanEditorById source={ACCOUNT_SOURCE} planId={id} overview={overview} backTo="/recurring-donations" />
      )}
    </WithOverview>
  );
}

function GiftDetail({ id }: { id: number }) {
  const format = usePortalFormat(ACCOUNT_SOURCE);
  const gift = useGift(ACCOUNT_SOURCE, id);
  if (gift.isPending) return <Loader role="status" size="sm" aria-label="Loading the donation" />;
  if (gift.error || !gift.data) {
    return (
      <Paper withBorder p="md" role="alert">
        <Text>{errorText(gift.error, 'This donation could not be loaded.')}</Text>
      </Paper>
    );
  }
  const g = gift.data;
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label="Amount" value={format.money(g.amount_minor, g.currency)} />
          <Fact label="Date" value={format.date(g.created_at)} />
          <Fact label="Type" value={INTERVAL_LABELS[g.interval] ?? g.interval} />
          <Fact label="Campaign" value={g.campaign_name ?? '—'} />
          <Fact label="Designation" value={g.designation ?? '—'} />
          <Fact label="Receipt number" value={g.receipt_number ?? '—'} />
        </SimpleGrid>
        <ReceiptLink source={ACCOUNT_SOURCE} gift={g} />
        {g.recurring_plan_id ? (
          <Anchor component={Link} to={`/recurring-edit/${g.recurring_plan_id}`} size="sm">
            Change this recurring donation
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function DonationPage() {
  const id = Number(useParams().id);
  return (
    <WithOverview path="/donation/:id" title="Donation">
      {() => (
        <Stack gap="sm">
          <Anchor component={Link} to="/my-donations" size="sm">
            Back to my donations
          </Anchor>
          <GiftDetail id={id} />
        </Stack>
      )}
    </WithOverview>
  );
}
