import type { TDonationDetail, TSandboxDisputeInput } from '@kindling/contracts';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useSession } from '../../../session/index.ts';
import { donationAdminKeys, simulateSandboxDispute } from '../api/donation-admin.queries.ts';

const DONE: Record<TSandboxDisputeInput['action'], string> = {
  open: 'The sandbox opened a dispute: the amount is withdrawn.',
  win: 'The sandbox decided the dispute for you: the amount is back.',
  lose: 'The sandbox decided the dispute for the donor: the amount stays gone.',
};

/**
 * Offline demos: what a donor's bank does at a real provider, for a gift paid through the sandbox.
 * Shown to staff who may refund; the server records it through the sandbox's signed webhook.
 */
export function SandboxDisputeButtons({ d }: { d: TDonationDetail }) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const queryClient = useQueryClient();
  const dispute = useMutation({
    mutationFn: (action: TSandboxDisputeInput['action']) => simulateSandboxDispute(d.id, action),
    onSuccess: (donation, action) => {
      queryClient.setQueryData(donationAdminKeys.donation(npoId, d.id), donation);
      void queryClient.invalidateQueries({ queryKey: donationAdminKeys.history(npoId, d.id) });
      notifications.show({ color: 'green', message: DONE[action] });
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  const open = d.disputes.some((x) => x.status === 'open');
  if (d.provider !== 'sandbox' || (d.status !== 'succeeded' && !open)) return null;
  // Plain buttons rather than a menu: what each does is visible at once, and on the keyboard.
  if (!open) {
    return (
      <Button
        variant="default"
        leftSection={<ShieldAlert size={16} aria-hidden />}
        loading={dispute.isPending}
        onClick={() => dispute.mutate('open')}
      >
        Sandbox: dispute this gift
      </Button>
    );
  }
  return (
    <Group gap="xs" role="group" aria-label="Decide the sandbox dispute">
      <Button variant="default" disabled={dispute.isPending} onClick={() => dispute.mutate('win')}>
        Sandbox: dispute won
      </Button>
      <Button variant="default" disabled={dispute.isPending} onClick={() => dispute.mutate('lose')}>
        Sandbox: dispute lost
      </Button>
    </Group>
  );
}
