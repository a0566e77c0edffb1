import {
  FUNDRAISER_ROLES,
  type TFundraiserResponse,
  type TFundraiserRole,
  type TTeamBoard,
  ZInviteFundraiser,
} from '@kindling/contracts';
import { Button, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../app/api-client.ts';
import { FormAlert } from '../../shared/FormAlert.tsx';
import { describeFormError } from '../../shared/form-errors.ts';

type Values = { first_name: string; last_name: string; email: string; role: TFundraiserRole; team: string | null };

const ROLE_LABELS: Record<TFundraiserRole, string> = { fundraiser: 'Fundraiser', leader: 'Team Leader' };
/** docs/product/campaigns.md#fundraisers: the form closes shortly after a successful invitation. */
const CLOSE_AFTER_MS = 100;

/** Every field's message from the contract's own rules, so the browser says what the server would. */
function validate(values: Values, campaignId: number): Partial<Record<keyof Values, string>> {
  const parsed = ZInviteFundraiser.safeParse({ ...values, campaign_id: campaignId });
  if (parsed.success) return {};
  const errors: Partial<Record<keyof Values, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Values;
    errors[key] ??= issue.message;
  }
  return errors;
}

type Props = {
  campaign: { id: number; name: string } | null;
  /** Staff may choose the role; others ask to fundraise themselves (docs/product/campaigns.md#fundraisers). */
  canChooseRole: boolean;
  onClose: () => void;
  /** A team the invited person's page joins (a captain's view): the spec's preselected-team sentence. */
  team?: { id: number; name: string } | null;
};

/**
 * The campaign's live teams when it takes teams (docs/decisions/070-team-fundraising-switch.md), from the
 * public team board; none when it does not, so the form shows no team picker.
 */
function useCampaignTeams(campaignId: number | null) {
  const board = useQuery({
    queryKey: ['invite-fundraiser', 'teams', campaignId],
    queryFn: () =>
      api<TTeamBoard>('GET', '/npo_admin/campaign_page/team_leaderboard', {
        query: { campaign_id: campaignId, limit: 50 },
      }),
    enabled: campaignId !== null,
  });
  return board.data?.team_fundraising ? board.data.teams : [];
}

/**
 * The invite-a-fundraiser form (docs/product/campaigns.md#fundraisers): POST /fundraiser. A preselected team (the
 * captain's view) is named in a sentence and sent as team_id; staff pick a team (or none) of a campaign that
 * takes teams, as spec 02's role and team pickers.
 */
export function InviteFundraiserModal({ campaign, canChooseRole, onClose, team = null }: Props) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { first_name: '', last_name: '', email: '', role: 'fundraiser', team: null },
    validate: (values) => validate(values, campaign?.id ?? 0),
  });
  const teams = useCampaignTeams(canChooseRole && team === null && campaign ? campaign.id : null);
  const invite = useMutation({
    mutationFn: ({ team: picked, ...values }: Values) =>
      api<TFundraiserResponse>('POST', '/fundraiser', {
        body: { ...values, campaign_id: campaign?.id, team_id: team?.id ?? (picked ? Number(picked) : null) },
      }),
    onSuccess: (answer, values) => {
      notifications.show({
        color: 'green',
        // A request for oneself is confirmed from the e-mail before it counts (decision 023).
        message: answer.confirmation_sent
          ? 'An invitation has been sent to your email'
          : `Invitation sent to ${values.email.trim()}`,
        autoClose: 5000,
      });
      setTimeout(close, CLOSE_AFTER_MS);
    },
    onError: (err) => {
      const { fields, message } = describeFormError(err, 'The invitation could not be sent. Please try again.');
      form.setErrors(fields);
      setError(message);
    },
  });
  const close = () => {
    form.reset();
    setError(null);
    invite.reset();
    onClose();
  };

  return (
    <Modal
      opened={campaign !== null}
      onClose={close}
      title="Invite a fundraiser"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setError(null);
          invite.mutate(values);
        })}
      >
        <Stack gap="md">
          <Text size="sm">
            They get an e-mail to join <strong>{campaign?.name}</strong> and raise funds on their own page.
          </Text>
          {team ? <Text size="sm">This fundraiser will be added to the {team.name} team.</Text> : null}
          <FormAlert message={error} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="First name" required autoComplete="off" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
          {teams.length > 0 ? (
            <Select
              label="Team"
              placeholder="No team"
              clearable
              data={teams.map((t) => ({ value: String(t.id), label: t.name }))}
              {...form.getInputProps('team')}
            />
          ) : null}
          {canChooseRole ? (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="invite-role-label">
                Role
              </Text>
              <SegmentedControl
                aria-labelledby="invite-role-label"
                data={FUNDRAISER_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))}
                {...form.getInputProps('role')}
              />
            </Stack>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? 'Sending...' : 'Send Invitation'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
