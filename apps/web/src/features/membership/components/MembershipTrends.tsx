import type { TMembershipFigures } from '@kindling/contracts';
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useFormat } from '../../../shared/format.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { bucketLabel, CHART_COLORS, ChartCard, cardState } from '../../analysis/index.ts';

type Query = { data?: TMembershipFigures; isError: boolean; refetch: () => unknown };

/**
 * Figures over time on /dashboard/membership (docs/product/memberships.md#staff-dashboardmembership):
 * members per tier at each month's end, new, renewed and lapsed per month with the renewal rate,
 * membership revenue per month, and the renewals due this month and the next two. Each chart has
 * the same figures as a table for screen readers (ChartCard).
 */
export function MembershipTrends({ query }: { query: Query }) {
  const org = useFormat();
  const data = query.data;
  const trends = data?.trends;
  const months = trends?.months ?? [];
  const tiers = data?.active_by_tier ?? [];
  const label = (month: string) => bucketLabel(`${month}-01`, 'month', org.locale);
  const money = (minor: number) => org.money(minor, data?.currency ?? 'USD');
  const membersOf = (m: (typeof months)[number], tierId: number) =>
    m.members_by_tier.find((t) => t.tier_id === tierId)?.members ?? 0;
  const empty = months.every((m) => m.members_by_tier.length === 0 && m.new === 0 && m.revenue_minor === 0);
  const state = cardState(query, empty);
  const retry = () => void query.refetch();
  return (
    <Stack>
      <ChartCard
        title="Members per tier"
        id="membership-members"
        description="Members at the end of each month (this month: today), active or in their grace period."
        state={state}
        emptyText="No members yet."
        onRetry={retry}
        rows={months.map((m) => ({
          label: label(m.month),
          value: tiers.map((t) => `${t.tier} ${org.count(membersOf(m, t.tier_id))}`).join(', '),
        }))}
      >
        <BarChart
          accessibilityLayer={false}
          h={220}
          type="stacked"
          data={months.map((m) => ({
            month: label(m.month),
            ...Object.fromEntries(tiers.map((t) => [t.tier, membersOf(m, t.tier_id)])),
          }))}
          dataKey="month"
          withLegend
          series={tiers.map((t, i) => ({ name: t.tier, color: CHART_COLORS[i % CHART_COLORS.length] ?? 'teal.6' }))}
        />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartCard
          title="New, renewed and lapsed"
          id="membership-flow"
          description="Memberships started, renewed and lapsed in each month."
          state={state}
          emptyText="No members yet."
          onRetry={retry}
          summary={
            <Text size="sm">
              Renewal rate (12 months):{' '}
              <Text span fw={700}>
                {trends?.renewal_rate_percent == null ? 'no renewals or lapses yet' : `${trends.renewal_rate_percent}%`}
              </Text>
            </Text>
          }
          rows={months.map((m) => ({
            label: label(m.month),
            value: `${m.new} new, ${m.renewed} renewed, ${m.lapsed} lapsed`,
          }))}
        >
          <BarChart
            accessibilityLayer={false}
            h={200}
            data={months.map((m) => ({ month: label(m.month), New: m.new, Renewed: m.renewed, Lapsed: m.lapsed }))}
            dataKey="month"
            withLegend
            series={[
              { name: 'New', color: 'teal.6' },
              { name: 'Renewed', color: 'indigo.6' },
              { name: 'Lapsed', color: 'orange.6' },
            ]}
          />
        </ChartCard>
        <ChartCard
          title="Membership revenue"
          id="membership-revenue"
          description="Payments for memberships (joining and renewals) in each month."
          state={state}
          emptyText="No membership payments yet."
          onRetry={retry}
          rows={months.map((m) => ({ label: label(m.month), value: money(m.revenue_minor) }))}
        >
          <BarChart
            accessibilityLayer={false}
            h={200}
            data={months.map((m) => ({ month: label(m.month), Revenue: m.revenue_minor / 100 }))}
            dataKey="month"
            valueFormatter={(major) => money(Math.round(major * 100))}
            series={[{ name: 'Revenue', color: 'teal.6' }]}
          />
        </ChartCard>
      </SimpleGrid>
      <UpcomingRenewals data={data} />
    </Stack>
  );
}

function UpcomingRenewals({ data }: { data?: TMembershipFigures }) {
  const org = useFormat();
  if (!data) return null;
  return (
    <ScrollTable label="Upcoming renewals" minWidth={480}>
      <Table verticalSpacing="xs">
        <Table.Caption>Upcoming renewals: active memberships whose period ends in the month</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th>Automatic</Table.Th>
            <Table.Th>Manual</Table.Th>
            <Table.Th>Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.trends.upcoming_renewals.map((u) => (
            <Table.Tr key={u.month}>
              <Table.Th scope="row">{bucketLabel(`${u.month}-01`, 'month', org.locale)}</Table.Th>
              <Table.Td>{org.count(u.automatic)}</Table.Td>
              <Table.Td>{org.count(u.manual)}</Table.Td>
              <Table.Td>{org.money(u.amount_minor, data.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
