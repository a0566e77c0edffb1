import { INVITABLE_ROLES, TEAM_ROLE_LABELS } from '@kindling/contracts';
import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { teamApi, teamKeys } from '../api/team.queries.ts';
import { toast } from '../toast.ts';

const ROLE_OPTIONS = INVITABLE_ROLES.map((code) => ({ value: String(code), label: TEAM_ROLE_LABELS[code] ?? '' }));

/** Invite by e-mail with a role; the server's field messages show under their fields. */
export function InviteForm() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string | null>('1984');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invite = useMutation({
    mutationFn: () => teamApi.invite({ email, role_code: Number(role) }),
    onSuccess: async (sent) => {
      toast('green', `Invitation sent to ${sent.email}.`);
      setEmail('');
      setErrors({});
      await client.invalidateQueries({ queryKey: teamKeys.of(npoId) });
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? (error.body?.fields ?? {}) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) toast('red', error.message, 'The invitation was not sent');
    },
  });
  return (
    <Paper withBorder radius="md" p="md">
      <form
        aria-label="Invite a colleague"
        onSubmit={(e) => {
          e.preventDefault();
          invite.mutate();
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="E-mail"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            style={{ flex: '1 1 220px' }}
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={role}
            onChange={setRole}
            allowDeselect={false}
            error={errors.role_code}
            w={160}
          />
          <Button type="submit" mt={25} loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
