import { canReach, type TDonorListResponse } from '@kindling/contracts';
import { Button, Group, Pagination, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Search, SearchX, TriangleAlert, Users } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { ListMessage, RetryButton } from '../../campaigns/components/CampaignBits.tsx';
import { PageFrame } from '../../placeholder/PageFrame.tsx';
import { pageEntry } from '../../placeholder/page-catalog.ts';
import { DONORS_PAGE_SIZE, donorQueries } from '../api/donors.queries.ts';
import { DonorFilters } from '../components/DonorFilters.tsx';
import { DonorCards, DonorsTable } from '../components/DonorsTable.tsx';
import { GivingYearSelect } from '../components/GivingYearSelect.tsx';
import {
  activeDonorFilters,
  clearedDonorState,
  type DonorListState,
  readDonorListState,
  writeDonorListState,
} from '../list-params.ts';

const ENTRY = pageEntry('/dashboard/donors') ?? {
  title: 'Donors',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

/** The search box writes ?search= after a pause; back/forward put the URL's value back. */
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

type BodyInput = {
  list: UseQueryResult<TDonorListResponse>;
  state: DonorListState;
  mobile: boolean;
  onClear: () => void;
  onSort: (sort: DonorListState['sort'], direction: DonorListState['direction']) => void;
};

function listBody({ list, state, mobile, onClear, onSort }: BodyInput): ReactNode {
  if (list.isPending) {
    return (
      <Stack p="md" gap="sm" role="status" aria-label="Loading donors">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={22} />
        ))}
      </Stack>
    );
  }
  if (list.isError && !list.data) {
    return (
      <ListMessage
        role="alert"
        icon={<TriangleAlert size={28} aria-hidden color="var(--mantine-color-red-6)" />}
        title="Donors could not be loaded"
        hint={list.error.message}
        action={<RetryButton onRetry={() => list.refetch()} loading={list.isFetching} />}
      />
    );
  }
  const rows = list.data?.donors ?? [];
  if (rows.length === 0 && (activeDonorFilters(state) > 0 || state.search)) {
    return (
      <ListMessage
        icon={<SearchX size={28} aria-hidden color="var(--mantine-color-dimmed)" />}
        title="No donors match"
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
        icon={<Users size={28} aria-hidden color="var(--mantine-color-dimmed)" />}
        title={ENTRY.emptyTitle || 'No donors to show yet'}
        hint="Everyone who gives through your campaigns, or whose gift you record, appears here."
      />
    );
  }
  if (mobile) return <DonorCards donors={rows} />;
  return <DonorsTable donors={rows} sort={{ by: state.sort, direction: state.direction, onChange: onSort }} />;
}

/** /dashboard/donors: search, filters, sort and pages over the organisation's donors. */
export function DonorsPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const [params, setParams] = useSearchParams();
  const state = readDonorListState(params);
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const update = (patch: Partial<DonorListState>) =>
    setParams(writeDonorListState({ ...state, page: 1, ...patch }), { preventScrollReset: true });
  const clear = () => setParams(writeDonorListState(clearedDonorState(state)));
  const [searchText, setSearchText] = useSearchText(state.search, (search) => update({ search }));
  const list = useQuery({ ...donorQueries.list(npoId, state), placeholderData: keepPreviousData });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DONORS_PAGE_SIZE));
  const hasRows = (list.data?.donors.length ?? 0) > 0;
  const currency = list.data?.currency ?? 'USD';

  return (
    <PageFrame
      entry={ENTRY}
      actions={
        list.data ? (
          <GivingYearSelect setting={list.data.giving_year} canEdit={canReach('admin', session.role)} />
        ) : null
      }
    >
      <Stack gap="sm">
        <TextInput
          aria-label="Search donors"
          placeholder="Search name, e-mail or postcode"
          leftSection={<Search size={16} aria-hidden />}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          maw={560}
        />
        <DonorFilters
          state={state}
          currency={currency}
          collapsible={mobile}
          onChange={update}
          onClear={() => {
            setSearchText('');
            clear();
          }}
        />
      </Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data
            ? list.data.total_capped
              ? `More than ${total.toLocaleString('en-US')} donors`
              : `${total.toLocaleString('en-US')} donor${total === 1 ? '' : 's'}`
            : ''}
        </Text>
      </Group>
      <Paper
        withBorder={!(mobile && hasRows)}
        radius="md"
        style={{ overflow: 'hidden', opacity: list.isPlaceholderData ? 0.6 : 1 }}
        bg={mobile && hasRows ? 'transparent' : undefined}
        aria-busy={list.isFetching}
      >
        {listBody({ list, state, mobile, onClear: clear, onSort: (sort, direction) => update({ sort, direction }) })}
      </Paper>
      {pages > 1 ? (
        <Stack gap={4} align="center">
          <Pagination
            total={pages}
            value={Math.min(state.page, pages)}
            onChange={(page) => update({ page })}
            siblings={mobile ? 0 : 1}
            getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
          />
          <Text size="xs" c="dimmed">
            Page {Math.min(state.page, pages)} of {pages}
          </Text>
        </Stack>
      ) : null}
    </PageFrame>
  );
}
