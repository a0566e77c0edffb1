import type { TConsoleOrganisationDetail } from '@kindling/contracts';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormat } from '../../../shared/format.ts';
import { consoleKeys } from '../api/console.queries.ts';
import { resendOwnerInvitation } from '../api/console-growth.queries.ts';
import { ReasonDialog } from './ReasonDialog.tsx';

type Invitation = NonNullable<TConsoleOrganisationDetail['owner_invitation']>;

/**
 * The owner the console invited has not joined yet: when the link expires, and a new one on request
 * (docs/product/console.md#consoleorganizations-and-consoleorganizationsid).
 */
export function OwnerInvitation({ npoId, name, invitation }: { npoId: number; name: string; invitation: Invitation }) {
  const format = useFormat();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Alert color={invitation.live ? 'blue' : 'orange'} title="The owner has not joined yet">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">
          Invitation to {invitation.email}
          {invitation.live
            ? `: the link expires ${format.dateTime(invitation.expires_at)}.`
            : `: the link expired ${format.dateTime(invitation.expires_at)}.`}
        </Text>
        <Button variant="light" size="xs" onClick={() => setOpen(true)}>
          Resend invitation
        </Button>
      </Group>
      {sentTo ? (
        <Text size="sm" role="status" mt="xs">
          A new invitation was sent to {sentTo}. The previous link no longer works.
        </Text>
      ) : null}
      <ReasonDialog
        opened={open}
        title={`Resend the invitation to ${name}’s owner`}
        description="A new link, valid 7 days, goes to the owner’s address; the previous link stops working."
        confirmLabel="Resend invitation"
        onClose={() => setOpen(false)}
        onConfirm={async (reason) => {
          const sent = await resendOwnerInvitation(npoId, reason);
          setSentTo(sent.email);
          await queryClient.invalidateQueries({ queryKey: consoleKeys.organisation(npoId) });
        }}
      />
    </Alert>
  );
}
