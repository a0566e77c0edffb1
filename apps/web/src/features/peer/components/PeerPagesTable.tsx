import type { TPeerStaffRow } from '@kindling/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import { toast } from '../../../shared/toast.ts';
import { RichTextBox, useRichTextEditor } from '../../../system/rich-text/index.ts';
import { peerApi, peerKeys } from '../api/peer.queries.ts';
import { STATE_LABELS } from './PageSummary.tsx';

type SortKey = 'title' | 'fundraiser' | 'raised_minor' | 'gifts' | 'created_at';
const COLUMNS: Array<{ key: SortKey; label: string }> = [
  { key: 'title', label: 'Page' },
  { key: 'fundraiser', label: 'Fundraiser' },
  { key: 'raised_minor', label: 'Raised' },
  { key: 'gifts', label: 'Gifts' },
  { key: 'created_at', label: 'Created' },
];

const ACTIONS: Record<string, string> = {
  approve: 'Approve',
  feature: 'Feature',
  unfeature: 'Stop featuring',
  hide: 'Hide',
  show: 'Show again',
  remove: 'Remove (gifts stay with the campaign)',
};

const actionsFor = (row: TPeerStaffRow) =>
  [
    row.state === 'pending' && 'approve',
    row.featured ? 'unfeature' : 'feature',
    row.state === 'live' && 'hide',
    row.state === 'hidden' && 'show',
    'remove',
  ].filter((a): a is string => typeof a === 'string');

function TextModal({ campaignId, row, onClose }: { campaignId: number; row: TPeerStaffRow; onClose: () => void }) {
  const client = useQueryClient();
  const [title, setTitle] = useState(row.title);
  // fin16: the page's current story in the rich-text editor; saving only the title no longer empties it.
  const [story, setStory] = useState(row.story);
  const editor = useRichTextEditor({
    html: row.story,
    editable: true,
    label: 'Story',
    onChange: setStory,
    onReady: () => {},
  });
  const save = useMutation({
    mutationFn: () => peerApi.editText(campaignId, row.id, { title, story }),
    onSuccess: () => {
      toast('green', 'The page’s text is saved.');
      void client.invalidateQueries({ queryKey: peerKeys.all });
      onClose();
    },
  });
  const error = save.isError ? describeFormError(save.error, 'The text could not be saved.') : null;
  return (
    <Modal opened onClose={onClose} title={`Edit the text of ${row.title}`}>
      <Stack>
        <FormAlert message={error?.message ?? null} />
        <TextInput
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={error?.fields.title}
        />
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500}>
            Story
          </Text>
          <Text size="xs" c="dimmed">
            Replaces the fundraiser's story; it is cleaned when saved. The change is audited.
          </Text>
          <RichTextBox editor={editor} />
        </Stack>
        <Button onClick={() => save.mutate()} loading={save.isPending} w="fit-content">
          Save text
        </Button>
      </Stack>
    </Modal>
  );
}

type Props = { campaignId: number; rows: TPeerStaffRow[]; currency: string; canEdit: boolean };

/** The campaign's fundraiser pages: search, sort by any column, and staff decisions per page. */
export function PeerPagesTable({ campaignId, rows, currency, canEdit }: Props) {
  const format = useFormat();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'raised_minor', desc: true });
  const [editing, setEditing] = useState<TPeerStaffRow | null>(null);
  const act = useMutation({
    mutationFn: ({ row, action }: { row: TPeerStaffRow; action: string }) => peerApi.act(campaignId, row.id, action),
    onSuccess: () => void client.invalidateQueries({ queryKey: peerKeys.all }),
    onError: (error) => toast('red', describeFormError(error, 'The page could not be changed.').message ?? ''),
  });
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = rows.filter((r) => !q || `${r.title} ${r.fundraiser} ${r.campaign_url}`.toLowerCase().includes(q));
    const dir = sort.desc ? -1 : 1;
    return [...list].sort((a, b) => {
      const x = a[sort.key];
      const y = b[sort.key];
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * dir;
    });
  }, [rows, search, sort]);
  return (
    <Stack gap="sm">
      <TextInput
        label="Search fundraisers"
        leftSection={<Search size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
      />
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <Table.Th
                  key={c.key}
                  aria-sort={sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : undefined}
                >
                  <UnstyledButton
                    fw={600}
                    fz="sm"
                    onClick={() => setSort({ key: c.key, desc: sort.key === c.key ? !sort.desc : c.key !== 'title' })}
                  >
                    <Group gap={4} wrap="nowrap">
                      {c.label}
                      {sort.key === c.key &&
                        (sort.desc ? <ArrowDown size={14} aria-hidden /> : <ArrowUp size={14} aria-hidden />)}
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              ))}
              <Table.Th>State</Table.Th>
              {canEdit && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Anchor href={`/raise/${row.campaign_url}`} target="_blank" size="sm">
                    {row.title}
                  </Anchor>
                  {row.featured && (
                    <Badge ml="xs" size="xs" variant="filled" color="dark.6">
                      Featured
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{row.fundraiser || '—'}</Table.Td>
                <Table.Td>{format.money(row.raised_minor, currency)}</Table.Td>
                <Table.Td>{format.count(row.gifts)}</Table.Td>
                <Table.Td>{format.date(row.created_at)}</Table.Td>
                <Table.Td>{STATE_LABELS[row.state]}</Table.Td>
                {canEdit && (
                  <Table.Td>
                    {row.state !== 'removed' && (
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <Button size="xs" variant="default" aria-label={`Actions for ${row.title}`}>
                            Actions
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => setEditing(row)}>Edit text</Menu.Item>
                          {actionsFor(row).map((action) => (
                            <Menu.Item
                              key={action}
                              color={action === 'remove' ? 'red' : undefined}
                              onClick={() => act.mutate({ row, action })}
                            >
                              {ACTIONS[action]}
                            </Menu.Item>
                          ))}
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && <TextModal campaignId={campaignId} row={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
