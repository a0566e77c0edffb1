import type { TFundraiserResponse } from '@kindling/contracts';
import { Alert, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../../app/api-client.ts';
import { describeFormError } from '../../../shared/form-errors.ts';

type Props = { campaignId: number; teamId: number; teamName: string };

/**
 * The team page's Join the team (docs/decisions/067-team-pages-and-joining-at-sign-up.md): a
 * supporter asks to fundraise and names this team, or starts their own team of the campaign, in the
 * same step. Nothing happens until they follow the e-mailed link.
 */
export function JoinTeamForm({ campaignId, teamId, teamName }: Props) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<'join' | 'new'>('join');
  const ask = useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      // The CSRF cookie comes with the session check; a first visit may not have it yet.
      await api('GET', '/auth/config');
      return api<TFundraiserResponse>('POST', '/fundraiser', { body });
    },
  });
  const failed = describeFormError(ask.error, 'Your request could not be sent. Please try again.');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    ask.mutate({
      first_name: data.get('first_name'),
      last_name: data.get('last_name'),
      email: data.get('email'),
      campaign_id: campaignId,
      ...(choice === 'join' ? { team_id: teamId } : { new_team_name: data.get('new_team_name') }),
    });
  };
  if (ask.isSuccess) {
    return (
      <Alert color="green" title="Check your e-mail">
        We sent you a link. Follow it to confirm, then sign in to see your fundraising page.
      </Alert>
    );
  }
  if (!open) {
    return (
      <Button variant="light" onClick={() => setOpen(true)}>
        Join the team
      </Button>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-labelledby="join-team-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="join-team-title">
          Fundraise with us
        </Title>
        <Radio.Group label="Your page" value={choice} onChange={(value) => setChoice(value === 'new' ? 'new' : 'join')}>
          <Stack gap={6} mt={4}>
            <Radio value="join" label={`Join ${teamName}`} />
            <Radio value="new" label="Start a new team" />
          </Stack>
        </Radio.Group>
        {choice === 'new' && (
          <TextInput
            name="new_team_name"
            label="Team name"
            required
            maxLength={100}
            error={failed.fields.new_team_name}
          />
        )}
        <Group grow align="flex-start">
          <TextInput
            name="first_name"
            label="First name"
            required
            autoComplete="given-name"
            error={failed.fields.first_name}
          />
          <TextInput
            name="last_name"
            label="Last name"
            required
            autoComplete="family-name"
            error={failed.fields.last_name}
          />
        </Group>
        <TextInput name="email" type="email" label="Email" required autoComplete="email" error={failed.fields.email} />
        {ask.isError && (failed.fields.team_id || !Object.keys(failed.fields).length) && (
          <Alert color="red">{failed.fields.team_id ?? failed.message}</Alert>
        )}
        <Text size="sm" c="dimmed">
          We e-mail you a link to confirm; your page is made when you first sign in.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={ask.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
