import {
  DEFAULT_RISK_THRESHOLD,
  INSIGHT_CATEGORIES,
  INSIGHT_CATEGORY_LABELS,
  INSIGHT_MESSAGES,
  INSIGHT_TIME_RANGES,
  sortInsights,
  type TInsight,
  type TInsightCategory,
  type TInsightSort,
  type TInsightsResponse,
} from '@kindling/contracts';
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { type InsightFilters, insightKeys, insightQueries, refreshInsights } from '../api/insights.queries.ts';
import { openAssistant } from '../assistant/open-assistant.ts';
import { ChurnModelNote } from '../components/ChurnModelNote.tsx';
import { GivingMap } from '../components/GivingMap.tsx';
import { InsightCard } from '../components/InsightCard.tsx';

const ENTRY = pageEntry('/dashboard/crm/ai-insights') ?? {
  title: 'AI insights',
  section: 'CRM',
  description: '',
  emptyTitle: '',
};
const RANGE_LABELS = {
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  last_90_days: 'Last 90 days',
} as const;
const METHODS = [
  { value: '', label: 'Any method' },
  { value: 'card', label: 'Card' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'bank_debit', label: 'Bank debit' },
];

/** A response the page can read; anything else shows the spec's empty state and its message. */
const readable = (body: unknown): body is TInsightsResponse =>
  typeof body === 'object' &&
  body !== null &&
  (body as TInsightsResponse).status === 'success' &&
  typeof (body as TInsightsResponse).data?.insights === 'object';

/** The AI Insights page (docs/product/insights.md): a tab per category, filters, sort, cards. */
export function InsightsPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TInsightCategory>('donor_insights');
  const [sort, setSort] = useState<TInsightSort>('priority');
  const [filters, setFilters] = useState<InsightFilters>({
    time_range: 'last_30_days',
    risk_threshold: DEFAULT_RISK_THRESHOLD,
  });
  const [waiting, setWaiting] = useState(false);
  const [country, setCountry] = useState('');
  const query = useQuery(insightQueries.list(npoId, filters, waiting));
  const body = query.data;
  const ok = readable(body);
  if (waiting && ok && !body.data.refreshing && body.data.computed_at) setWaiting(false);
  const refresh = useMutation({
    mutationFn: refreshInsights,
    onSuccess: () => {
      setWaiting(true);
      queryClient.invalidateQueries({ queryKey: insightKeys.all });
    },
  });
  const set = (patch: Partial<InsightFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const list: TInsight[] = ok ? sortInsights(body.data.insights[tab] ?? [], sort) : [];
  const refreshButton = (
    <Group gap="xs">
      {/* a22: the page's side assistant is the floating one (docs/product/insights.md#assistant). */}
      <Button variant="light" leftSection={<Sparkles size={16} aria-hidden />} onClick={openAssistant}>
        Ask the assistant
      </Button>
      <Button
        leftSection={<RefreshCw size={16} aria-hidden />}
        onClick={() => refresh.mutate()}
        loading={refresh.isPending || waiting}
      >
        {INSIGHT_MESSAGES.refresh}
      </Button>
    </Group>
  );
  return (
    <PageFrame entry={ENTRY} actions={refreshButton}>
      <Group align="flex-end" gap="sm" wrap="wrap" role="group" aria-label="Filters">
        <Select
          label="Period"
          data={INSIGHT_TIME_RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
          value={filters.time_range}
          onChange={(v) => v && set({ time_range: v as InsightFilters['time_range'] })}
          allowDeselect={false}
          w={150}
        />
        <Select
          label="Sort by"
          data={[
            { value: 'priority', label: 'Priority' },
            { value: 'confidence', label: 'Confidence' },
          ]}
          value={sort}
          onChange={(v) => v && setSort(v as TInsightSort)}
          allowDeselect={false}
          w={140}
        />
        <NumberInput
          label="Minimum amount"
          min={0}
          value={filters.amount ?? ''}
          onChange={(v) => set({ amount: v === '' ? undefined : Number(v) })}
          w={150}
        />
        <Select
          label="Payment method"
          data={METHODS}
          value={filters.payment_method ?? ''}
          onChange={(v) => set({ payment_method: v || undefined })}
          w={160}
        />
        <TextInput
          label="Country"
          placeholder="e.g. US"
          maxLength={2}
          value={country}
          onChange={(e) => {
            const v = e.currentTarget.value.trim().toUpperCase();
            setCountry(v);
            // Only a whole two-letter code goes to the call; an empty box clears the filter.
            if (v.length === 2 || v.length === 0) set({ location: v || undefined });
          }}
          w={110}
        />
        <NumberInput
          label="Risk threshold"
          min={0}
          max={100}
          value={filters.risk_threshold ?? DEFAULT_RISK_THRESHOLD}
          onChange={(v) => set({ risk_threshold: v === '' ? DEFAULT_RISK_THRESHOLD : Number(v) })}
          w={130}
        />
      </Group>
      {body !== undefined && !ok ? <Alert color="red">{INSIGHT_MESSAGES.unexpected}</Alert> : null}
      {ok && body.data.refreshing ? (
        <Text size="sm" c="dimmed" role="status">
          Refreshing insights…
        </Text>
      ) : null}
      <Tabs value={tab} onChange={(v) => v && setTab(v as TInsightCategory)} keepMounted={false}>
        <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {INSIGHT_CATEGORIES.map((c) => (
            <Tabs.Tab key={c} value={c}>
              {INSIGHT_CATEGORY_LABELS[c]}
              {ok ? ` (${body.data.insights[c]?.length ?? 0})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {INSIGHT_CATEGORIES.map((c) => (
          <Tabs.Panel key={c} value={c} pt="md">
            <Stack gap="md">
              {c === 'churn_insights' && ok ? <ChurnModelNote model={body.data.churn_model} /> : null}
              {c === 'geographical_insights' && list.length > 0 ? <GivingMap insights={list} /> : null}
              {query.isPending ? (
                <Text c="dimmed">Loading insights…</Text>
              ) : list.length === 0 ? (
                <Stack align="center" gap="xs" py="xl">
                  <Text fw={600}>{INSIGHT_MESSAGES.emptyTitle}</Text>
                  <Text size="sm" c="dimmed" ta="center">
                    {INSIGHT_MESSAGES.emptyBody}
                  </Text>
                  <Button variant="light" onClick={() => refresh.mutate()} loading={refresh.isPending || waiting}>
                    {INSIGHT_MESSAGES.refresh}
                  </Button>
                </Stack>
              ) : (
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                  {list.map((i) => (
                    <InsightCard key={i.id} insight={i} />
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </PageFrame>
  );
}
