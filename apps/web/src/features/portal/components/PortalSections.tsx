import type { TPortalOverview } from '@kindling/contracts';
import { Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePlan } from '../api/portal.queries.ts';
import type { PortalSource } from '../api/portal-api.ts';
import { GiftList } from './GiftList.tsx';
import { MembershipList } from './MembershipList.tsx';
import { PlanEditor } from './PlanEditor.tsx';
import { PlanList } from './PlanList.tsx';
import { errorText } from './PortalBits.tsx';
import { StatementDownload } from './StatementDownload.tsx';

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} fz="xl">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** One plan's editor, loaded by id (404 for a plan that is not the donor's). */
export function PlanEditorById({
  source,
  planId,
  overview,
  openCard = false,
  backTo,
}: {
  source: PortalSource;
  planId: number;
  overview: TPortalOverview;
  openCard?: boolean;
  backTo: string;
}) {
  const plan = usePlan(source, planId);
  const back = (
    <Anchor component={Link} to={backTo} size="sm">
      Back to all my donations
    </Anchor>
  );
  if (plan.isPending) {
    return (
      <Center py="lg" role="status" aria-label="Loading the recurring donation">
        <Loader size="sm" />
      </Center>
    );
  }
  if (plan.error || !plan.data) {
    return (
      <Paper withBorder p="md" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text>{errorText(plan.error, 'This recurring donation could not be loaded.')}</Text>
          {back}
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      {back}
      <PlanEditor source={source} plan={plan.data} cardForm={overview.card_form} openCard={openCard} />
    </Stack>
  );
}

/** Everything the portal shows at once: memberships with their card, plans, gifts with receipts, the statement. */
export function PortalSections({ source, overview }: { source: PortalSource; overview: TPortalOverview }) {
  return (
    <Stack gap="xl">
      <MembershipList source={source} />
      <Section title="Recurring donations">
        <PlanList source={source} />
      </Section>
      <Section title="Past donations">
        <GiftList source={source} />
      </Section>
      <Section title="Annual statement">
        <StatementDownload source={source} years={overview.statement_years} />
      </Section>
    </Stack>
  );
}
