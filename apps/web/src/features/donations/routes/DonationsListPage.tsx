import type { TDonationListPageOnly } from '@kindling/contracts';
import { Button, Pagination, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { HandCoins, Search, SearchX, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { ListMessage, RetryButton } from '../../campaigns/components/CampaignBits.tsx';
import { PageFrame } from '../../placeholder/PageFrame.tsx';
import { pageEntry } from '../../placeholder/page-catalog.ts';
import { DONATIONS_LIST_PAGE_SIZE, donationListQueries } from '../api/donation-list.queries.ts';
import { DonationFilters } from '../components/DonationFilters.tsx';
import { DonationCards, DonationsTable } from '../components/DonationsTable.tsx';
import { DonationTotals } from '../components/DonationTotals.tsx';
import { ExportButtons } from '../components/ExportButtons.tsx';
import {
  activeFilterCount,
  clearedState,
  type DonationListState,
  filterQuery,
  readListState,
  writeListState,
} from '../list-params.ts';

const ENTRY = pageEntry('/dashboard/donations') ?? {
  title: 'Donations',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

/** The search box writes ?search= after a pause; back/forward put the URL's value back in the box. */
function useSearchText(fromUrl: string, apply: (search: string) => void) {
  const [text, setText] = useState(fromUrl);
  const [debounced] = useDebouncedValue(text.trim(), 350);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed value settles
  useEffect(() => {
    if (debounced !== fromUrl) apply(debounced);
  }, [debounced]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the URL drives this
  useEffect(() => {
    if (fromUrl !== debounced) setText(fromUrl);
  }, [fromUrl]);
  return [text, setText] as const;
}

function ListSkeleton() {
  return (
    <Stack p="md" gap="sm" role="status" aria-label="Loading donations">
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} height={22} />
      ))}
    </Stack>
  );
}

type BodyInput = {
  list: UseQueryResult<TDonationListPageOnly>;
  state: DonationListState;
  mobile: boolean;
  onClear: () => void;
  onSort: (sort: DonationListState['sort'], order: DonationListState['order']) => void;
};

/** Loading, error with retry, no match, no donations at all, or the rows. */
function listBody({ list, state, mobile, onClear, onSort }: BodyInput): ReactNode {
  if (list.isPending) return <ListSkeleton />;
  if (list.isError && !list.data) {
    return (
      <ListMessage
        role="alert"
        icon={<TriangleAlert size={28} aria-hidden color="var(--mantine-color-red-6)" />}
        title="Donations could not be loaded"
        hint={list.error.message}
        action={<RetryButton onRetry={() => list.refetch()} loading={list.isFetching} />}
      />
    );
  }
  const rows = list.data?.donations ?? [];
  if (rows.length === 0 && (activeFilterCount(state) > 0 || state.search)) {
    return (
      <ListMessage
        icon={<SearchX size={28} aria-hidden color="var(--mantine-color-dimmed)" />}
        title="No donations match"
        hint="Try another search, or fewer filters."
        action={
          <Button variant="light" size="xs" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    );
  }
  if (rows.length === 0) {
    return (
      <ListMessage
        icon={<HandCoins size={28} aria-hidden color="var(--mantine-color-dimmed)" />}
        title={ENTRY.emptyTitle || 'No donations to show yet'}
        hint="Gifts made through your campaigns' forms will appear here as they arrive."
      />
    );
  }
  if (mobile) return <DonationCards donations={rows} linkRows showCampaign />;
  return (
    <DonationsTable
      donations={rows}
      linkRows
      showCampaign
      sort={{ by: state.sort, order: state.order, onChange: onSort }}
    />
  );
}

/** /dashboard/donations: the organisation's donations with filters, search, sort, totals and export. */
export function DonationsListPage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const update = (patch: Partial<DonationListState>) =>
    setParams(writeListState({ ...state, page: 1, ...patch }), { preventScrollReset: true });
  const clear = () => setParams(writeListState(clearedState(state)));
  const [searchText, setSearchText] = useSearchText(state.search, (search) => update({ search }));
  const list = useQuery({ ...donationListQueries.list(npoId, state), placeholderData: keepPreviousData });
  const totals = useQuery({ ...donationListQueries.totals(npoId, state), placeholderData: keepPreviousData });
  const options = useQuery(donationListQueries.filterOptions(npoId));
  const total = totals.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / DONATIONS_LIST_PAGE_SIZE));
  const hasRows = (list.data?.donations.length ?? 0) > 0;

  return (
    <PageFrame
      entry={ENTRY}
      actions={
        <ExportButtons
          filter={filterQuery(state)}
          disabled={!list.data || (list.data.donations.length === 0 && state.page === 1)}
        />
      }
    >
      <Stack gap="sm">
        <TextInput
          aria-label="Search donations"
          placeholder="Search donor name, e-mail, receipt number or reference"
          leftSection={<Search size={16} aria-hidden />}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          maw={560}
        />
        <DonationFilters
          state={state}
          options={options.data}
          collapsible={mobile}
          onChange={update}
          onClear={() => {
            setSearchText('');
            clear();
          }}
        />
      </Stack>
      <DonationTotals totals={totals.isError ? null : totals.data} stale={totals.isPlaceholderData} />
      <Paper
        withBorder={!(mobile && hasRows)}
        radius="md"
        style={{ overflow: 'hidden', opacity: list.isPlaceholderData ? 0.6 : 1 }}
        bg={mobile && hasRows ? 'transparent' : undefined}
        aria-busy={list.isFetching}
      >
        {listBody({ list, state, mobile, onClear: clear, onSort: (sort, order) => update({ sort, order }) })}
      </Paper>
      {pages > 1 ? (
        <Stack gap={4} align="center">
          <Pagination
            total={pages}
            value={Math.min(state.page, pages)}
            onChange={(page) => update({ page })}
            siblings={mobile ? 0 : 1}
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            getControlProps={(control) => ({ 'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page` })}
          />
          <Text size="xs" c="dimmed">
            Page {Math.min(state.page, pages)} of {pages}
          </Text>
        </Stack>
      ) : null}
    </PageFrame>
  );
}
