import { currencyExponent, type TGiftAnalysis } from '@kindling/contracts';
import { BarChart } from '@mantine/charts';
import { Anchor, SimpleGrid, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';
import type { PeriodRange } from '../api/analysis.queries.ts';
import { ChartCard, cardState } from './ChartCard.tsx';
import { bucketLabel, majorFormatter, toMajor } from './chart-format.ts';
import { Figure } from './Figure.tsx';

type Query = { data?: TGiftAnalysis; isError: boolean; refetch: () => unknown };

/** Total, count, average and median gift of the period, over time and by amount band. */
export function GiftsSection({ query, period }: { query: Query; period: PeriodRange }) {
  const org = useFormat();
  const data = query.data;
  const currency = data?.currency ?? 'USD';
  const exponent = currencyExponent(currency);
  const money = (minor: number) => org.money(minor, currency);
  const format = majorFormatter(currency, exponent, org.locale);
  const unit = data?.granularity ?? 'day';
  const series = data?.series ?? [];
  const bands = data?.distribution ?? [];
  const bandLabel = (b: TGiftAnalysis['distribution'][number]) =>
    b.max === null ? `${money(b.min)}+` : `${money(b.min)}–${money(b.max)}`;
  const retry = () => void query.refetch();
  const summary = data && (
    <Stack gap="xs">
      <SimpleGrid cols={2} spacing="xs">
        <Figure
          label="Raised"
          value={money(data.total)}
          hint={data.refunded > 0 ? `${money(data.gross)} less ${money(data.refunded)} refunded` : 'No refunds'}
        />
        <Figure label="Gifts" value={org.count(data.count)} />
        <Figure label="Average gift" value={money(data.average)} />
        <Figure label="Median gift" value={money(data.median)} />
      </SimpleGrid>
      <Anchor
        component={Link}
        size="sm"
        to={`/dashboard/donations?date_from=${period.from}&date_to=${period.to}&status=succeeded,refunded`}
      >
        See these donations
      </Anchor>
    </Stack>
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard
        title="Gifts in this period"
        id="gifts-over-time"
        description={`Successful gifts net of refunds, in your base currency, by ${unit}.`}
        state={cardState(query, false)}
        onRetry={retry}
        summary={summary}
        rows={series.map((p) => ({
          label: bucketLabel(p.bucket, unit, org.locale),
          value: `${money(p.amount)} · ${p.count} gifts`,
        }))}
      >
        <BarChart
          accessibilityLayer={false}
          h={200}
          data={series.map((p) => ({
            bucket: bucketLabel(p.bucket, unit, org.locale),
            Raised: toMajor(p.amount, exponent),
          }))}
          dataKey="bucket"
          series={[{ name: 'Raised', color: 'teal.6' }]}
          valueFormatter={format}
          yAxisProps={{ width: 80 }}
        />
      </ChartCard>
      <ChartCard
        title="Gift sizes"
        id="gift-sizes"
        description="How many gifts fall in each amount band."
        state={cardState(query, (data?.count ?? 0) === 0)}
        emptyText="No gifts in this period."
        onRetry={retry}
        rows={bands.map((b) => ({ label: bandLabel(b), value: `${b.count} gifts` }))}
      >
        <BarChart
          accessibilityLayer={false}
          h={260}
          data={bands.map((b) => ({ band: bandLabel(b), Gifts: b.count }))}
          dataKey="band"
          series={[{ name: 'Gifts', color: 'indigo.6' }]}
          xAxisProps={{ angle: -30, textAnchor: 'end', height: 70, interval: 0 }}
        />
      </ChartCard>
    </SimpleGrid>
  );
}
