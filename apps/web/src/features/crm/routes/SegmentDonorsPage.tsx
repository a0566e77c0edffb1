import { CONSTANTS, type TContactSort, type TContactSummary } from '@kindling/contracts';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Download, ListTodo, Pencil, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { toast } from '../../../shared/toast.ts';
import { ListMessage, ListPager, ListResults } from '../../../system/list/index.ts';
import {
  removeSegmentMember,
  SEGMENT_PAGE_SIZE,
  type SegmentDonorsState,
  segmentKeys,
  segmentQueries,
} from '../api/segments.queries.ts';
import { ContactCards, ContactsTable } from '../components/ContactsTable.tsx';
import { SegmentEditor } from '../components/SegmentEditor.tsx';
import { StaticListAdd } from '../components/StaticListAdd.tsx';
import { useRuleChoices } from './SegmentsPage.tsx';

const ENTRY = pageEntry('/dashboard/crm/segments/:segmentId/donors') ?? {
  title: 'Segment donors',
  section: 'CRM',
  description: '',
  emptyTitle: '',
};
const COLUMNS = ['email', 'type', 'tags', 'lifetime_total', 'last_gift'] as const;
const SORTS: TContactSort[] = ['name', 'created', 'lifetime_total', 'last_gift'];

/** Where a row's "Create task" goes: the tasks screen, for that contact. */
export const createTaskLink = (contactId: number) => `/dashboard/crm/tasks?contact=${contactId}`;

function readState(params: URLSearchParams): SegmentDonorsState {
  const sort = params.get('sort') as TContactSort | null;
  const page = Number(params.get('page') ?? 1);
  return {
    sort: sort && SORTS.includes(sort) ? sort : 'name',
    direction: params.get('direction') === 'desc' ? 'desc' : 'asc',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** /dashboard/crm/segments/{segmentId}/donors: one segment's members, paged and sorted, with export. */
export function SegmentDonorsPage() {
  const { segmentId } = useParams();
  const id = Number(segmentId);
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const format = useFormat();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const update = (next: Partial<SegmentDonorsState>) =>
    setParams(Object.fromEntries(Object.entries({ ...state, page: 1, ...next }).map(([k, v]) => [k, String(v)])));
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const segment = useQuery(segmentQueries.one(npoId, id));
  const members = useQuery({ ...segmentQueries.donors(npoId, id, state), placeholderData: keepPreviousData });
  const choices = useRuleChoices(npoId);
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const refresh = () => client.invalidateQueries({ queryKey: segmentKeys.all });
  const remove = useMutation({
    mutationFn: async (ids: number[]) => {
      for (const contactId of ids) await removeSegmentMember(id, contactId);
    },
    onSuccess: async () => {
      setSelected(new Set());
      await refresh();
      toast('green', 'Removed from the list.');
    },
  });
  const rows = members.data?.contacts ?? [];
  const total = members.data?.total ?? 0;
  const currency = members.data?.currency ?? 'USD';
  const isStatic = segment.data?.kind === 'static';
  const selection = {
    ids: selected,
    toggle: (contactId: number) =>
      setSelected((s) => {
        const next = new Set(s);
        if (!next.delete(contactId)) next.add(contactId);
        return next;
      }),
    setAll: (on: boolean) => setSelected(on ? new Set(rows.map((r) => r.id)) : new Set()),
  };
  // A slot for each row's actions: for now, a task about this contact on the tasks screen.
  const rowAction = (c: TContactSummary) => (
    <Anchor component={Link} to={createTaskLink(c.id)} size="sm" aria-label={`Create task for ${c.name}`}>
      <Group gap={4} wrap="nowrap">
        <ListTodo size={14} aria-hidden />
        Create task
      </Group>
    </Anchor>
  );
  if (segment.isError) {
    return (
      <PageFrame entry={ENTRY}>
        <ListMessage
          title="Segment not found"
          hint="It may have been deleted, or it belongs to another organisation."
          action={
            <Anchor component={Link} to="/dashboard/crm/segments">
              Back to segments
            </Anchor>
          }
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame
      entry={{
        ...ENTRY,
        title: segment.data?.name ?? ENTRY.title,
        description: segment.data?.description || ENTRY.description,
      }}
      actions={
        <Group gap="xs">
          <Button
            component="a"
            href={`${CONSTANTS.apiBase}/npo_admin/segments/${id}/donors/export`}
            variant="default"
            leftSection={<Download size={14} aria-hidden />}
          >
            Export CSV
          </Button>
          <Button
            variant="light"
            leftSection={<Pencil size={14} aria-hidden />}
            onClick={() => setEditing(true)}
            disabled={!segment.data}
          >
            Edit segment
          </Button>
        </Group>
      }
    >
      <Stack gap="sm">
        <Anchor component={Link} to="/dashboard/crm/segments" size="sm">
          <Group gap={4}>
            <ArrowLeft size={14} aria-hidden />
            All segments
          </Group>
        </Anchor>
        {isStatic ? <StaticListAdd npoId={npoId} segmentId={id} onAdded={refresh} /> : null}
        <Text size="sm" c="dimmed" aria-live="polite">
          {members.data
            ? `${format.count(total)}${members.data.total_capped ? '+' : ''} contact${total === 1 ? '' : 's'}`
            : ''}
        </Text>
        {isStatic && selected.size > 0 ? (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate([...selected])}
            >
              Remove {format.count(selected.size)} from the list
            </Button>
          </Group>
        ) : null}
      </Stack>
      <ListResults
        query={members}
        rows={rows}
        noun="contacts"
        filtered={false}
        onClear={() => undefined}
        mobile={mobile}
        empty={{
          icon: <Users size={28} aria-hidden color="var(--mantine-color-dimmed)" />,
          title: ENTRY.emptyTitle || 'No donors to show yet',
          hint: isStatic ? 'Add contacts to this list above.' : 'No contact matches these rules right now.',
        }}
      >
        {(shown) =>
          mobile ? (
            <ContactCards contacts={shown} currency={currency} selection={selection} rowAction={rowAction} />
          ) : (
            <ContactsTable
              contacts={shown}
              columns={[...COLUMNS]}
              fields={[]}
              currency={currency}
              selection={selection}
              sort={{
                by: state.sort,
                direction: state.direction,
                onChange: (sort, direction) => update({ sort, direction }),
              }}
              rowAction={rowAction}
            />
          )
        }
      </ListResults>
      <ListPager
        page={state.page}
        pages={Math.max(1, Math.ceil(total / SEGMENT_PAGE_SIZE))}
        onChange={(page) => update({ page })}
        mobile={mobile}
      />
      {editing && segment.data ? (
        <SegmentEditor
          npoId={npoId}
          segment={segment.data}
          choices={choices}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      ) : null}
    </PageFrame>
  );
}
