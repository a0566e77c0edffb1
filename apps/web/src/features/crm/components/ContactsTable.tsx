import {
  CONTACT_TYPE_LABELS,
  type TContactColumn,
  type TContactField,
  type TContactSort,
  type TContactSummary,
} from '@kindling/contracts';
import { Anchor, Badge, Card, Checkbox, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';

type Sort = { by: TContactSort; direction: 'asc' | 'desc'; onChange: (by: TContactSort, d: 'asc' | 'desc') => void };
type Selection = { ids: Set<number>; toggle: (id: number) => void; setAll: (on: boolean) => void };

export const recordLink = (id: number) => `/dashboard/crm/contacts?contact=${id}`;

function SortHeader({ label, by, sort }: { label: string; by: TContactSort; sort: Sort }) {
  const active = sort.by === by;
  const next = active && sort.direction === 'asc' ? 'desc' : 'asc';
  const Icon = !active ? ArrowUpDown : sort.direction === 'desc' ? ArrowDown : ArrowUp;
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'desc' ? 'descending' : 'ascending') : undefined}>
      <UnstyledButton onClick={() => sort.onChange(by, next)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={12} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function Tags({ tags }: { tags: string[] }) {
  return (
    <Group gap={4}>
      {tags.map((t) => (
        <Badge key={t} variant="light" size="sm" radius="sm">
          {t}
        </Badge>
      ))}
    </Group>
  );
}

const fieldText = (v: string | number | boolean | null | undefined) =>
  v === undefined || v === null ? '—' : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v);

type Props = {
  contacts: TContactSummary[];
  columns: TContactColumn[];
  fields: TContactField[];
  currency: string;
  sort: Sort;
  selection: Selection;
  /** seg20: actions at the end of each row (a segment's members: "Create task"). */
  rowAction?: (contact: TContactSummary) => ReactNode;
};

/** The contacts as a table (wide screens): the chosen columns, a checkbox per row for bulk actions. */
export function ContactsTable({ contacts, columns, fields, currency, sort, selection, rowAction }: Props) {
  const format = useFormat();
  const shows = (c: TContactColumn) => columns.includes(c);
  const all = contacts.length > 0 && contacts.every((c) => selection.ids.has(c.id));
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select every contact on this page"
                checked={all}
                onChange={(e) => selection.setAll(e.currentTarget.checked)}
              />
            </Table.Th>
            <SortHeader label="Name" by="name" sort={sort} />
            {shows('email') && <Table.Th>E-mail</Table.Th>}
            {shows('type') && <Table.Th>Type</Table.Th>}
            {shows('tags') && <Table.Th>Tags</Table.Th>}
            {shows('owner') && <Table.Th>Owner</Table.Th>}
            {shows('household') && <Table.Th>Household</Table.Th>}
            {shows('lifetime_total') && <SortHeader label="Lifetime total" by="lifetime_total" sort={sort} />}
            {shows('last_gift') && <SortHeader label="Last gift" by="last_gift" sort={sort} />}
            {shows('custom_fields') && fields.map((f) => <Table.Th key={f.id}>{f.label}</Table.Th>)}
            {rowAction ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contacts.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${c.name}`}
                  checked={selection.ids.has(c.id)}
                  onChange={() => selection.toggle(c.id)}
                />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={recordLink(c.id)} fw={500}>
                  {c.name}
                </Anchor>
              </Table.Td>
              {shows('email') && <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.email || '—'}</Table.Td>}
              {shows('type') && <Table.Td>{CONTACT_TYPE_LABELS[c.contact_type]}</Table.Td>}
              {shows('tags') && (
                <Table.Td>
                  <Tags tags={c.tags} />
                </Table.Td>
              )}
              {shows('owner') && <Table.Td>{c.owner?.name ?? '—'}</Table.Td>}
              {shows('household') && <Table.Td>{c.household?.name ?? '—'}</Table.Td>}
              {shows('lifetime_total') && <Table.Td>{format.money(c.lifetime_total_minor, currency)}</Table.Td>}
              {shows('last_gift') && <Table.Td>{format.date(c.last_gift_at)}</Table.Td>}
              {shows('custom_fields') &&
                fields.map((f) => <Table.Td key={f.id}>{fieldText(c.custom_fields[String(f.id)])}</Table.Td>)}
              {rowAction ? <Table.Td>{rowAction(c)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The contacts as cards (narrow screens). */
export function ContactCards({ contacts, currency, selection, rowAction }: Omit<Props, 'columns' | 'fields' | 'sort'>) {
  const format = useFormat();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {contacts.map((c) => (
        <Card key={c.id} withBorder radius="md" padding="sm" component="li">
          <Group align="flex-start" wrap="nowrap">
            <Checkbox
              aria-label={`Select ${c.name}`}
              checked={selection.ids.has(c.id)}
              onChange={() => selection.toggle(c.id)}
              mt={4}
            />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={recordLink(c.id)} fw={600}>
                {c.name}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[CONTACT_TYPE_LABELS[c.contact_type], c.email].filter(Boolean).join(' · ')}
              </Text>
              <Text size="sm">Lifetime {format.money(c.lifetime_total_minor, currency)}</Text>
              <Tags tags={c.tags} />
              {rowAction?.(c)}
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
