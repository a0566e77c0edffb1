import { INSIGHT_DEFAULTS, type TAnalysis, type TAnalysisChart } from '@kindling/contracts';
import { BarChart, LineChart } from '@mantine/charts';
import { Button, Group, ScrollArea, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type Format, useFormat } from '../../../shared/format.ts';
import { InsightCard } from '../components/InsightCard.tsx';
import type { PastedInsight } from './pasted-json.ts';

const COLORS: Record<string, string> = {
  actual: 'blue.7',
  forecast: 'orange.7',
  low: 'gray.6',
  high: 'gray.6',
  raised: 'blue.7',
  donors: 'teal.7',
};

// Axis and tooltip values in the organisation's locale (decision 027), money to the whole unit.
const formatterOf = (chart: TAnalysisChart, f: Format) => (v: number) =>
  chart.currency ? f.money(Math.round(v / 100) * 100, chart.currency, { trimWholeZeros: true }) : f.count(v);

function AnalysisChartView({ chart, id }: { chart: TAnalysisChart; id: string }) {
  const format = formatterOf(chart, useFormat());
  const data = chart.points.map((p) => ({ label: p.label, ...p.values }));
  const series = chart.series.map((s) => ({
    name: s.key,
    label: s.label,
    color: COLORS[s.key] ?? 'blue.7',
    strokeDasharray: s.kind === 'band' ? '4 4' : s.key === 'forecast' ? '6 3' : undefined,
  }));
  const common = {
    h: 240,
    data,
    dataKey: 'label',
    series,
    valueFormatter: format,
    withLegend: true,
    yAxisProps: { width: 80 },
  };
  return (
    <Stack gap="xs">
      <div aria-hidden data-testid={`${id}-chart`}>
        {chart.chart === 'line' ? (
          <LineChart
            {...common}
            connectNulls={false}
            curveType="linear"
            lineChartProps={{ accessibilityLayer: false }}
          />
        ) : (
          <BarChart {...common} barChartProps={{ accessibilityLayer: false }} />
        )}
      </div>
      <VisuallyHidden>
        <Table>
          <Table.Caption>{chart.title}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Period</Table.Th>
              {chart.series.map((s) => (
                <Table.Th scope="col" key={s.key}>
                  {s.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {chart.points.map((p) => (
              <Table.Tr key={p.label}>
                <Table.Th scope="row">{p.label}</Table.Th>
                {chart.series.map((s) => {
                  const v = p.values[s.key];
                  return <Table.Td key={s.key}>{v == null ? '—' : format(v)}</Table.Td>;
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}

/** One answer of the assistant in the spec's shapes: a table, a chart, a text or insights (spec 01 §7). */
export function AnalysisResult({
  result,
  id,
  onAsk,
}: {
  result: TAnalysis | { insights: PastedInsight[] } | string;
  id: string;
  onAsk: (prompt: string) => void;
}) {
  if (typeof result === 'string') return <Text size="sm">{result}</Text>;
  if (!('type' in result)) {
    return (
      <Stack gap="sm" role="group" aria-label="Insights">
        {result.insights.map((insight) => (
          <InsightCard key={insight.id} insight={insight} defaultConfidence={INSIGHT_DEFAULTS.aiConfidence} />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby={`${id}-title`} data-result-type={result.type}>
      <Title order={3} size="h5" id={`${id}-title`}>
        {result.title}
      </Title>
      {result.type === 'table' && (
        <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, 'aria-label': result.title }}>
          <Table striped withTableBorder fz="sm" aria-labelledby={`${id}-title`}>
            <Table.Thead>
              <Table.Tr>
                {result.columns.map((c) => (
                  <Table.Th key={c.key} scope="col">
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; the answer never reorders.
                <Table.Tr key={i}>
                  {result.columns.map((c) => (
                    <Table.Td key={c.key}>{row[c.key] ?? '—'}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {result.type === 'chart' && <AnalysisChartView chart={result} id={id} />}
      {result.type === 'text' && <Text size="sm">{result.text}</Text>}
      {result.type === 'text' && result.suggestions.length > 0 && (
        <Group gap="xs">
          {result.suggestions.map((s) => (
            <Button key={s} size="compact-xs" variant="light" onClick={() => onAsk(s)}>
              {s}
            </Button>
          ))}
        </Group>
      )}
      {'note' in result && result.note && (
        <Text size="xs" c="dimmed">
          {result.note}
        </Text>
      )}
    </Stack>
  );
}
