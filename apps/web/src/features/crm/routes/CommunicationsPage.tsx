import {
  COMMUNICATION_KIND_LABELS,
  COMMUNICATION_KINDS,
  type TCommunicationKind,
  type TCommunicationListQuery,
} from '@kindling/contracts';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BookOpen, MessagesSquare, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { ListPager, ListResults, ListSearchInput, useListUrlState } from '../../../system/list/index.ts';
import { communicationQueries } from '../api/communications.queries.ts';
import { useDeleteCommunication } from '../communications-hooks.ts';
import { CommunicationEntries } from '../components/CommunicationEntries.tsx';
import { LogCommunicationModal } from '../components/LogCommunicationModal.tsx';

const ENTRY = pageEntry('/dashboard/crm/communications') ?? {
  title: 'Communications',
  section: 'CRM',
  description: '',
  emptyTitle: '',
};

type State = { search: string; kind: TCommunicationKind | ''; contact: number; page: number };
const isKind = (v: string | null): v is TCommunicationKind => COMMUNICATION_KINDS.includes(v as TCommunicationKind);
const URL_STATE = {
  read: (p: URLSearchParams): State => ({
    search: p.get('search') ?? '',
    kind: isKind(p.get('kind')) ? (p.get('kind') as TCommunicationKind) : '',
    contact: Math.max(0, Number(p.get('contact')) || 0),
    page: Math.max(1, Number(p.get('page')) || 1),
  }),
  write: (s: State) => {
    const p = new URLSearchParams();
    if (s.search) p.set('search', s.search);
    if (s.kind) p.set('kind', s.kind);
    if (s.contact) p.set('contact', String(s.contact));
    if (s.page > 1) p.set('page', String(s.page));
    return p;
  },
  cleared: (): State => ({ search: '', kind: '', contact: 0, page: 1 }),
};

/** /dashboard/crm/communications: every e-mail, call, meeting, letter and note with contacts, newest first. */
export function CommunicationsPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const { state, update, clear, searchText, setSearchText } = useListUrlState(URL_STATE);
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const query: TCommunicationListQuery = {
    search: state.search || undefined,
    kind: state.kind || undefined,
    contact_id: state.contact || undefined,
    page: state.page,
  };
  const list = useQuery({ ...communicationQueries.list(npoId, query), placeholderData: keepPreviousData });
  const [logging, setLogging] = useState(false);
  const remove = useDeleteCommunication();
  const rows = list.data?.communications ?? [];
  return (
    <PageFrame
      entry={ENTRY}
      actions={
        <Group gap="xs">
          <Button
            component={Link}
            to="/dashboard/crm/communications-guide"
            variant="default"
            leftSection={<BookOpen size={14} aria-hidden />}
          >
            Guide
          </Button>
          <Button leftSection={<Plus size={14} aria-hidden />} onClick={() => setLogging(true)}>
            Log a contact
          </Button>
        </Group>
      }
    >
      <Stack gap="sm">
        <ListSearchInput
          label="Search communications"
          placeholder="Search what was written, or a contact's name or e-mail"
          value={searchText}
          onChange={setSearchText}
        />
        <Select
          label="Kind"
          placeholder="All kinds"
          clearable
          value={state.kind || null}
          data={COMMUNICATION_KINDS.map((k) => ({ value: k, label: COMMUNICATION_KIND_LABELS[k] }))}
          onChange={(v) => update({ kind: isKind(v) ? v : '' })}
          w={{ base: '100%', sm: 220 }}
        />
        {state.contact ? (
          <Group gap="xs">
            <Text size="sm">Showing one contact's communications.</Text>
            <Button size="compact-sm" variant="subtle" onClick={() => update({ contact: 0 })}>
              Show everyone's
            </Button>
          </Group>
        ) : null}
      </Stack>
      <ListResults
        query={list}
        rows={rows}
        noun="communications"
        filtered={state.search !== '' || state.kind !== '' || state.contact > 0}
        onClear={clear}
        mobile={mobile}
        empty={{
          icon: <MessagesSquare size={28} aria-hidden color="var(--mantine-color-dimmed)" />,
          title: ENTRY.emptyTitle || 'No communications logged yet',
          hint: 'Receipts and other e-mails appear here as they are sent; log calls, meetings and letters with Log a contact.',
        }}
      >
        {(shown) => <CommunicationEntries entries={shown} onDelete={remove.onDelete} deleting={remove.deleting} />}
      </ListResults>
      <ListPager
        page={state.page}
        pages={list.data?.has_more ? state.page + 1 : state.page}
        onChange={(page) => update({ page })}
        mobile={mobile}
        caption={false}
      />
      <LogCommunicationModal npoId={npoId} opened={logging} onClose={() => setLogging(false)} />
    </PageFrame>
  );
}
