import type { TRecurringAnalysis } from '@kindling/contracts';
import { BarChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { useFormat } from '../../../shared/format.ts';
import { ChartCard, cardState } from './ChartCard.tsx';
import { bucketLabel } from './chart-format.ts';
import { Figure, rateText } from './Figure.tsx';

type Query = { data?: TRecurringAnalysis; isError: boolean; refetch: () => unknown };

/** Monthly recurring revenue, plans gained and lost, and failed payments recovered. */
export function RecurringSection({ query }: { query: Query }) {
  const org = useFormat();
  const data = query.data;
  const money = (minor: number) => org.money(minor, data?.currency ?? 'USD');
  const series = data?.series ?? [];
  const summary = data && (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      <Figure
        label="Monthly recurring revenue"
        value={money(data.mrr)}
        hint={`${money(data.mrr_at_start)} at the start`}
      />
      <Figure label="New plans" value={String(data.new_plans)} hint={`${data.plans_at_start} running at the start`} />
      <Figure
        label="Churn"
        value={rateText(data.churn.rate)}
        hint={`${data.churn.voluntary} cancelled, ${data.churn.failed} failed`}
      />
      <Figure
        label="Failed-payment recovery"
        value={rateText(data.recovery.rate)}
        hint={`${data.recovery.recovered} of ${data.recovery.past_due} past-due plans`}
      />
    </SimpleGrid>
  );
  return (
    <ChartCard
      title="Recurring giving"
      id="recurring"
      description="Every interval normalised to a month, in your base currency. Voluntary churn: cancelled by the donor or staff; failed: cancelled after the last retry."
      state={cardState(query, false)}
      onRetry={() => void query.refetch()}
      summary={summary}
      rows={series.map((p) => ({
        label: bucketLabel(p.bucket, 'month', org.locale),
        value: `${p.new_plans} new, ${p.voluntary} cancelled, ${p.failed} failed`,
      }))}
    >
      <BarChart
        accessibilityLayer={false}
        h={200}
        data={series.map((p) => ({
          month: bucketLabel(p.bucket, 'month', org.locale),
          New: p.new_plans,
          Cancelled: p.voluntary,
          Failed: p.failed,
        }))}
        dataKey="month"
        withLegend
        series={[
          { name: 'New', color: 'teal.6' },
          { name: 'Cancelled', color: 'orange.6' },
          { name: 'Failed', color: 'red.6' },
        ]}
      />
    </ChartCard>
  );
}
