import { Alert, Anchor, Button, Group, Pagination, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { consoleQueries } from '../api/console.queries.ts';
import { CreateOrganisationDialog } from '../components/CreateOrganisationDialog.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';

const ENTRY = pageEntry('/console/organizations') ?? {
  title: 'Organisations',
  section: 'Console',
  description: '',
  emptyTitle: '',
};

/** /console/organizations: every organisation, newest first, with its status and money. */
export function ConsoleOrganisationsPage() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [search] = useDebouncedValue(q, 300);
  const list = useQuery(consoleQueries.organisations(page, search, status));
  const format = useFormat();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.per_page)) : 1;
  const [creating, setCreating] = useState(false);
  return (
    <PageFrame
      entry={ENTRY}
      actions={
        <Button size="xs" onClick={() => setCreating(true)}>
          Create organisation
        </Button>
      }
    >
      <CreateOrganisationDialog opened={creating} onClose={() => setCreating(false)} />
      <Group align="flex-end">
        <TextInput
          label="Search"
          placeholder="Name or address"
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label="Status"
          data={[
            { value: '', label: 'Any status' },
            { value: 'active', label: 'Active' },
            { value: 'suspended', label: 'Suspended' },
            { value: 'closed', label: 'Closed' },
          ]}
          value={status}
          onChange={(v) => {
            setStatus(v ?? '');
            setPage(1);
          }}
          allowDeselect={false}
        />
      </Group>
      {list.error ? (
        <Alert color="red" role="alert" title="Organisations could not be loaded">
          {list.error.message}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={760}>
        <Table striped aria-label="Organisations" aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Organisation</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Processors</Table.Th>
              <Table.Th>Members</Table.Th>
              <Table.Th>Processed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.organisations.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/console/organizations/${o.id}`}>
                    {o.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={o.status} verified={o.verified} />
                </Table.Td>
                <Table.Td>{format.date(o.created_at)}</Table.Td>
                <Table.Td>
                  {o.processors.length > 0
                    ? o.processors.map((p) => (p === 'stripe' ? 'Stripe' : 'PayPal')).join(', ')
                    : 'None'}
                </Table.Td>
                <Table.Td>{format.count(o.members)}</Table.Td>
                <Table.Td>{format.money(o.processed_minor, o.base_currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data && list.data.total === 0 ? <Text c="dimmed">No organisation matches.</Text> : null}
      {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" /> : null}
    </PageFrame>
  );
}
