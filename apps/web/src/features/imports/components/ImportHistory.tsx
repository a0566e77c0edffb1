import type { TImportSummary } from '@kindling/contracts';
import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { ListPanel } from '../../../system/list/index.ts';
import { importQueries } from '../api/imports.queries.ts';
import { ErrorsLink, ImportFailedAlert, ImportStatusBadge, moving } from './import-bits.tsx';

function Rows({ list }: { list: TImportSummary[] }) {
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label="Past imports">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>File</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Imported</Table.Th>
            <Table.Th>Failed</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.flatMap((s) => [
            <Table.Tr key={s.id}>
              <Table.Td>{format.dateTime(s.created_at)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.file_name}</Table.Td>
              <Table.Td>{s.created_by ?? '—'}</Table.Td>
              <Table.Td>{format.count(s.imported_count)}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Text size="sm">{format.count(s.failed_count)}</Text>
                  <ErrorsLink summary={s} />
                </Group>
              </Table.Td>
              <Table.Td>
                <ImportStatusBadge status={s.status} />
              </Table.Td>
            </Table.Tr>,
            s.status === 'failed' ? (
              <Table.Tr key={`${s.id}-failure`}>
                <Table.Td colSpan={6}>
                  <ImportFailedAlert summary={s} compact />
                </Table.Td>
              </Table.Tr>
            ) : null,
            s.status === 'refused' ? (
              <Table.Tr key={`${s.id}-refused`}>
                <Table.Td colSpan={6}>
                  <Text size="sm" c="red.8">
                    {s.failure_message}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null,
          ])}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Cards({ list }: { list: TImportSummary[] }) {
  const format = useFormat();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Past imports">
      {list.map((s) => (
        <Card key={s.id} withBorder radius="md" p="sm" component="li">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {s.file_name}
              </Text>
              <Text size="sm">
                {format.count(s.imported_count)} imported · {format.count(s.failed_count)} failed
              </Text>
              <Text size="xs" c="dimmed">
                {format.dateTime(s.created_at)}
                {s.created_by ? ` · ${s.created_by}` : ''}
              </Text>
              <ErrorsLink summary={s} />
            </Stack>
            <ImportStatusBadge status={s.status} />
          </Group>
          {s.status === 'failed' && (
            <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
              <ImportFailedAlert summary={s} compact />
            </div>
          )}
          {s.status === 'refused' && (
            <Text size="sm" c="red.8" mt="xs">
              {s.failure_message}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}

/** Past imports, newest first: who, when, the file, how many rows went in and how many failed. */
export function ImportHistory() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const query = useQuery({
    ...importQueries.list(npoId),
    // A checking, queued or running import moves on by itself: keep its row current.
    refetchInterval: (q) => (q.state.data?.some((s) => moving(s.status)) ? 2000 : false),
  });
  const list = query.data ?? [];
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Past imports
      </Title>
      <ListPanel
        query={query}
        count={list.length}
        noun="imports"
        mobile={mobile}
        skeletonHeight={160}
        empty={{
          icon: <History size={28} aria-hidden color="var(--mantine-color-dimmed)" />,
          title: 'No imports yet',
          hint: 'Files you import appear here with their counts.',
        }}
      >
        {mobile ? <Cards list={list} /> : <Rows list={list} />}
      </ListPanel>
    </Stack>
  );
}
