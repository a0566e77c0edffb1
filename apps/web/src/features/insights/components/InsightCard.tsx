import { formatInsightValue, INSIGHT_DEFAULTS, INSIGHT_MESSAGES, type TInsight } from '@kindling/contracts';
import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { ArrowDownRight, ArrowRight, ArrowUpRight, Calendar, Mail, Phone, Users } from 'lucide-react';

const PRIORITY_COLOR = { high: 'red', medium: 'yellow', low: 'gray' } as const;
const TREND = {
  up: { icon: ArrowUpRight, label: 'rising', color: 'var(--mantine-color-green-8)' },
  down: { icon: ArrowDownRight, label: 'falling', color: 'var(--mantine-color-red-8)' },
  neutral: { icon: ArrowRight, label: 'steady', color: 'var(--mantine-color-dimmed)' },
} as const;
const ACTION_ICON = { call: Phone, email: Mail, meeting: Users, internal: Calendar } as const;

/** One insight: its priority, confidence, entity, data points with trend arrows and suggested actions (docs/product/insights.md#display). */
export function InsightCard({
  insight,
  defaultConfidence = INSIGHT_DEFAULTS.confidence,
}: {
  insight: Partial<TInsight> & { id: string; title: string };
  /** 75 on the insights page; the assistant's answers (generic AI analysis) use 80 (spec 01 §5). */
  defaultConfidence?: number;
}) {
  const priority = insight.priority ?? INSIGHT_DEFAULTS.priority;
  const confidence = insight.confidence ?? defaultConfidence;
  const points = insight.data_points ?? [];
  const actions = insight.suggested_actions ?? [];
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={`insight-${insight.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h5" id={`insight-${insight.id}`}>
            {insight.title}
          </Title>
          <Badge
            color={PRIORITY_COLOR[priority]}
            variant="light"
            // The light badges' own text colours miss the contrast ratio; the body text colour meets it.
            c="var(--mantine-color-text)"
            style={{ flexShrink: 0 }}
          >
            {priority} priority
          </Badge>
        </Group>
        {insight.entity ? (
          <Text size="sm" c="dimmed">
            {insight.entity.name} · {confidence}% confidence
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {confidence}% confidence
          </Text>
        )}
        {insight.description ? <Text size="sm">{insight.description}</Text> : null}
        {points.length === 0 ? (
          <Text size="sm" c="dimmed">
            {INSIGHT_MESSAGES.noDataPoints}
          </Text>
        ) : (
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: '4px 12px' }}>
            {points.map((p) => {
              const trend = TREND[p.trend ?? INSIGHT_DEFAULTS.trend] ?? TREND.neutral;
              const Icon = trend.icon;
              return (
                <div key={p.label} style={{ display: 'contents' }}>
                  <Text component="dt" size="sm" c="dimmed">
                    {p.label}
                  </Text>
                  <Text
                    component="dd"
                    size="sm"
                    fw={600}
                    m={0}
                    style={{ display: 'flex', alignItems: 'center', gap: 4 }}
                  >
                    {formatInsightValue(p.value)}
                    <Icon size={16} color={trend.color} aria-label={trend.label} role="img" />
                  </Text>
                </div>
              );
            })}
          </dl>
        )}
        {actions.length > 0 ? (
          <List spacing={4} size="sm" listStyleType="none" aria-label="Suggested actions">
            {actions.map((a) => {
              const Icon = ACTION_ICON[a.type] ?? Calendar;
              return (
                <List.Item key={a.text} icon={<Icon size={14} aria-hidden />}>
                  <Text span size="sm">
                    {a.text}
                  </Text>{' '}
                  <Text span size="xs" c="dimmed">
                    ({a.type})
                  </Text>
                </List.Item>
              );
            })}
          </List>
        ) : null}
      </Stack>
    </Card>
  );
}
