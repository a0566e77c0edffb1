import type { TAuditQuery } from '@kindling/contracts';
import {
  Button,
  Code,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../../app/api-client.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { useFormat } from '../../../shared/format.ts';
import { securityApi, securityQueries } from '../api/security.queries.ts';
import { pageControlLabel } from './format.ts';

const PER_PAGE = 20;
const options = (values: string[]) => values.map((v) => ({ value: v, label: v }));

/** The organisation's audit log: filters (who, what, entity, dates), pages and the CSV export. */
export function AuditLog({ npoId }: { npoId: number | null }) {
  const [query, setQuery] = useState<TAuditQuery>({ page: 1, per_page: PER_PAGE });
  const format = useFormat();
  const log = useQuery(securityQueries.audit(npoId, query));
  const set = (patch: Partial<TAuditQuery>) => setQuery((q) => ({ ...q, ...patch, page: 1 }));
  const fields = log.error instanceof ApiError ? (log.error.body?.fields ?? {}) : {};
  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;
  return (
    <Stack gap="xs" component="section" aria-labelledby="security-audit">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" id="security-audit">
          Audit log
        </Title>
        <Button
          component="a"
          href={securityApi.exportUrl(query)}
          download
          variant="default"
          size="xs"
          leftSection={<Download size={14} aria-hidden />}
        >
          Export CSV
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" role="search" aria-label="Audit log filters">
        <Select
          label="Who"
          placeholder="Anyone"
          clearable
          data={(data?.actors ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
          value={query.actor_id ? String(query.actor_id) : null}
          onChange={(v) => set({ actor_id: v ? Number(v) : undefined })}
        />
        <Select
          label="Action"
          placeholder="Any action"
          clearable
          searchable
          data={options(data?.actions ?? [])}
          value={query.action ?? null}
          onChange={(v) => set({ action: v ?? undefined })}
        />
        <Select
          label="Entity"
          placeholder="Any entity"
          clearable
          data={options(data?.entities ?? [])}
          value={query.entity ?? null}
          onChange={(v) => set({ entity: v ?? undefined })}
        />
        <TextInput
          type="date"
          label="From"
          value={query.from ?? ''}
          onChange={(e) => set({ from: e.currentTarget.value || undefined })}
          error={fields.from}
        />
        <TextInput
          type="date"
          label="To"
          value={query.to ?? ''}
          onChange={(e) => set({ to: e.currentTarget.value || undefined })}
          error={fields.to}
        />
      </SimpleGrid>
      <FormAlert message={log.isError && Object.keys(fields).length === 0 ? log.error.message : null} />
      {data ? (
        <Text size="sm" c="dimmed" role="status">
          {data.total === 1 ? '1 entry' : `${data.total} entries`}
        </Text>
      ) : null}
      {data && data.entries.length > 0 ? (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Audit log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Entity</Table.Th>
                <Table.Th>Address</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{format.dateTime(e.at)}</Table.Td>
                  <Table.Td>{e.actor}</Table.Td>
                  <Table.Td>
                    <Code>{e.action}</Code>
                  </Table.Td>
                  <Table.Td>
                    {e.entity}
                    {e.entity_id ? ` #${e.entity_id}` : ''}
                  </Table.Td>
                  <Table.Td>{e.ip ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={query.page}
          onChange={(page) => setQuery((q) => ({ ...q, page }))}
          size="sm"
          aria-label="Audit log pages"
          getControlProps={pageControlLabel}
        />
      ) : null}
    </Stack>
  );
}
