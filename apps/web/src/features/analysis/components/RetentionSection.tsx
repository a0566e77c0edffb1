import type { TRetentionAnalysis } from '@kindling/contracts';
import { BarChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { ChartCard, cardState } from './ChartCard.tsx';
import { Figure, rateText } from './Figure.tsx';

type Query = { data?: TRetentionAnalysis; isError: boolean; refetch: () => unknown };

const GROUPS = [
  { key: 'overall', label: 'Overall' },
  { key: 'new', label: 'New donors' },
  { key: 'repeat', label: 'Repeat donors' },
] as const;

/** Of the donors of the period before, the share who gave again in this one. */
export function RetentionSection({ query }: { query: Query }) {
  const data = query.data;
  const groups = GROUPS.map((g) => ({ ...g, ...(data?.[g.key] ?? { base: 0, retained: 0, rate: null }) }));
  const hint = (g: (typeof groups)[number]) => `${g.retained} of ${g.base} donors`;
  return (
    <ChartCard
      title="Donor retention"
      id="retention"
      description={
        data
          ? `Donors of ${data.previous_period.from} – ${data.previous_period.to} who gave again in this period. New donors first gave then; repeat donors had given before.`
          : undefined
      }
      state={cardState(query, (data?.overall.base ?? 0) === 0)}
      emptyText="No donors gave in the period before this one, so there is no retention to measure."
      onRetry={() => void query.refetch()}
      rows={groups.map((g) => ({ label: g.label, value: `${rateText(g.rate)} (${hint(g)})` }))}
      summary={
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          {groups.map((g) => (
            <Figure key={g.key} label={`${g.label} retention`} value={rateText(g.rate)} hint={hint(g)} />
          ))}
        </SimpleGrid>
      }
    >
      <BarChart
        accessibilityLayer={false}
        h={180}
        data={groups.map((g) => ({ group: g.label, Retention: g.rate ?? 0 }))}
        dataKey="group"
        series={[{ name: 'Retention', color: 'grape.6' }]}
        unit="%"
        yAxisProps={{ domain: [0, 100] }}
      />
    </ChartCard>
  );
}
