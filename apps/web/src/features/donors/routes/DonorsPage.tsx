import { canReach } from '@kindling/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { ListPager, ListResults, ListSearchInput, useListUrlState } from '../../../system/list/index.ts';
import { DONORS_PAGE_SIZE, donorQueries } from '../api/donors.queries.ts';
import { DonorFilters } from '../components/DonorFilters.tsx';
import { DonorCards, DonorsTable } from '../components/DonorsTable.tsx';
import { GivingYearSelect } from '../components/GivingYearSelect.tsx';
import { activeDonorFilters, clearedDonorState, readDonorListState, writeDonorListState } from '../list-params.ts';

const ENTRY = pageEntry('/dashboard/donors') ?? {
  title: 'Donors',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

const URL_STATE = { read: readDonorListState, write: writeDonorListState, cleared: clearedDonorState };

/** /dashboard/donors: search, filters, sort and pages over the organisation's donors. */
export function DonorsPage() {
  const format = useFormat();
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const { state, update, clear, searchText, setSearchText } = useListUrlState(URL_STATE);
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const list = useQuery({ ...donorQueries.list(npoId, state), placeholderData: keepPreviousData });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DONORS_PAGE_SIZE));
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
        <ListSearchInput
          label="Search donors"
          placeholder="Search name, e-mail or postcode"
          value={searchText}
          onChange={setSearchText}
        />
        <DonorFilters state={state} currency={currency} collapsible={mobile} onChange={update} onClear={clear} />
      </Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data
            ? list.data.total_capped
              ? `More than ${format.count(total)} donors`
              : `${format.count(total)} donor${total === 1 ? '' : 's'}`
            : ''}
        </Text>
      </Group>
      <ListResults
        query={list}
        rows={list.data?.donors ?? []}
        noun="donors"
        filtered={activeDonorFilters(state) > 0 || state.search !== ''}
        onClear={clear}
        mobile={mobile}
        empty={{
          icon: <Users size={28} aria-hidden color="var(--mantine-color-dimmed)" />,
          title: ENTRY.emptyTitle || 'No donors to show yet',
          hint: 'Everyone who gives through your campaigns, or whose gift you record, appears here.',
        }}
      >
        {(rows) =>
          mobile ? (
            <DonorCards donors={rows} />
          ) : (
            <DonorsTable
              donors={rows}
              sort={{
                by: state.sort,
                direction: state.direction,
                onChange: (sort, direction) => update({ sort, direction }),
              }}
            />
          )
        }
      </ListResults>
      <ListPager page={state.page} pages={pages} onChange={(page) => update({ page })} mobile={mobile} />
    </PageFrame>
  );
}
