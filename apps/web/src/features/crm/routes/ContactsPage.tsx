import { CONSTANTS, canReach } from '@kindling/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, Plus, Upload, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { ListPager, ListResults, ListSearchInput, useListUrlState } from '../../../system/list/index.ts';
import { CONTACTS_PAGE_SIZE, contactQueries } from '../api/contacts.queries.ts';
import { BulkActions } from '../components/BulkActions.tsx';
import { ContactFilters } from '../components/ContactFilters.tsx';
import { ContactCards, ContactsTable, recordLink } from '../components/ContactsTable.tsx';
import { NewContactModal } from '../components/NewContactModal.tsx';
import { SavedViews } from '../components/SavedViews.tsx';
import {
  activeContactFilters,
  clearedContactState,
  contactListQuery,
  readContactListState,
  stateOfView,
  writeContactListState,
} from '../list-params.ts';
import { ContactRecord } from './ContactRecord.tsx';

const ENTRY = pageEntry('/dashboard/crm/contacts') ?? {
  title: 'Contacts',
  section: 'CRM',
  description: '',
  emptyTitle: '',
};
const URL_STATE = { read: readContactListState, write: writeContactListState, cleared: clearedContactState };

function exportHref(query: Record<string, string | number>) {
  const url = new URL(`${CONSTANTS.apiBase}/npo_admin/contacts/export`, window.location.origin);
  for (const [k, v] of Object.entries(query)) if (k !== 'page') url.searchParams.set(k, String(v));
  return url.pathname + url.search;
}

/** /dashboard/crm/contacts: every contact (donors and those who have not given), or one contact's record (?contact=). */
export function ContactsPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const options = useQuery(contactQueries.options(npoId));
  const contactId = Number(params.get('contact') ?? 0);
  if (contactId > 0) {
    return (
      <PageFrame entry={ENTRY}>
        <ContactRecord npoId={npoId} id={contactId} options={options.data} />
      </PageFrame>
    );
  }
  return <ContactList npoId={npoId} options={options.data} canShare={canReach('admin', session.role)} />;
}

function ContactList({
  npoId,
  options,
  canShare,
}: {
  npoId: number | null;
  options: Parameters<typeof ContactFilters>[0]['options'];
  canShare: boolean;
}) {
  const format = useFormat();
  const navigate = useNavigate();
  const { state, update, clear, searchText, setSearchText } = useListUrlState(URL_STATE);
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const list = useQuery({ ...contactQueries.list(npoId, state), placeholderData: keepPreviousData });
  const views = useQuery(contactQueries.views(npoId));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [adding, setAdding] = useState(false);
  const rows = list.data?.contacts ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE));
  const currency = list.data?.currency ?? 'USD';
  const selection = {
    ids: selected,
    toggle: (id: number) =>
      setSelected((s) => {
        const next = new Set(s);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    setAll: (on: boolean) => setSelected(on ? new Set(rows.map((r) => r.id)) : new Set()),
  };
  return (
    <PageFrame
      entry={ENTRY}
      actions={
        <Group gap="xs">
          <Button
            component="a"
            href={exportHref(contactListQuery(state))}
            variant="default"
            leftSection={<Download size={14} aria-hidden />}
          >
            Export CSV
          </Button>
          {canShare && (
            <Button
              component={Link}
              to="/dashboard/crm/contacts/import"
              variant="default"
              leftSection={<Upload size={14} aria-hidden />}
            >
              Import CSV
            </Button>
          )}
          <Button leftSection={<Plus size={14} aria-hidden />} onClick={() => setAdding(true)}>
            New contact
          </Button>
        </Group>
      }
    >
      <Stack gap="sm">
        <SavedViews
          npoId={npoId}
          views={views.data?.views ?? []}
          state={state}
          canShare={canShare}
          onApply={(view) => {
            setSelected(new Set());
            if (view) {
              setSearchText(view.config.filters.search ?? '');
              update(stateOfView(view.id, view.config));
            } else clear();
          }}
        />
        <ListSearchInput
          label="Search contacts"
          placeholder="Search name, e-mail or postcode"
          value={searchText}
          onChange={setSearchText}
        />
        <ContactFilters state={state} options={options} collapsible={mobile} onChange={update} onClear={clear} />
      </Stack>
      {selected.size > 0 ? (
        <BulkActions ids={[...selected]} team={options?.team ?? []} onDone={() => setSelected(new Set())} />
      ) : null}
      <Text size="sm" c="dimmed" aria-live="polite">
        {list.data
          ? list.data.total_capped
            ? `More than ${format.count(total)} contacts`
            : `${format.count(total)} contact${total === 1 ? '' : 's'}`
          : ''}
      </Text>
      <ListResults
        query={list}
        rows={rows}
        noun="contacts"
        filtered={activeContactFilters(state) > 0 || state.search !== ''}
        onClear={clear}
        mobile={mobile}
        empty={{
          icon: <Users size={28} aria-hidden color="var(--mantine-color-dimmed)" />,
          title: ENTRY.emptyTitle || 'No contacts to show yet',
          hint: 'Everyone who gives appears here; add prospects, volunteers and partners with New contact.',
        }}
      >
        {(shown) =>
          mobile ? (
            <ContactCards contacts={shown} currency={currency} selection={selection} />
          ) : (
            <ContactsTable
              contacts={shown}
              columns={state.columns}
              fields={options?.fields ?? []}
              currency={currency}
              selection={selection}
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
      <NewContactModal
        opened={adding}
        options={options}
        onClose={() => setAdding(false)}
        onCreated={(id) => {
          setAdding(false);
          navigate(recordLink(id));
        }}
      />
    </PageFrame>
  );
}
