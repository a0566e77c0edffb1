import { currencyExponent, type THomeAnalysis, type THomeChart, type THomePeriod } from '@kindling/contracts';
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, SimpleGrid, Text } from '@mantine/core';
import { useFormat } from '../../shared/format.ts';
import {
  bucketLabel,
  CHART_COLORS,
  ChartCard,
  cardState,
  majorFormatter,
  methodName,
  toMajor,
} from '../analysis/index.ts';
import { periodWords } from './settings/dashboard-settings.queries.ts';

type Query = { data?: THomeAnalysis; isError: boolean; refetch: () => unknown };

type Props = { query: Query; charts: readonly THomeChart[]; months: THomePeriod };

/** Raised over the user's period (twelve months by default), by campaign and by payment method. */
export function HomeCharts({ query, charts, months: period }: Props) {
  const org = useFormat();
  const data = query.data;
  const currency = data?.currency ?? 'USD';
  const exponent = currencyExponent(currency);
  const money = (minor: number) => org.money(minor, currency);
  const format = majorFormatter(currency, exponent, org.locale);
  const retry = () => void query.refetch();
  const months = data?.raised_by_month ?? [];
  const campaigns = data?.by_campaign ?? [];
  const methods = data?.by_method ?? [];
  const words = periodWords(period);
  if (charts.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {charts.includes('raised_over_time') && (
        <ChartCard
          title={`Raised over the last ${period} months`}
          id="raised-over-time"
          description="Successful gifts net of refunds, in your base currency, by month."
          state={cardState(
            query,
            months.every((m) => m.amount === 0),
          )}
          emptyText={`No gifts in the last ${words} months yet.`}
          onRetry={retry}
          rows={months.map((m) => ({ label: bucketLabel(m.bucket, 'month', org.locale), value: money(m.amount) }))}
        >
          <AreaChart
            accessibilityLayer={false}
            h={220}
            data={months.map((m) => ({
              month: bucketLabel(m.bucket, 'month', org.locale),
              Raised: toMajor(m.amount, exponent),
            }))}
            dataKey="month"
            series={[{ name: 'Raised', color: 'teal.6' }]}
            curveType="monotone"
            valueFormatter={format}
            withDots={false}
            yAxisProps={{ width: 80 }}
          />
        </ChartCard>
      )}
      {charts.includes('by_campaign') && (
        <ChartCard
          title="By campaign"
          id="raised-by-campaign"
          description={`The last ${words} months, largest first.`}
          state={cardState(query, campaigns.length === 0)}
          emptyText={`No campaign has received a gift in the last ${words} months.`}
          onRetry={retry}
          rows={campaigns.map((c) => ({ label: c.name, value: `${money(c.amount)} · ${c.count} gifts` }))}
        >
          <BarChart
            accessibilityLayer={false}
            h={Math.max(160, campaigns.length * 36)}
            data={campaigns.map((c) => ({ name: c.name, Raised: toMajor(c.amount, exponent) }))}
            dataKey="name"
            orientation="vertical"
            series={[{ name: 'Raised', color: 'indigo.6' }]}
            valueFormatter={format}
            yAxisProps={{ width: 110 }}
          />
        </ChartCard>
      )}
      {charts.includes('by_method') && (
        <ChartCard
          title="By payment method"
          id="raised-by-method"
          description={`The last ${words} months.`}
          state={cardState(query, methods.length === 0)}
          emptyText={`No gifts in the last ${words} months yet.`}
          onRetry={retry}
          rows={methods.map((m) => ({ label: methodName(m.method), value: `${money(m.amount)} · ${m.count} gifts` }))}
        >
          <DonutChart
            accessibilityLayer={false}
            mx="auto"
            size={180}
            thickness={28}
            withLabelsLine={false}
            withTooltip
            tooltipDataSource="segment"
            pieProps={{ rootTabIndex: -1 }}
            valueFormatter={format}
            data={methods.map((m, index) => ({
              name: methodName(m.method),
              value: Math.max(0, toMajor(m.amount, exponent)),
              color: CHART_COLORS[index % CHART_COLORS.length] ?? 'gray.6',
            }))}
          />
          <Group gap="md" justify="center" mt="xs">
            {methods.map((m, index) => (
              <Group key={m.method} gap={6} wrap="nowrap">
                <ColorSwatch
                  size={10}
                  color={`var(--mantine-color-${(CHART_COLORS[index % CHART_COLORS.length] ?? 'gray.6').replace('.', '-')})`}
                />
                <Text size="xs">
                  {methodName(m.method)} {money(m.amount)}
                </Text>
              </Group>
            ))}
          </Group>
        </ChartCard>
      )}
    </SimpleGrid>
  );
}
