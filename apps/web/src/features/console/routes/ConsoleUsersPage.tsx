import type { TConsoleUser } from '@kindling/contracts';
import { Alert, Badge, Button, Group, Pagination, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { toast } from '../../../shared/toast.ts';
import { consoleApi, consoleKeys, consoleQueries, type UserAction } from '../api/console.queries.ts';
import { ReasonDialog } from '../components/ReasonDialog.tsx';

const ENTRY = pageEntry('/console/users') ?? { title: 'Users', section: 'Console', description: '', emptyTitle: '' };

const ACTIONS: Record<UserAction, { label: string; description: string; done: string }> = {
  reset_second_factor: {
    label: 'Reset two-step verification',
    description:
      'Removes their authenticator and backup codes; they sign in with the password alone and set it up again.',
    done: 'Two-step verification was reset.',
  },
  sign_out_everywhere: {
    label: 'Sign out everywhere',
    description: 'Ends every session of this account; each browser is asked to sign in again.',
    done: 'Signed out everywhere.',
  },
  lock: {
    label: 'Lock',
    description: 'Signs the account out and refuses every sign-in until unlocked.',
    done: 'Account locked.',
  },
  unlock: { label: 'Unlock', description: 'Lets the account sign in again.', done: 'Account unlocked.' },
  resend_verification: {
    label: 'Resend verification',
    description: 'E-mails a new link that confirms their address; older links stop working once it is used.',
    done: 'A new verification link was sent.',
  },
};

/** /console/users: every account, its organisations and its security state; no impersonation. */
export function ConsoleUsersPage() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [search] = useDebouncedValue(q, 300);
  const list = useQuery(consoleQueries.users(page, search));
  const queryClient = useQueryClient();
  const format = useFormat();
  const [pending, setPending] = useState<{ user: TConsoleUser; action: UserAction } | null>(null);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.per_page)) : 1;
  const chosen = pending ? ACTIONS[pending.action] : null;
  return (
    <PageFrame entry={ENTRY}>
      <TextInput
        label="Search"
        placeholder="Name or e-mail"
        value={q}
        maw={360}
        onChange={(e) => {
          setQ(e.currentTarget.value);
          setPage(1);
        }}
      />
      {list.error ? (
        <Alert color="red" role="alert" title="Users could not be loaded">
          {list.error.message}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={860}>
        <Table striped aria-label="Users" aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th>Organisations</Table.Th>
              <Table.Th>Last sign-in</Table.Th>
              <Table.Th>Security</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.users.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {u.name || u.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {u.email}
                  </Text>
                </Table.Td>
                <Table.Td>{u.memberships.map((m) => `${m.npo} (${m.role_name})`).join(', ') || '—'}</Table.Td>
                <Table.Td>{u.last_sign_in_at ? format.dateTime(u.last_sign_in_at) : 'Never'}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge variant={u.two_factor ? 'filled' : 'light'} color={u.two_factor ? 'teal.9' : 'gray'}>
                      {u.two_factor ? 'Two-step on' : 'Two-step off'}
                    </Badge>
                    {u.email_verified ? null : (
                      <Badge variant="outline" color="orange.9">
                        E-mail unverified
                      </Badge>
                    )}
                    {u.locked ? <Badge color="red.9">Locked</Badge> : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {u.two_factor ? (
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => setPending({ user: u, action: 'reset_second_factor' })}
                        aria-label={`Reset two-step verification of ${u.email}`}
                      >
                        Reset two-step
                      </Button>
                    ) : null}
                    {u.email_verified ? null : (
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => setPending({ user: u, action: 'resend_verification' })}
                        aria-label={`Resend verification to ${u.email}`}
                      >
                        Resend verification
                      </Button>
                    )}
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => setPending({ user: u, action: 'sign_out_everywhere' })}
                      aria-label={`Sign out ${u.email} everywhere`}
                    >
                      Sign out
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="light"
                      color={u.locked ? undefined : 'red'}
                      onClick={() => setPending({ user: u, action: u.locked ? 'unlock' : 'lock' })}
                      aria-label={`${u.locked ? 'Unlock' : 'Lock'} ${u.email}`}
                    >
                      {u.locked ? 'Unlock' : 'Lock'}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" /> : null}
      <ReasonDialog
        opened={pending !== null}
        title={chosen && pending ? `${chosen.label}: ${pending.user.email}` : ''}
        description={chosen?.description ?? ''}
        confirmLabel={chosen?.label ?? ''}
        danger={pending?.action === 'lock'}
        onClose={() => setPending(null)}
        onConfirm={async (reason) => {
          if (!pending || !chosen) return;
          await consoleApi.actOnUser(pending.user.id, pending.action, reason);
          toast('green', chosen.done);
          await queryClient.invalidateQueries({ queryKey: consoleKeys.all });
        }}
      />
    </PageFrame>
  );
}
