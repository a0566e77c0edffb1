import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../session';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import type { PageEntry } from '../../../shared/page-entry.ts';
import { analysisQueries, type PeriodRange } from '../api/analysis.queries.ts';
import { GiftsSection } from '../components/GiftsSection.tsx';
import { LapsedSection } from '../components/LapsedSection.tsx';
import { PeriodPicker } from '../components/PeriodPicker.tsx';
import { RecurringSection } from '../components/RecurringSection.tsx';
import { RetentionSection } from '../components/RetentionSection.tsx';
import { isPreset, type PeriodPreset, presetRange } from '../period-presets.ts';

const ENTRY: PageEntry = pageEntry('/dashboard/analysis') ?? {
  section: 'Quick Access',
  title: 'Analysis',
  description: 'Trends in giving over time.',
  emptyTitle: 'No analysis to show yet',
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period in the address (?period=… or ?from=…&to=…), so a view can be shared and reloaded. */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const format = useFormat();
  // Presets count whole days of the organisation's calendar: its today, as a UTC midnight.
  const [today] = useState(() => new Date(`${format.today()}T00:00:00Z`));
  const from = params.get('from');
  const to = params.get('to');
  const named = params.get('period');
  const custom = from && to && ISO_DAY.test(from) && ISO_DAY.test(to) && from <= to ? { from, to } : null;
  const preset: PeriodPreset = custom ? 'custom' : isPreset(named) && named !== 'custom' ? named : 'last-30-days';
  const period: PeriodRange = custom ?? presetRange(preset, today) ?? { from: '', to: '' };
  const choosePreset = (next: PeriodPreset) => {
    if (next === 'custom') setParams({ from: period.from, to: period.to }, { replace: true });
    else setParams({ period: next }, { replace: true });
  };
  const chooseRange = (range: PeriodRange) => setParams({ from: range.from, to: range.to }, { replace: true });
  return { preset, period, choosePreset, chooseRange };
}

/**
 * /dashboard/analysis: gifts, retention and recurring giving for a chosen period, and lapsed
 * donors by giving year, each with a chart and its own loading and error states.
 */
export function AnalysisPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const { preset, period, choosePreset, chooseRange } = usePeriod();
  const gifts = useQuery(analysisQueries.gifts(npoId, period));
  const retention = useQuery(analysisQueries.retention(npoId, period));
  const recurring = useQuery(analysisQueries.recurring(npoId, period));
  const lapsed = useQuery(analysisQueries.lapsed(npoId));
  const updating = gifts.isPlaceholderData || retention.isPlaceholderData || recurring.isPlaceholderData;
  return (
    <PageFrame entry={ENTRY}>
      <PeriodPicker preset={preset} period={period} onPreset={choosePreset} onCustom={chooseRange} />
      <Stack gap="md" aria-busy={updating} style={{ opacity: updating ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <Title order={2} size="h3" aria-live="polite">
          {period.from} – {period.to}
        </Title>
        <GiftsSection query={gifts} period={period} />
        <RetentionSection query={retention} />
        <RecurringSection query={recurring} />
      </Stack>
      <LapsedSection query={lapsed} />
    </PageFrame>
  );
}
