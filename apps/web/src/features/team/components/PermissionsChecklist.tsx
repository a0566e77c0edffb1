import { PERMISSION_LABELS, PERMISSIONS, type TTeamMember } from '@kindling/contracts';
import { Alert, Button, Checkbox, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../session/index.ts';
import { teamApi, teamKeys, teamQueries } from '../api/team.queries.ts';
import { toast } from '../toast.ts';

/**
 * A member's permission set as a checklist (docs/product/team.md#permissions): only what the role
 * can hold is offered; "role default" marks what the role gives on its own.
 */
export function PermissionsChecklist({ member }: { member: TTeamMember }) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const query = useQuery(teamQueries.permissions(npoId, member.user_id));
  const [chosen, setChosen] = useState<string[] | null>(null);
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (permissions: string[]) => teamApi.setPermissions(member.user_id, permissions),
    onSuccess: async (res) => {
      client.setQueryData(teamKeys.permissions(npoId, member.user_id), res);
      setChosen(null);
      toast('green', `Permissions of ${member.name || member.email} saved.`);
      await client.invalidateQueries({ queryKey: teamKeys.of(npoId), exact: true });
    },
    onError: (error) => toast('red', error.message, 'Permissions were not saved'),
  });
  if (query.isPending) return <Skeleton height={120} aria-label="Loading permissions" />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="Permissions could not be loaded">
        {query.error.message}
      </Alert>
    );
  }
  const data = query.data.data;
  const current = chosen ?? data.permissions;
  const offered = PERMISSIONS.filter((p) => data.role_ceiling.includes(p));
  return (
    <Stack gap="xs">
      <Checkbox.Group label={`Permissions of ${member.name || member.email}`} value={current} onChange={setChosen}>
        <Stack gap={6} mt={6}>
          {offered.map((p) => (
            <Checkbox
              key={p}
              value={p}
              label={
                <Text size="sm" span>
                  {PERMISSION_LABELS[p]}{' '}
                  {data.role_defaults.includes(p) ? (
                    <Text span size="xs" c="dimmed">
                      (role default)
                    </Text>
                  ) : null}
                </Text>
              }
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group gap="xs">
        <Button size="xs" onClick={() => save.mutate(current)} loading={save.isPending} disabled={chosen === null}>
          Save permissions
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setChosen(data.role_defaults)}>
          Use role defaults
        </Button>
      </Group>
    </Stack>
  );
}
