import type { TMemberSession } from '@kindling/contracts';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { useFormat } from '../../../shared/format.ts';
import { securityApi, securityKeys } from '../api/security.queries.ts';

/** Every member's live session in this organisation, each with a revoke that signs it out at once. */
export function SessionsList({ sessions, npoId }: { sessions: TMemberSession[]; npoId: number | null }) {
  const client = useQueryClient();
  const format = useFormat();
  const revoke = useMutation({
    mutationFn: (id: number) => securityApi.revokeSession(id),
    onSettled: () => client.invalidateQueries({ queryKey: securityKeys.of(npoId) }),
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="security-sessions">
      <Title order={2} size="h4" id="security-sessions">
        Active sessions
      </Title>
      <FormAlert message={revoke.isError ? revoke.error.message : null} />
      {sessions.length === 0 ? <Text c="dimmed">No one is signed in right now.</Text> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {sessions.map((s) => (
          <Paper key={s.id} withBorder radius="md" p="md" component="article" aria-label={`${s.member} on ${s.device}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600}>{s.member}</Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {s.email}
                  </Text>
                </Stack>
                {s.current ? <Badge variant="light">This session</Badge> : null}
              </Group>
              <Text size="sm">
                {s.device} · {s.ip ?? 'Unknown address'}
              </Text>
              <Text size="sm" c="dimmed">
                Signed in {format.dateTime(s.signed_in_at)} · Last seen {format.dateTime(s.last_seen_at)}
              </Text>
              {s.current ? null : (
                <Group>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    loading={revoke.isPending && revoke.variables === s.id}
                    onClick={() => revoke.mutate(s.id)}
                    aria-label={`Sign out ${s.member} on ${s.device}`}
                  >
                    Sign out
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
