import { currencyExponent, type TPeerSettings } from '@kindling/contracts';
import { Button, Checkbox, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { toast } from '../../../shared/toast.ts';
import { RichTextBox, useRichTextEditor } from '../../../system/rich-text/index.ts';
import { peerApi, peerKeys } from '../api/peer.queries.ts';

type Props = { campaignId: number; settings: TPeerSettings; currency: string; canEdit: boolean };

/** The campaign's P2P settings: self-registration, approval, and what a new page starts with. */
export function PeerSettingsForm({ campaignId, settings, currency, canEdit }: Props) {
  const client = useQueryClient();
  const unit = 10 ** currencyExponent(currency);
  const [draft, setDraft] = useState(settings);
  const [goal, setGoal] = useState<number | string>(
    settings.default_goal_minor === null ? '' : settings.default_goal_minor / unit,
  );
  // The default story in the same rich-text editor as a fundraiser's own story (docs/product/campaigns.md).
  const editor = useRichTextEditor({
    html: settings.default_story,
    editable: canEdit,
    label: 'Default story of a new page',
    onChange: (html) => setDraft((d) => ({ ...d, default_story: html })),
    onReady: () => {},
  });
  const save = useMutation({
    mutationFn: () =>
      peerApi.saveSettings(campaignId, {
        ...draft,
        default_goal_minor: goal === '' ? null : Math.round(Number(goal) * unit),
      }),
    onSuccess: () => {
      toast('green', 'Peer-to-peer settings saved.');
      void client.invalidateQueries({ queryKey: peerKeys.all });
    },
  });
  const error = save.isError ? describeFormError(save.error, 'The settings could not be saved.') : null;
  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            Peer-to-peer settings
          </Title>
          <FormAlert message={error?.message ?? null} />
          <Checkbox
            label="Supporters may sign up as fundraisers from the campaign page"
            checked={draft.self_registration}
            disabled={!canEdit}
            onChange={(e) => setDraft({ ...draft, self_registration: e.currentTarget.checked })}
          />
          <Checkbox
            label="New fundraiser pages wait for approval before they go live"
            checked={draft.approval_required}
            disabled={!canEdit}
            onChange={(e) => setDraft({ ...draft, approval_required: e.currentTarget.checked })}
          />
          <Checkbox
            label="Team fundraising: supporters may start and join teams"
            description="Off: no team choice is offered and nobody joins a team; existing teams keep their totals."
            checked={draft.team_fundraising}
            disabled={!canEdit}
            onChange={(e) => setDraft({ ...draft, team_fundraising: e.currentTarget.checked })}
          />
          <NumberInput
            label={`Default goal of a new page (${currency})`}
            min={1}
            decimalScale={2}
            value={goal}
            disabled={!canEdit}
            onChange={setGoal}
            error={error?.fields.default_goal_minor}
            maw={280}
          />
          <Stack gap={4}>
            <Text component="span" size="sm" fw={500}>
              Default story of a new page
            </Text>
            <Text size="xs" c="dimmed">
              A new fundraiser's page starts with this story; they can change it. It is cleaned when saved.
            </Text>
            <RichTextBox editor={editor} />
          </Stack>
          {canEdit && (
            <Button type="submit" loading={save.isPending} w="fit-content">
              Save settings
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
