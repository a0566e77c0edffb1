import { SIGN_IN_REASON_LABELS } from '@kindling/contracts';
import { Badge, Group, Pagination, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { useFormat } from '../../../shared/format.ts';
import { securityQueries } from '../api/security.queries.ts';
import { pageControlLabel } from './format.ts';

/** Sign-ins of the organisation's members, failures first to the eye (docs/product/security.md#sign-in-history). */
export function SignInHistory({ npoId }: { npoId: number | null }) {
  const [page, setPage] = useState(1);
  const format = useFormat();
  const [outcome, setOutcome] = useState<'all' | 'failed'>('all');
  const history = useQuery(securityQueries.signIns(npoId, page, outcome));
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / history.data.per_page)) : 1;
  return (
    <Stack gap="xs" component="section" aria-labelledby="security-sign-ins">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" id="security-sign-ins">
          Sign-in history
        </Title>
        <SegmentedControl
          aria-label="Which sign-ins"
          value={outcome}
          onChange={(v) => {
            setOutcome(v === 'failed' ? 'failed' : 'all');
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'failed', label: 'Failures' },
          ]}
        />
      </Group>
      <FormAlert message={history.isError ? history.error.message : null} />
      {history.data && history.data.attempts.length === 0 ? <Text c="dimmed">No sign-ins to show.</Text> : null}
      {history.data && history.data.attempts.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Sign-in history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Member</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Device</Table.Th>
                <Table.Th>Address</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.attempts.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{format.dateTime(a.at)}</Table.Td>
                  <Table.Td>{a.member ?? a.email}</Table.Td>
                  <Table.Td>
                    {a.succeeded ? (
                      <Badge color="green.9" variant="light">
                        Signed in
                      </Badge>
                    ) : (
                      <Badge color="red.9" variant="light">
                        Failed: {SIGN_IN_REASON_LABELS[a.reason ?? ''] ?? a.reason}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{a.device}</Table.Td>
                  <Table.Td>{a.ip ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          aria-label="Sign-in history pages"
          getControlProps={pageControlLabel}
        />
      ) : null}
    </Stack>
  );
}
