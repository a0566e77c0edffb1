import { TEAM_ROLE_LABELS, type TTeamInvitation } from '@kindling/contracts';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { teamApi, teamKeys } from '../api/team.queries.ts';
import { toast } from '../toast.ts';

/** Pending invitations with resend (a new 7-day link) and revoke. */
export function InvitationsList({ invitations }: { invitations: TTeamInvitation[] }) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const format = useFormat();
  const client = useQueryClient();
  const act = useMutation({
    mutationFn: ({ run }: { run: () => Promise<unknown>; done: string }) => run(),
    onSuccess: async (_r, { done }) => {
      toast('green', done);
      await client.invalidateQueries({ queryKey: teamKeys.of(npoId) });
    },
    onError: (error) => toast('red', error.message, 'Nothing was changed'),
  });
  if (invitations.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="pending-invitations">
      <Title order={2} size="h4" id="pending-invitations">
        Pending invitations
      </Title>
      {invitations.map((i) => (
        <Paper key={i.id} withBorder radius="md" p="sm" component="article" aria-label={`Invitation to ${i.email}`}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                {i.email}
              </Text>
              <Text size="sm" c="dimmed">
                {TEAM_ROLE_LABELS[i.role_code] ?? i.role_name} ·{' '}
                {i.status === 'expired'
                  ? `expired ${format.date(i.expires_at)}`
                  : `valid until ${format.date(i.expires_at)}`}
              </Text>
            </Stack>
            <Group gap="xs">
              <Badge color={i.status === 'expired' ? 'gray' : 'blue'} variant="dot">
                {i.status === 'expired' ? 'Expired' : 'Invited'}
              </Badge>
              <Button
                size="xs"
                variant="light"
                onClick={() =>
                  act.mutate({ run: () => teamApi.resend(i.id), done: `Invitation sent again to ${i.email}.` })
                }
              >
                Resend
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() =>
                  act.mutate({ run: () => teamApi.revoke(i.id), done: `Invitation to ${i.email} revoked.` })
                }
              >
                Revoke
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
