import { INVITABLE_ROLES, TEAM_ROLE_LABELS, type TTeamMember } from '@kindling/contracts';
import { Badge, Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { teamApi, teamKeys } from '../api/team.queries.ts';
import { toast } from '../toast.ts';
import { PermissionsChecklist } from './PermissionsChecklist.tsx';

const ROLE_OPTIONS = INVITABLE_ROLES.map((code) => ({ value: String(code), label: TEAM_ROLE_LABELS[code] ?? '' }));
const roleLabel = (m: TTeamMember) => TEAM_ROLE_LABELS[m.role_code] ?? m.role_name;

/** One member: who, role, second factor, last sign-in, status, and what an admin can change. */
export function MemberCard({ member }: { member: TTeamMember }) {
  const session = useSession();
  const format = useFormat();
  const npoId = session.selectedNpo?.id ?? null;
  const isSelf = session.userId === member.user_id;
  const client = useQueryClient();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [showPermissions, setShowPermissions] = useState(false);
  const who = member.name || member.email;
  const change = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.of(npoId) }),
    onError: (error) => toast('red', error.message, 'Nothing was changed'),
  });
  const suspended = member.status === 'suspended';
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={who}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>{who}</Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {member.email}
            </Text>
          </Stack>
          <Group gap={6}>
            <Badge variant="light">{roleLabel(member)}</Badge>
            <Badge color={suspended ? 'orange' : 'green'} variant="dot">
              {suspended ? 'Suspended' : 'Active'}
            </Badge>
          </Group>
        </Group>
        <Text size="sm">
          Two-factor: {member.two_factor ? 'on' : 'off'} · Last sign-in:{' '}
          {member.last_sign_in_at ? format.dateTime(member.last_sign_in_at) : 'Never'}
        </Text>
        {isSelf ? (
          <Text size="sm" c="dimmed">
            This is you: another admin changes your role or access.
          </Text>
        ) : (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label="Role"
              size="xs"
              w={160}
              data={ROLE_OPTIONS}
              value={String(member.role_code)}
              allowDeselect={false}
              disabled={member.role_code === 7789 || change.isPending}
              onChange={(v) => v && change.mutate(() => teamApi.changeRole(member.user_id, Number(v)))}
            />
            <Button
              size="xs"
              variant="light"
              color={suspended ? 'green' : 'orange'}
              onClick={() => change.mutate(() => teamApi.setSuspended(member.user_id, !suspended))}
            >
              {suspended ? 'Reinstate' : 'Suspend'}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => setConfirmRemove(true)}>
              Remove
            </Button>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setShowPermissions((s) => !s)}
              aria-expanded={showPermissions}
            >
              Permissions
            </Button>
          </Group>
        )}
        {showPermissions ? <PermissionsChecklist member={member} /> : null}
      </Stack>
      <Modal opened={confirmRemove} onClose={() => setConfirmRemove(false)} title={`Remove ${who}?`}>
        <Stack>
          <Text size="sm">
            {who} loses access to this organisation at once and is signed out here. Their account stays.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmRemove(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={change.isPending}
              onClick={() =>
                change.mutate(() => teamApi.remove(member.user_id), { onSettled: () => setConfirmRemove(false) })
              }
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
