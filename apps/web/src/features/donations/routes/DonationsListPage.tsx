import { Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HandCoins } from 'lucide-react';
import { useCan, useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { ListPager, ListResults, ListSearchInput, useListUrlState } from '../../../system/list/index.ts';
import { DONATIONS_LIST_PAGE_SIZE, donationListQueries } from '../api/donation-list.queries.ts';
import { DonationFilters } from '../components/DonationFilters.tsx';
import { DonationCards, DonationsTable } from '../components/DonationsTable.tsx';
import { DonationTotals } from '../components/DonationTotals.tsx';
import { ExportButtons } from '../components/ExportButtons.tsx';
import { activeFilterCount, clearedState, filterQuery, readListState, writeListState } from '../list-params.ts';

const ENTRY = pageEntry('/dashboard/donations') ?? {
  title: 'Donations',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

const URL_STATE = { read: readListState, write: writeListState, cleared: clearedState };

/** /dashboard/donations: the organisation's donations with filters, search, sort, totals and export. */
export function DonationsListPage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const { state, update, clear, searchText, setSearchText } = useListUrlState(URL_STATE);
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const list = useQuery({ ...donationListQueries.list(npoId, state), placeholderData: keepPreviousData });
  const totals = useQuery({ ...donationListQueries.totals(npoId, state), placeholderData: keepPreviousData });
  const options = useQuery(donationListQueries.filterOptions(npoId));
  const total = totals.data?.count ?? 0;
  const canExport = useCan('donations.export');
  const pages = Math.max(1, Math.ceil(total / DONATIONS_LIST_PAGE_SIZE));

  return (
    <PageFrame
      entry={ENTRY}
      actions={
        canExport ? (
          <ExportButtons
            filter={filterQuery(state)}
            disabled={!list.data || (list.data.donations.length === 0 && state.page === 1)}
          />
        ) : null
      }
    >
      <Stack gap="sm">
        <ListSearchInput
          label="Search donations"
          placeholder="Search donor name, e-mail, receipt number or reference"
          value={searchText}
          onChange={setSearchText}
        />
        <DonationFilters state={state} options={options.data} collapsible={mobile} onChange={update} onClear={clear} />
      </Stack>
      <DonationTotals totals={totals.isError ? null : totals.data} stale={totals.isPlaceholderData} />
      <ListResults
        query={list}
        rows={list.data?.donations ?? []}
        noun="donations"
        filtered={activeFilterCount(state) > 0 || state.search !== ''}
        onClear={clear}
        mobile={mobile}
        empty={{
          icon: <HandCoins size={28} aria-hidden color="var(--mantine-color-dimmed)" />,
          title: ENTRY.emptyTitle || 'No donations to show yet',
          hint: "Gifts made through your campaigns' forms will appear here as they arrive.",
        }}
      >
        {(rows) =>
          mobile ? (
            <DonationCards donations={rows} linkRows showCampaign />
          ) : (
            <DonationsTable
              donations={rows}
              linkRows
              showCampaign
              sort={{ by: state.sort, order: state.order, onChange: (sort, order) => update({ sort, order }) }}
            />
          )
        }
      </ListResults>
      <ListPager page={state.page} pages={pages} onChange={(page) => update({ page })} mobile={mobile} />
    </PageFrame>
  );
}
