import type { TPeerTeamPanel } from '@kindling/contracts';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import { teamApi, teamKeys, teamQueries } from '../api/teams.queries.ts';

/** The team of one of the fundraiser's pages: its progress and members, or joining and creating one. */
export function TeamPanel({ pageId, currency }: { pageId: number; currency: string }) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const panel = useQuery(teamQueries.panel(npoId, pageId));
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Your team
      </Title>
      {panel.data ? (
        panel.data.team ? (
          <TeamSummary panel={panel.data} pageId={pageId} currency={currency} />
        ) : !panel.data.team_fundraising ? (
          <Text size="sm" c="dimmed">
            This campaign does not take teams.
          </Text>
        ) : (
          <JoinOrCreate panel={panel.data} pageId={pageId} />
        )
      ) : panel.isError ? (
        <Text c="red.8">Your team could not be loaded.</Text>
      ) : (
        <Skeleton height={80} />
      )}
    </Stack>
  );
}

function useChange(pageId: number) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const client = useQueryClient();
  return (data: TPeerTeamPanel) => client.setQueryData(teamKeys.panel(npoId, pageId), data);
}

function TeamSummary({ panel, pageId, currency }: { panel: TPeerTeamPanel; pageId: number; currency: string }) {
  const format = useFormat();
  const set = useChange(pageId);
  const leave = useMutation({ mutationFn: () => teamApi.leave(pageId), onSuccess: set });
  const team = panel.team;
  if (!team) return null;
  return (
    <Stack gap="xs">
      <Text>
        <Anchor href={`/team-page/${team.team_url}`} target="_blank" fw={600}>
          {team.name}
        </Anchor>
        {panel.is_captain ? ' · you are the captain' : ` · captain ${team.captain}`}
      </Text>
      <Text size="sm">
        Raised {format.money(team.raised_minor, currency)}
        {team.goal_minor ? ` of ${format.money(team.goal_minor, currency)}` : ''} by {team.members.length}{' '}
        {team.members.length === 1 ? 'member' : 'members'}
      </Text>
      <List size="sm" aria-label="Team members">
        {team.members.map((m) => (
          <List.Item key={m.page_id}>
            {m.fundraiser || m.title}: {format.money(m.raised_minor, currency)}
          </List.Item>
        ))}
      </List>
      {panel.is_captain && (
        <Anchor component={Link} to={`/fundraising-team/${team.id}`} size="sm">
          Manage your team
        </Anchor>
      )}
      {!panel.is_captain && (
        <Group>
          <Button size="xs" variant="default" loading={leave.isPending} onClick={() => leave.mutate()}>
            Leave the team
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function JoinOrCreate({ panel, pageId }: { panel: TPeerTeamPanel; pageId: number }) {
  const set = useChange(pageId);
  const [teamId, setTeamId] = useState<string | null>(null);
  const [draft, setDraft] = useState({ name: '', team_url: '', goal: '' });
  const join = useMutation({ mutationFn: (id: number) => teamApi.join(pageId, id), onSuccess: set });
  const create = useMutation({
    mutationFn: () =>
      teamApi.create(pageId, {
        name: draft.name,
        team_url: draft.team_url,
        goal_minor: draft.goal === '' ? null : Math.round(Number(draft.goal) * 100),
      }),
    onSuccess: set,
  });
  const failed = describeFormError(create.error ?? join.error, 'The team could not be saved.');
  return (
    <Stack gap="sm">
      <Text size="sm">Raise more together: join a team of this campaign or start your own.</Text>
      {panel.joinable.length > 0 && (
        <Group align="flex-end">
          <Select
            label="Join a team"
            data={panel.joinable.map((t) => ({ value: String(t.id), label: `${t.name} (${t.members})` }))}
            value={teamId}
            onChange={setTeamId}
          />
          <Button disabled={!teamId} loading={join.isPending} onClick={() => teamId && join.mutate(Number(teamId))}>
            Join
          </Button>
        </Group>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="Team name"
            value={draft.name}
            error={failed.fields.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
          <TextInput
            label="Team address"
            description="/team-page/…"
            value={draft.team_url}
            error={failed.fields.team_url}
            onChange={(e) => setDraft({ ...draft, team_url: e.currentTarget.value })}
          />
          <NumberInput
            label="Team goal"
            min={1}
            value={draft.goal}
            onChange={(v) => setDraft({ ...draft, goal: String(v) })}
          />
          <Button type="submit" loading={create.isPending}>
            Create team
          </Button>
        </Group>
      </form>
      {failed.message && (create.isError || join.isError) && <Alert color="red">{failed.message}</Alert>}
    </Stack>
  );
}
