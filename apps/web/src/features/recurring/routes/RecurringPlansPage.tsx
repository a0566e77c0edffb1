import { Group, NativeSelect, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Repeat, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { ListPager, ListResults } from '../../../system/list/index.ts';
import { type PlanFilter, RECURRING_PAGE_SIZE, recurringQueries } from '../api/recurring.queries.ts';
import { MrrCard, PlanCards, PlanTable } from '../components/PlanList.tsx';
import classes from '../readable.module.css';

const ENTRY = pageEntry('/dashboard/recurring') ?? {
  title: 'Recurring',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

const FILTERS: { value: PlanFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
  { value: 'past_due', label: 'Past due' },
  { value: 'cancelled', label: 'Cancelled' },
];

const filterOf = (value: string | null): PlanFilter =>
  FILTERS.some((f) => f.value === value) ? (value as PlanFilter) : 'all';

/** Status, search and page live in the query string, so reload and back keep them. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const status = filterOf(params.get('status'));
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const go = (next: { status?: PlanFilter; q?: string; page?: number }) => {
    const query = new URLSearchParams();
    const status2 = next.status ?? status;
    const q2 = next.q ?? q;
    if (status2 !== 'all') query.set('status', status2);
    if (q2) query.set('q', q2);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query, { replace: next.q !== undefined });
  };
  const [text, setText] = useState(q);
  const [debounced] = useDebouncedValue(text.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed value settles
  useEffect(() => {
    if (debounced !== q) go({ q: debounced });
  }, [debounced]);
  return { status, q, page, go, text, setText };
}

/** /dashboard/recurring: every plan of the organisation, the monthly recurring revenue first. */
export function RecurringPlansPage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const { status, q, page, go, text, setText } = useListParams();
  const list = useQuery({ ...recurringQueries.list({ npoId, status, q, page }), placeholderData: keepPreviousData });
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const plans = list.data?.plans ?? [];
  const counts = list.data?.counts;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / RECURRING_PAGE_SIZE));
  const filtered = q !== '' || status !== 'all';
  const filterOptions = FILTERS.map((f) => ({
    value: f.value,
    label: f.value !== 'all' && counts ? `${f.label} (${counts[f.value]})` : f.label,
  }));

  return (
    <div className={classes.readable}>
      <PageFrame entry={ENTRY}>
        <MrrCard mrr={list.data?.mrr} loading={list.isPending} />
        <Group gap="sm" align="flex-end">
          <TextInput
            type="search"
            label="Search donors"
            placeholder="Name or e-mail"
            leftSection={<Search size={16} aria-hidden />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
          {mobile ? (
            <NativeSelect
              label="Status"
              value={status}
              onChange={(e) => go({ status: filterOf(e.currentTarget.value) })}
              data={filterOptions}
              w="100%"
            />
          ) : (
            <SegmentedControl
              aria-label="Status"
              value={status}
              onChange={(value) => go({ status: filterOf(value) })}
              data={filterOptions}
            />
          )}
        </Group>
        <ListResults
          query={list}
          rows={plans}
          noun="recurring plans"
          filtered={filtered}
          onClear={() => {
            setText('');
            go({ status: 'all', q: '' });
          }}
          noMatchTitle="No plans match"
          noMatchHint="Try another search or status."
          mobile={mobile}
          skeleton={{ rows: 4, rowHeight: 36 }}
          empty={{
            icon: <Repeat size={28} aria-hidden color="var(--mantine-color-dimmed)" />,
            title: ENTRY.emptyTitle || 'No recurring plans yet',
            hint: 'A plan starts when a donor chooses a monthly, quarterly or yearly gift on a donation form.',
          }}
        >
          {(rows) => (mobile ? <PlanCards plans={rows} /> : <PlanTable plans={rows} />)}
        </ListResults>
        <ListPager
          page={page}
          pages={pages}
          onChange={(value) => go({ page: value })}
          mobile={mobile}
          caption={false}
        />
      </PageFrame>
    </div>
  );
}
