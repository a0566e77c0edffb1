import type { TMonthlyRecurringRevenue, TRecurringPlanSummary } from '@kindling/contracts';
import { Anchor, Card, Grid, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { type Format, useFormat } from '../../../shared/format.ts';
import { donorNameOf, PlanStatusBadge, perInterval } from './plan-bits.tsx';

/** The monthly recurring revenue, the page's headline figure. */
export function MrrCard({ mrr, loading }: { mrr: TMonthlyRecurringRevenue | undefined; loading: boolean }) {
  const format = useFormat();
  return (
    <Paper withBorder radius="md" p="lg" aria-labelledby="mrr-heading">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap={2}>
            <Text id="mrr-heading" size="sm" c="dimmed" fw={500}>
              Monthly recurring revenue
            </Text>
            {loading || !mrr ? (
              <Skeleton height={40} width={180} />
            ) : (
              <Title order={2} fz={{ base: 32, sm: 40 }} data-testid="mrr">
                {format.money(mrr.amount_minor, mrr.currency)}
              </Title>
            )}
            <Text size="xs" c="dimmed">
              Active and past-due plans, every interval counted per month, in your base currency.
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <Text size="sm" c="dimmed" fw={500}>
            Plans counted
          </Text>
          <Text fz={24} fw={600}>
            {mrr ? mrr.plans : '—'}
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <Text size="sm" c="dimmed" fw={500}>
            At risk (past due)
          </Text>
          <Text fz={24} fw={600} c={mrr && mrr.past_due_minor > 0 ? 'orange.9' : undefined}>
            {mrr ? format.money(mrr.past_due_minor, mrr.currency) : '—'}
          </Text>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

const amountOf = (p: TRecurringPlanSummary, format: Format) =>
  `${format.money(p.amount_minor, p.currency)} ${perInterval(p.interval)}`;

function PlanLink({ plan }: { plan: TRecurringPlanSummary }) {
  return (
    <Anchor component={Link} to={`/dashboard/recurring-plan/${plan.id}`} fw={500}>
      {donorNameOf(plan.donor)}
    </Anchor>
  );
}

/** Wide screens: one row per plan. */
export function PlanTable({ plans }: { plans: TRecurringPlanSummary[] }) {
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label="Recurring plans" verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Donor</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Next charge</Table.Th>
            <Table.Th>Last charged</Table.Th>
            <Table.Th>Campaign</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plans.map((plan) => (
            <Table.Tr key={plan.id}>
              <Table.Td>
                <Stack gap={0}>
                  <PlanLink plan={plan} />
                  <Text size="xs" c="dimmed">
                    {plan.donor.email}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>{amountOf(plan, format)}</Table.Td>
              <Table.Td>
                <PlanStatusBadge status={plan.status} />
              </Table.Td>
              <Table.Td>{format.date(plan.next_charge_at)}</Table.Td>
              <Table.Td>{format.date(plan.last_charged_at)}</Table.Td>
              <Table.Td>{plan.campaign_name ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per plan, as a list. */
export function PlanCards({ plans }: { plans: TRecurringPlanSummary[] }) {
  const format = useFormat();
  return (
    <Stack gap="sm" component="ul" aria-label="Recurring plans" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {plans.map((plan) => (
        <Card key={plan.id} withBorder radius="md" padding="sm" component="li">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <PlanLink plan={plan} />
              <Text size="xs" c="dimmed" truncate>
                {plan.donor.email}
              </Text>
            </Stack>
            <PlanStatusBadge status={plan.status} />
          </Group>
          <Group justify="space-between" mt="xs">
            <Text size="sm" fw={500}>
              {amountOf(plan, format)}
            </Text>
            <Text size="xs" c="dimmed">
              Next: {format.date(plan.next_charge_at)}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
