// Custom JS of a campaign (docs/product/campaigns.md#custom-js): organisation admins only, saved on its
// own (not with the campaign's Save), audited by the server. It runs on the public pages only, never
// in this editor or its preview (decision 036).
import { CUSTOM_JS_MAX_LENGTH, ORGANISATION_SETTINGS_CODES } from '@kindling/contracts';
import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../../../app/api-client.ts';
import { useSession } from '../../../../session/index.ts';
import { effectiveRoleCode } from '../../../../shell/route-access.ts';
import { campaignKeys, type StaffCampaignResponse } from '../../api/campaigns.queries.ts';

type Props = { campaignId: number; saved: string; parentCampaignId: number | null };

export function CustomJsSection({ campaignId, saved, parentCampaignId }: Props) {
  const session = useSession();
  const role = effectiveRoleCode(session.role, session.roleName);
  const isAdmin = role !== null && (ORGANISATION_SETTINGS_CODES as readonly number[]).includes(role);
  const npoId = session.selectedNpo?.id ?? null;
  const queryClient = useQueryClient();
  const [script, setScript] = useState(saved);
  const save = useMutation({
    mutationFn: () =>
      api<StaffCampaignResponse>('PUT', `/npo_admin/campaigns/${campaignId}/custom_js`, {
        body: { custom_js: script },
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(campaignKeys.detail(npoId, campaignId), data);
      notifications.show({
        color: 'green',
        message: 'Script saved',
        closeButtonProps: { 'aria-label': 'Dismiss notification' },
      });
    },
  });
  if (parentCampaignId !== null) {
    return (
      <Text size="sm" c="dimmed">
        A fundraiser page runs the custom script of the campaign it raises for.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        Custom JavaScript
      </Title>
      {isAdmin ? null : (
        <Alert color="gray" icon={<Lock size={16} aria-hidden />}>
          Only organisation administrators can change the campaign’s script.
        </Alert>
      )}
      <Textarea
        label="Script"
        description="Runs on this campaign’s public page and its fundraisers’ pages once the form has loaded. It never runs in the dashboard or this preview. Every change is recorded in the audit log."
        value={script}
        onChange={(e) => setScript(e.currentTarget.value)}
        disabled={!isAdmin}
        rows={8}
        maxLength={CUSTOM_JS_MAX_LENGTH}
        error={save.error?.message}
        styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } }}
        spellCheck={false}
      />
      {isAdmin ? (
        <Group>
          <Button type="button" onClick={() => save.mutate()} loading={save.isPending} disabled={script === saved}>
            Save script
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
