import { currencyExponent, type TPeerCaptainTeam } from '@kindling/contracts';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { toast } from '../../../shared/toast.ts';
import { RichTextBox, useRichTextEditor } from '../../../system/rich-text/index.ts';
import { InviteFundraiserModal } from '../../fundraisers/index.ts';
import { teamApi, teamKeys, teamQueries } from '../api/teams.queries.ts';

const ENTRY = pageEntry('/fundraising-team/:id') ?? {
  title: 'Fundraising team',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

/**
 * /fundraising-team/{id}: the captain's view of their team (docs/decisions/051-peer-teams-and-milestones.md):
 * progress, members with removal, invitations into the team, and the team's story and goal.
 */
export function FundraisingTeamPage() {
  const id = Number.parseInt(useParams().id ?? '', 10);
  const valid = Number.isSafeInteger(id) && id > 0;
  const npoId = useSession().selectedNpo?.id ?? null;
  const team = useQuery({ ...teamQueries.captain(npoId, id), enabled: valid });
  const missing = !valid || (team.error instanceof ApiError && team.error.status === 404);
  return (
    <PageFrame entry={ENTRY} heading={team.data?.name}>
      {missing ? (
        <Paper withBorder radius="md" p="lg" role="alert">
          <Title order={2} size="h4">
            Team not found
          </Title>
          <Text c="dimmed">Only a team’s captain manages it here.</Text>
        </Paper>
      ) : team.data ? (
        <TeamScreen team={team.data} />
      ) : team.isError ? (
        <Text c="red.8">Your team could not be loaded.</Text>
      ) : (
        <Skeleton height={240} />
      )}
    </PageFrame>
  );
}

function TeamScreen({ team }: { team: TPeerCaptainTeam }) {
  const format = useFormat();
  const [inviting, setInviting] = useState(false);
  const client = useQueryClient();
  const share = team.goal_minor ? Math.min(100, (team.raised_minor / team.goal_minor) * 100) : 0;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/peer-dashboard" size="sm">
        Back to my dashboard
      </Anchor>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap">
            <Text>
              <Anchor href={`/team-page/${team.team_url}`} target="_blank" fw={600}>
                /team-page/{team.team_url}
              </Anchor>{' '}
              for {team.campaign_name}
            </Text>
            {team.state === 'pending' ? <Badge color="yellow">Waiting for approval</Badge> : null}
          </Group>
          <Text fw={600} size="lg">
            {format.money(team.raised_minor, team.currency)}
            {team.goal_minor ? ` raised of ${format.money(team.goal_minor, team.currency)}` : ' raised'}
          </Text>
          {team.goal_minor ? <Progress value={share} aria-label="Progress to the team goal" /> : null}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Members
          </Title>
          <Button onClick={() => setInviting(true)}>Invite a fundraiser</Button>
        </Group>
        <MembersTable team={team} />
        {team.invitations.length > 0 ? (
          <Stack gap={4} mt="md">
            <Title order={3} size="h5">
              Invited, not joined yet
            </Title>
            {team.invitations.map((i) => (
              <Text size="sm" key={i.email}>
                {`${i.first_name} ${i.last_name}`.trim()} · {i.email}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Paper>
      <TeamForm team={team} />
      <InviteFundraiserModal
        campaign={inviting ? { id: team.campaign_id, name: team.campaign_name } : null}
        canChooseRole={false}
        team={{ id: team.id, name: team.name }}
        onClose={() => {
          setInviting(false);
          void client.invalidateQueries({ queryKey: teamKeys.all });
        }}
      />
    </Stack>
  );
}

function MembersTable({ team }: { team: TPeerCaptainTeam }) {
  const format = useFormat();
  const npoId = useSession().selectedNpo?.id ?? null;
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (pageId: number) => teamApi.removeMember(team.id, pageId),
    onSuccess: (data) => {
      client.setQueryData(teamKeys.captain(npoId, team.id), data);
      toast('green', 'The page left your team. Its gifts stay with it.');
    },
    onError: (error) => toast('red', describeFormError(error, 'The member could not be removed.').message ?? ''),
  });
  // A list, not a wide table: at 375 px each member's Remove button stays on screen beside the
  // name and total (docs/product/campaigns.md#teams).
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Team members">
      {team.members.map((m) => (
        <Group
          component="li"
          key={m.page_id}
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          py="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            <Anchor href={`/raise/${m.campaign_url}`} target="_blank" inherit>
              {m.fundraiser || m.title}
            </Anchor>
            {m.captain ? ' (captain)' : ''}
          </Text>
          <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
            {format.money(m.raised_minor, team.currency)}
          </Text>
          {m.captain ? (
            <Box w={72} aria-hidden />
          ) : (
            <Button
              size="xs"
              variant="default"
              w={72}
              px={0}
              aria-label={`Remove ${m.fundraiser || m.title} from the team`}
              loading={remove.isPending && remove.variables === m.page_id}
              onClick={() => remove.mutate(m.page_id)}
            >
              Remove
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}

function TeamForm({ team }: { team: TPeerCaptainTeam }) {
  const unit = 10 ** currencyExponent(team.currency);
  const client = useQueryClient();
  const [draft, setDraft] = useState({
    name: team.name,
    team_url: team.team_url,
    story: team.story,
    goal: team.goal_minor === null ? '' : team.goal_minor / unit,
  });
  // The app's rich-text editor; the server sanitises the story like a fundraiser's (decision 051).
  const editor = useRichTextEditor({
    html: team.story,
    editable: true,
    label: 'Team story',
    onChange: (story) => setDraft((d) => ({ ...d, story })),
    onReady: () => {},
  });
  const save = useMutation({
    mutationFn: () =>
      teamApi.edit(team.id, {
        name: draft.name,
        team_url: draft.team_url,
        story: draft.story,
        image_url: team.image_url,
        goal_minor: draft.goal === '' ? null : Math.round(Number(draft.goal) * unit),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: teamKeys.all });
      toast('green', 'Your team is saved.');
    },
  });
  const failed = describeFormError(save.error, 'The team could not be saved. Please try again.');
  return (
    <Paper withBorder radius="md" p="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            Team story and goal
          </Title>
          <FormAlert message={save.isError ? failed.message : null} />
          <TextInput
            label="Team name"
            required
            value={draft.name}
            error={failed.fields.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
          <TextInput
            label="Team address"
            description="/team-page/…"
            required
            value={draft.team_url}
            error={failed.fields.team_url}
            onChange={(e) => setDraft({ ...draft, team_url: e.currentTarget.value })}
          />
          <Stack gap={4}>
            <Text component="span" size="sm" fw={500} id="team-story-label">
              Team story
            </Text>
            <RichTextBox editor={editor} />
            {failed.fields.story ? (
              <Text size="xs" c="red.8">
                {failed.fields.story}
              </Text>
            ) : null}
          </Stack>
          <NumberInput
            label={`Team goal (${team.currency})`}
            min={1}
            value={draft.goal}
            error={failed.fields.goal_minor}
            onChange={(v) => setDraft({ ...draft, goal: v === '' ? '' : Number(v) })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save team
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
